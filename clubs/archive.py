"""Club archives: one club's rows as a JSON document, and the restore of such a document.

Why a club archive rather than a database dump: every row belongs to one club, so a
club can be saved on its own, and brought back after its rows were deleted by mistake or moved to
another deployment, while the other clubs carry on. Django's serialization framework writes and
reads the rows, so an archive follows the models as they grow. Each app names its models that make
up a club, parents first, in its part (``clubs.parts``: this module names no app above clubs), and
a test fails when a model that reaches the club is missing.

Primary keys are kept: a table token carries its match id, and tournaments keep entrant ids inside
their JSON (tables, byes, results, standings, brackets). So a restore goes only into a database where
those ids are free, and otherwise refuses, naming them; it never renumbers and never overwrites.

Players and user accounts are shared between clubs: the archive carries those the club's rows point
to. Accounts travel by username (their natural key) with their password hash, so organizers can sign
in after a restore; an account whose username exists already is linked and left as it is. A player
whose id is taken by a player of the same name is linked; by another name, the restore refuses.

Version 2 names the club's own rows ``clubs.*``; a version 1 archive, written while they were
``scoring.*``, is read as if written today. A row whose data has changed shape since its archive
was written (a tournament table's English title, now data) is read by its app as it is stored
today (``ClubPart.archived``).

The restore's writes are a service (``clubs.services.archive``); this module writes the archive and
reads and checks one.

What this module does not do: site-wide rows (groups, permissions, API tokens, sessions, the admin
log) and merging an archive into a club that exists.
"""

from __future__ import annotations

import datetime
import json
import operator
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import reduce
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, models, transaction
from django.utils import timezone

from clubs.models import Club, Player
from clubs.parts import archived_fields, club_rows

FORMAT = "tablescore-club-archive"
VERSION = 2
#: The models that moved from the scoring app to the clubs app after version 1: old label → new.
MOVED_IN_VERSION_2 = {
    f"scoring.{model}": f"clubs.{model}" for model in ("club", "player", "membership", "staffrole")
}
CLUB = "clubs.club"
PLAYER = "clubs.player"
#: What of an account travels: groups and permissions belong to the site, not to the club.
USER_FIELDS = (
    "username",
    "password",
    "first_name",
    "last_name",
    "email",
    "is_staff",
    "is_active",
    "is_superuser",
    "last_login",
    "date_joined",
)


class ArchiveError(Exception):
    """An archive that cannot be written or restored; the message tells the operator why."""


@dataclass(frozen=True)
class Restored:
    """What a restore did: rows created per model, and existing shared rows linked instead."""

    club: Club
    created: dict[str, int]
    linked: dict[str, int]


def user_label() -> str:
    """The model label of accounts (``auth.user`` unless the site swaps it)."""
    return get_user_model()._meta.label_lower


def archived_models() -> list[type[models.Model]]:
    """Every model an archive holds rows of, in restore order."""
    labels = [user_label(), PLAYER, *(label for label, _ in club_rows())]
    return [apps.get_model(label) for label in labels]


# -- export -------------------------------------------------------------------------------------


def export_club(slug: str) -> dict[str, Any]:
    """The archive document of club ``slug``, read from one snapshot of the database."""
    with snapshot():
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise ArchiveError(f"there is no club {slug!r} in this database")
        owned = [
            apps.get_model(label)._default_manager.filter(**{path: club.pk}).order_by("pk")
            for label, path in club_rows()
        ]
        players = Player.objects.filter(_pointed_at(owned, Player)).order_by("pk")
        user_model = get_user_model()
        users = user_model._default_manager.filter(_pointed_at([*owned, players], user_model)).order_by("pk")
        objects: list[dict[str, Any]] = [
            *serializers.serialize("python", users, fields=USER_FIELDS, use_natural_primary_keys=True),
            *serializers.serialize("python", players, use_natural_foreign_keys=True),
        ]
        for rows in owned:
            objects += serializers.serialize("python", rows, use_natural_foreign_keys=True)
    counts = dict.fromkeys((model._meta.label_lower for model in archived_models()), 0)
    counts.update(Counter(obj["model"] for obj in objects))
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "club": club.slug,
        "counts": counts,
        "objects": objects,
    }


@contextmanager
def snapshot(*, read_only: bool = True) -> Iterator[None]:
    """One snapshot for every read: the club may be playing while it is exported, and an archive
    with a deal version but not its deal could not be restored. PostgreSQL's default isolation
    takes a new snapshot per statement, so ask for one per transaction (unless the caller already
    opened the transaction, and with it chose its isolation). SQLite reads under one lock anyway.
    An evening's export (``clubs.travel.journey``) writes its travel record: not read-only."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ" + (", READ ONLY" if read_only else "")
                )
        yield


def _pointed_at(querysets: Iterable[models.QuerySet[Any]], target: type[models.Model]) -> models.Q:
    """Rows of ``target`` that a row of ``querysets`` points to, by any foreign key or many-to-many."""
    conditions = [
        models.Q(pk__in=rows.values(field.name))
        for rows in querysets
        for field in [*rows.model._meta.concrete_fields, *rows.model._meta.many_to_many]
        if field.is_relation and field.related_model is target
    ]
    return reduce(operator.or_, conditions, models.Q(pk__in=[]))


class _Encoder(DjangoJSONEncoder):
    """Django's encoder, but timestamps keep their microseconds (it rounds to milliseconds)."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime):
            return o.isoformat()
        return super().default(o)


def dumps(document: dict[str, Any]) -> str:
    """The archive as text (UTF-8 JSON)."""
    return json.dumps(document, cls=_Encoder, ensure_ascii=False, indent=1)


# -- import -------------------------------------------------------------------------------------


def loads(text: str) -> Any:
    """The document in ``text``; an :class:`ArchiveError` when it is not JSON at all."""
    try:
        return json.loads(text)
    except ValueError as error:
        raise ArchiveError(f"this is not a Tablescore club archive: it is not JSON ({error})") from None


def checked_objects(document: Any) -> list[dict[str, Any]]:
    """The archive's objects, once its header and the shape of each object are as written, each
    read as its app stores it today."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ArchiveError(f'this is not a Tablescore club archive (no "format": "{FORMAT}" in its header)')
    if document.get("version") not in (1, VERSION):
        raise ArchiveError(
            f"archive version {document.get('version')!r} is not supported: this Tablescore reads "
            f"versions 1 to {VERSION}"
        )
    slug, counts, objects = document.get("club"), document.get("counts"), document.get("objects")
    if not isinstance(slug, str) or not isinstance(counts, dict) or not isinstance(objects, list):
        raise ArchiveError('the archive\'s header is incomplete: it needs "club", "counts" and "objects"')
    if document["version"] == 1:
        counts, objects = _as_version_2(counts, objects)
    known = {model._meta.label_lower for model in archived_models()}
    keyed = known - {user_label()}  # accounts travel by username, every other row by its id
    found: Counter[str] = Counter()
    for index, obj in enumerate(objects):
        label = obj.get("model") if isinstance(obj, dict) else None
        if label not in known or not isinstance(obj.get("fields"), dict):
            raise ArchiveError(f"object {index} of the archive is not a row of a club (model {label!r})")
        if label in keyed and (type(obj.get("pk")) is not int):
            raise ArchiveError(f"object {index} of the archive ({label}) has no integer id")
        found[label] += 1
    for label in sorted(known | set(counts)):
        if found[label] != counts.get(label, 0):
            raise ArchiveError(
                f"the archive's header counts {counts.get(label, 0)} rows of {label} but it holds "
                f"{found[label]}: the file is incomplete or was edited"
            )
    clubs = [obj for obj in objects if obj["model"] == CLUB]
    if len(clubs) != 1 or clubs[0]["fields"].get("slug") != slug:
        raise ArchiveError(f"the archive's header names club {slug!r} but its rows are not that one club")
    for index, obj in enumerate(objects):
        if "club" in obj["fields"] and obj["fields"]["club"] != clubs[0]["pk"]:
            raise ArchiveError(f"object {index} of the archive ({obj['model']}) belongs to another club")
    return [{**obj, "fields": archived_fields(obj["model"], obj["fields"])} for obj in objects]


def _as_version_2(counts: dict[str, Any], objects: list[Any]) -> tuple[dict[str, Any], list[Any]]:
    """A version 1 archive's counts and objects with the moved models' labels of today."""

    def renamed(label: Any) -> Any:
        return MOVED_IN_VERSION_2.get(label, label) if isinstance(label, str) else label

    moved = [{**obj, "model": renamed(obj.get("model"))} if isinstance(obj, dict) else obj for obj in objects]
    return {renamed(label): count for label, count in counts.items()}, moved
