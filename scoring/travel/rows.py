"""A match's rows in an evening file, and back: the match, its deals and every version of them, its
audit trail, its double-blind ledgers, its conflicting entries and the tables' requests to correct a
deal (open or settled).

The rows name each other by the file's own ids (1, 2, 3... in the order the caller gives the
matches, then by deal number, version, time), so the same evening gives the same file on any site;
on import every id is remapped, the ``conflict`` an audit event's detail names included, and an id
the file does not hold refuses the file. The import's writes are services
(``scoring.services.travel``); this module reads and checks the file's rows. What stays behind: the
table links' secrets (an imported match gets a new link: the phones of one room talk to one server),
the accounts that made a write (their name stays in ``actor_label``), the idempotency records
(answers already given to phones of the other site, naming its ids) and the table's last contact.

Each match's content is cut into parts for ``clubs.travel.lineage``: the match (its result, its
trail, its ledgers) and each deal (its versions and their audit events).

A tournament table's title travels as data (``title_parts``) and a closed result's round as its
number. A file written before they were data (issue #24) holds their English ("Spring cup · round 2,
table 3", "round 2"): it is read into data on import as the migration read the database
(``scoring/old_titles.py``), and the parts are hashed as the rows were written then, so that its
fingerprint still holds and the copy made from it gives the same one.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext

from clubs.travel.envelope import EveningFileError, section
from clubs.travel.lineage import part_hash
from scoring.models import AuditEvent, BlindEntry, CorrectionRequest, Deal, DealConflict, DealVersion, Match
from scoring.old_titles import CLOSING_ACTIONS, written_closed, written_match

SECTIONS = ("matches", "deals", "versions", "audit", "blind_entries", "conflicts", "correction_requests")
MATCH_FIELDS = (
    *("game_key", "title", "title_parts", "preset", "options", "sides", "seats", "deal_limit"),
    *("status", "state", "winner", "deal_count", "table_link_revoked", "result_status", "confirmation"),
    "result_detail",
)
#: Derived from the deals, so not part of what makes two copies differ.
DERIVED = ("state",)
DEAL_FIELDS = ("number", "version", "voided")
VERSION_FIELDS = ("version", "entry", "voided", "reason", "source", "actor_label", "actor_ip")
AUDIT_FIELDS = ("action", "deal_number", "version", "actor_label", "actor_ip", "detail")
BLIND_FIELDS = ("side", "number", "entry", "actor_label", "actor_ip")
CONFLICT_FIELDS = ("number", "entry", "fingerprint", "source", "actor_label", "actor_ip")
CONFLICT_FIELDS_LATER = ("resolution", "resolved_by")
REQUEST_FIELDS = (
    *("deal_number", "reason", "side", "actor_label", "actor_ip"),
    *("status", "settled_by", "settled_reason"),
)
#: The audit detail key that names a conflict by its id.
CONFLICT_KEY = "conflict"


def stamp(when: datetime.datetime | None) -> str | None:
    """A time as the file writes it: ISO 8601 in UTC, to the microsecond."""
    return None if when is None else when.astimezone(datetime.UTC).isoformat()


def unstamp(text: Any) -> datetime.datetime | None:
    """A time the file wrote, or ``None``; refused when it is not one."""
    if text is None:
        return None
    try:
        when = datetime.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        raise EveningFileError(
            gettext("The evening file holds a time that is not one: %(value)r.") % {"value": text}
        ) from None
    return when if timezone.is_aware(when) else timezone.make_aware(when, datetime.UTC)


def moment(text: Any) -> datetime.datetime:
    """A time the file must give."""
    found = unstamp(text)
    if found is None:
        raise EveningFileError(gettext("A row of the evening file has no time."))
    return found


def copied(obj: Any, names: Sequence[str], times: Sequence[str] = ()) -> dict[str, Any]:
    """The named fields of a row as the file writes them."""
    return {
        **{name: getattr(obj, name) for name in names},
        **{name: stamp(getattr(obj, name)) for name in times},
    }


class Ids:
    """The file's ids of one kind of row, mapped to this database's rows as they are created."""

    def __init__(self, kind: Any) -> None:
        self.kind = kind
        self.rows: dict[int, Any] = {}

    def add(self, local: Any, row: Any) -> None:
        if type(local) is not int or local in self.rows:
            raise EveningFileError(
                gettext("The evening file gives two rows the same id, or a row no id (%(kind)s: %(id)s).")
                % {"id": local, "kind": self.kind}
            )
        self.rows[local] = row

    def __getitem__(self, local: Any) -> Any:
        if type(local) is not int or local not in self.rows:
            raise EveningFileError(
                gettext("The evening file refers to a row it does not hold (%(kind)s: %(id)s).")
                % {"kind": self.kind, "id": local}
            )
        return self.rows[local]

    def pk(self, local: Any) -> int:
        return int(self[local].pk)


# -- export -------------------------------------------------------------------------------------


def match_sections(
    matches: Sequence[Match], extra: Callable[[Match], dict[str, Any]] | None = None
) -> dict[str, list[dict[str, Any]]]:
    """The rows of ``matches`` (in that order) with the file's ids; ``extra`` adds the caller's
    fields to each match (its table and place in a series)."""
    local = {match.pk: index for index, match in enumerate(matches, 1)}
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in SECTIONS}
    for match in matches:
        out["matches"].append(
            {
                "id": local[match.pk],
                **copied(match, MATCH_FIELDS, ("result_at", "created_at")),
                "rematch_of": local.get(match.rematch_of_id) if match.rematch_of_id else None,
                **(extra(match) if extra else {}),
            }
        )
    deals = sorted(Deal.objects.filter(match_id__in=local), key=lambda d: (local[d.match_id], d.number))
    deal_ids = {deal.pk: index for index, deal in enumerate(deals, 1)}
    out["deals"] = [
        {"id": deal_ids[d.pk], "match": local[d.match_id], **copied(d, DEAL_FIELDS)} for d in deals
    ]
    versions = sorted(
        DealVersion.objects.filter(deal_id__in=deal_ids), key=lambda v: (deal_ids[v.deal_id], v.version)
    )
    out["versions"] = [
        {"deal": deal_ids[v.deal_id], **copied(v, VERSION_FIELDS, ("created_at",))} for v in versions
    ]
    conflicts = sorted(
        DealConflict.objects.filter(match_id__in=local), key=lambda c: (local[c.match_id], c.created_at, c.pk)
    )
    conflict_ids = {c.pk: index for index, c in enumerate(conflicts, 1)}
    out["conflicts"] = [
        {
            "id": conflict_ids[c.pk],
            "match": local[c.match_id],
            **copied(c, CONFLICT_FIELDS + CONFLICT_FIELDS_LATER, ("created_at", "resolved_at")),
        }
        for c in conflicts
    ]
    events = sorted(
        AuditEvent.objects.filter(match_id__in=local),
        key=lambda e: (local[e.match_id or 0], e.created_at, e.pk),
    )
    out["audit"] = [audit_row(e, match=local[e.match_id or 0], conflicts=conflict_ids) for e in events]
    blind = sorted(
        BlindEntry.objects.filter(match_id__in=local), key=lambda b: (local[b.match_id], b.side, b.number)
    )
    out["blind_entries"] = [
        {"match": local[b.match_id], **copied(b, BLIND_FIELDS, ("created_at",))} for b in blind
    ]
    requests = sorted(
        CorrectionRequest.objects.filter(match_id__in=local),
        key=lambda r: (local[r.match_id], r.created_at, r.pk),
    )
    out["correction_requests"] = [
        {"match": local[r.match_id], **copied(r, REQUEST_FIELDS, ("created_at", "settled_at"))}
        for r in requests
    ]
    return out


def audit_row(
    event: AuditEvent, *, match: int | None, conflicts: dict[int, int], place: str = ""
) -> dict[str, Any]:
    """An audit event as the file writes it: its match (or place) and the conflict its detail
    names by the file's ids."""
    detail = dict(event.detail or {})
    if CONFLICT_KEY in detail and detail[CONFLICT_KEY] in conflicts:
        detail[CONFLICT_KEY] = conflicts[detail[CONFLICT_KEY]]
    elif CONFLICT_KEY in detail:
        detail[CONFLICT_KEY] = None  # a conflict of another match: not in the file
    return {"match": match, "place": place, **copied(event, AUDIT_FIELDS, ("created_at",)), "detail": detail}


# -- parts --------------------------------------------------------------------------------------


def match_parts(rows: dict[str, Any]) -> dict[Any, dict[str, str]]:
    """Each match's parts (by the file's match id): ``match`` and ``deal:N`` → their hash."""
    content: dict[Any, dict[str, list[Any]]] = {}
    for match in section(rows, "matches"):
        kept = {k: v for k, v in written_match(match).items() if k not in DERIVED}
        content[match.get("id")] = {"match": [kept]}
    deal_key: dict[Any, tuple[Any, str]] = {}
    for deal in section(rows, "deals"):
        key = (deal.get("match"), f"deal:{deal.get('number')}")
        deal_key[deal.get("id")] = key
        _part(content, key).append({k: v for k, v in deal.items() if k != "id"})
    for version in section(rows, "versions"):
        _part(content, deal_key.get(version.get("deal"), (None, "deal:?"))).append(version)
    for event in section(rows, "audit"):
        number = event.get("deal_number")
        if event.get("action") in CLOSING_ACTIONS:
            event = {**event, "detail": written_closed(event.get("detail"))}
        _part(content, (event.get("match"), f"deal:{number}" if number else "match")).append(event)
    for name in ("blind_entries", "conflicts", "correction_requests"):
        for row in section(rows, name):
            _part(content, (row.get("match"), "match")).append({name: row})
    return {
        match: {key: part_hash(value) for key, value in parts.items()} for match, parts in content.items()
    }


def _part(content: dict[Any, dict[str, list[Any]]], key: tuple[Any, str]) -> list[Any]:
    return content.setdefault(key[0], {}).setdefault(key[1], [])
