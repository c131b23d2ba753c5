"""The writes of a match's arrival from an evening file (``clubs.travel.journey``): its rows
created from the file (``load_matches``, ``load_audit``), the rows an import writes again deleted
first (``clear_matches``), and the match given the file's identity (``match_public_id_set``).

The file's rows are read and checked by ``scoring.travel.rows``; the tournament's loader
(``tournaments.services.travel``) writes a tournament's matches through these. Unlike the other
scoring writes, they make no audit event of their own and bump no revision but the match's when it
is written over: the trail is part of the file, and the match here must read back exactly as the
file (its fingerprint). The arrival holds the rows' locks and its one transaction.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Any

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.travel.envelope import EveningFileError, section
from scoring.models import AuditEvent, BlindEntry, CorrectionRequest, Deal, DealConflict, DealVersion, Match
from scoring.old_titles import CLOSING_ACTIONS, parsed_closed, parsed_match
from scoring.titles import TitleParts
from scoring.travel.rows import (
    AUDIT_FIELDS,
    BLIND_FIELDS,
    CONFLICT_FIELDS,
    CONFLICT_FIELDS_LATER,
    CONFLICT_KEY,
    DEAL_FIELDS,
    MATCH_FIELDS,
    REQUEST_FIELDS,
    VERSION_FIELDS,
    Ids,
    moment,
    unstamp,
)


def match_public_id_set(*, match: Match, public_id: uuid.UUID) -> Match:
    """Give ``match`` the identity ``public_id`` (in one ``UPDATE``, no other column touched) and
    read it back from the database: the match as it now is."""
    Match.objects.filter(pk=match.pk).update(public_id=public_id)
    match.refresh_from_db()
    return match


def insert(row: Any) -> Any:
    """Save a new row with the times the file gave (``raw``: no ``auto_now`` overrides them)."""
    # Choices, lengths and numbers are checked; relations are the loader's, and a JSON field's
    # empty value ({} or []) is a value here, not a blank.
    unchecked = [f.name for f in row._meta.fields if f.is_relation or isinstance(f, models.JSONField)]
    row.full_clean(validate_unique=False, validate_constraints=False, exclude=unchecked)
    row.save_base(raw=True, force_insert=True)
    return row


def load_matches(
    rows: dict[str, Any],
    *,
    club_id: int,
    announce: bool,
    into: Match | None = None,
) -> Ids:
    """Create the file's matches and their rows in club ``club_id`` (or, with ``into``, write the
    file's only match over that one, keeping its id and link); the file's match ids → matches."""
    matches, deals, conflicts = Ids(_("matches")), Ids(_("deals")), Ids(_("conflicts"))
    now = timezone.now()

    def of_match(model: type[models.Model], row: dict[str, Any], fields: Sequence[str], **more: Any) -> Any:
        """The file's ``row`` inserted as a ``model`` row of its match, ``fields`` as written."""
        own = {name: row[name] for name in fields}
        match_id = matches.pk(row.get("match"))
        return insert(
            model(club_id=club_id, match_id=match_id, **own, created_at=moment(row["created_at"]), **more)
        )

    for row in section(rows, "matches"):
        if "title_parts" not in row:  # written before titles were data
            row = parsed_match(row)
        TitleParts.of(row["title_parts"])  # parts that say a title, or the file is refused
        values = {name: row[name] for name in MATCH_FIELDS}
        times = {"result_at": unstamp(row.get("result_at")), "created_at": moment(row["created_at"])}
        if into is not None:
            for name, value in {**values, **times}.items():
                setattr(into, name, value)
            into.revision += 1
            into.save()
            matches.add(row.get("id"), into)
            continue
        match = Match(
            club_id=club_id, **values, **times, announce_changes=announce, revision=1, updated_at=now
        )
        matches.add(row.get("id"), insert(match))
    for row in section(rows, "matches"):
        if row.get("rematch_of") is not None:
            Match.objects.filter(pk=matches.pk(row["id"])).update(rematch_of_id=matches.pk(row["rematch_of"]))
    for row in section(rows, "deals"):
        deal = Deal(
            club_id=club_id, match_id=matches.pk(row.get("match")), **{n: row[n] for n in DEAL_FIELDS}
        )
        deals.add(row.get("id"), insert(deal))
    for row in section(rows, "versions"):
        insert(
            DealVersion(
                club_id=club_id,
                deal_id=deals.pk(row.get("deal")),
                **{n: row[n] for n in VERSION_FIELDS},
                created_at=moment(row["created_at"]),
            )
        )
    for row in section(rows, "conflicts"):
        more = {"resolved_at": unstamp(row.get("resolved_at"))}
        conflicts.add(
            row.get("id"), of_match(DealConflict, row, CONFLICT_FIELDS + CONFLICT_FIELDS_LATER, **more)
        )
    for row in section(rows, "blind_entries"):
        of_match(BlindEntry, row, BLIND_FIELDS)
    for row in section(rows, "correction_requests"):
        of_match(CorrectionRequest, row, REQUEST_FIELDS, settled_at=unstamp(row.get("settled_at")))
    load_audit(section(rows, "audit"), club_id=club_id, matches=matches, conflicts=conflicts)
    return matches


def load_audit(
    events: list[dict[str, Any]],
    *,
    club_id: int,
    matches: Ids,
    conflicts: Ids | None = None,
    place: Callable[[str], str] | None = None,
) -> None:
    """Create the file's audit events: each of a match of the file, or (``place``) of a place the
    caller remaps."""
    for row in events:
        detail = (
            parsed_closed(row.get("detail")) if row.get("action") in CLOSING_ACTIONS else row.get("detail")
        )
        if not isinstance(detail, dict):
            raise EveningFileError(gettext("An audit event of the evening file has no detail."))
        if detail.get(CONFLICT_KEY) is not None:
            detail = {**detail, CONFLICT_KEY: (conflicts or Ids(_("conflicts"))).pk(detail[CONFLICT_KEY])}
        where = row.get("place") or ""
        insert(
            AuditEvent(
                club_id=club_id,
                match_id=matches.pk(row.get("match")) if row.get("match") is not None else None,
                place=place(where) if where and place else "",
                **{n: row[n] for n in AUDIT_FIELDS if n != "detail"},
                detail=detail,
                created_at=moment(row["created_at"]),
            )
        )
        if not where and row.get("match") is None:
            raise EveningFileError(gettext("An audit event of the evening file belongs to no match."))


def clear_matches(pks: Sequence[int]) -> None:
    """Delete the rows of these matches that an import writes again (the matches stay)."""
    for model in (AuditEvent, BlindEntry, DealConflict, CorrectionRequest, Deal):
        model.objects.filter(match_id__in=pks).delete()
