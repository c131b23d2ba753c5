"""The restore of a club archive (``clubs.archive``): the club's rows created in this database in one
transaction, keeping every id, or nothing at all.

It refuses, naming them, ids this database already uses (a table link carries its match id, and
tournaments keep entrant ids in their JSON, so ids are never renumbered), saves the rows in archive
order (accounts and players already here are linked, not changed), checks the foreign keys, and
moves each id sequence past the ids just written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from django.apps import apps
from django.core import serializers
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.db import IntegrityError, connection, models, transaction

from clubs.archive import PLAYER, ArchiveError, Restored, archived_models, checked_objects, user_label
from clubs.models import Club, Player
from clubs.parts import club_rows

_CHUNK = 500  # ids per IN (...) query: SQLite caps the number of parameters


def club_import(document: Any) -> Restored:
    """Create the archived club in this database, in one transaction, keeping every id."""
    objects = checked_objects(document)
    slug = document["club"]
    if Club.objects.filter(slug=slug).exists():
        raise ArchiveError(
            f"club {slug!r} is already in this database: a restore only creates a club "
            "(delete that club first, or restore into another database)"
        )
    try:
        with transaction.atomic():
            _refuse_taken_ids(objects)
            created, linked = _load(objects)
            _reset_sequences()
    except (DeserializationError, FieldDoesNotExist, ValidationError, IntegrityError) as error:
        raise ArchiveError(f"the archive could not be restored, nothing was changed: {error}") from error
    return Restored(club=Club.objects.get(slug=slug), created=created, linked=linked)


def _refuse_taken_ids(objects: list[dict[str, Any]]) -> None:
    """Refuse, naming them, ids this database already uses for other rows."""
    taken: list[str] = []
    for label, _ in club_rows():
        model = apps.get_model(label)
        wanted = [obj["pk"] for obj in objects if obj["model"] == label]
        used = sorted(pk for chunk in _chunks(wanted) for pk in _existing(model, chunk))
        if used:
            more = f" and {len(used) - 5} more" if len(used) > 5 else ""
            taken.append(f"{label} {', '.join(map(str, used[:5]))}{more}")
    names = {obj["pk"]: obj["fields"].get("name") for obj in objects if obj["model"] == PLAYER}
    for chunk in _chunks(list(names)):
        for pk, name in Player.objects.filter(pk__in=chunk).values_list("pk", "name"):
            if name != names[pk]:
                taken.append(f"player {pk} is {name!r} here but {names[pk]!r} in the archive")
    if taken:
        raise ArchiveError(
            "this database already uses ids the club's rows keep (table links and tournaments refer "
            f"to them): {'; '.join(taken)}. Restore into a database without them, such as a new one "
            "or the one the club was deleted from."
        )


def _chunks(values: list[Any]) -> Iterator[list[Any]]:
    for start in range(0, len(values), _CHUNK):
        yield values[start : start + _CHUNK]


def _existing(model: type[models.Model], pks: list[Any]) -> list[Any]:
    return list(model._default_manager.filter(pk__in=pks).values_list("pk", flat=True))


def _load(objects: list[dict[str, Any]]) -> tuple[dict[str, int], dict[str, int]]:
    """Save the rows in archive order, counting them per model (created, linked): accounts and
    players already here are linked, not changed."""
    created: Counter[str] = Counter()
    linked: Counter[str] = Counter()
    # The deserializer is lazy: each account is saved before a later row names it by username.
    for item in serializers.deserialize("python", objects):
        instance = item.object
        label = instance._meta.label_lower
        if label == user_label() and instance.pk is not None:
            linked[label] += 1  # found by its username
        elif label == PLAYER and Player.objects.filter(pk=instance.pk).exists():
            linked[label] += 1  # same id and name: checked before
        else:
            item.save(force_insert=True)
            created[label] += 1
    tables = [
        table
        for model in archived_models()
        for table in [model._meta.db_table, *(f.m2m_db_table() for f in model._meta.many_to_many)]
    ]
    connection.check_constraints(table_names=tables)
    return dict(created), dict(linked)


def _reset_sequences() -> None:
    """Move each id sequence past the ids just written, so the next row gets a fresh one."""
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), archived_models()):
            cursor.execute(statement)
