"""What every scoring write shares: the match row lock, the audit event, the stored state and the
announcement after commit."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.access import Actor
from clubs.errors import InvalidEntry, NotFound
from games import GameError, MatchState
from scoring import signals
from scoring.game_texts import game_text
from scoring.models import AuditAction, AuditEvent, Match, MatchStatus
from scoring.services.locked_read import locked_columns

#: A live deal's stable number and current version, in the order the match replays them.
DealRef = tuple[int, int]

#: The columns a deal write reads and the answer shows (``scoring/documents.py``), the club's slug
#: and where the result stands (``scoring/services/lifecycle.py``) included. The cached state, the
#: biggest column, is left out: a correction or a void replays; an append reads it to resume.
DEAL_WRITE_COLUMNS = (
    "club__slug",
    "game_key",
    "title",
    "title_parts",
    "options",
    "sides",
    "seats",
    "deal_limit",
    "status",
    "revision",
    "announce_changes",
    "confirmation",
    "result_status",
    "result_detail",
    "result_at",
)


def game_error(error: GameError) -> InvalidEntry:
    """The game's refusal as the services' error, naming the field and the deal, its rule in the
    active language (``scoring/game_texts.py``) and its stable ``code`` (the same in every language)."""
    extra: dict[str, Any] = {} if error.deal is None else {"deal": error.deal}
    refusal = InvalidEntry(game_text(error.rule), error.field, code=error.code, **extra)
    refusal.words = error.rule
    return refusal


def locked_match(match_id: int, *, with_state: bool = False, columns: tuple[str, ...] = ()) -> Match:
    """The match row, locked until the transaction ends. Only the match's own row: a plain
    ``select_related`` would lock its club's row too and serialize every table of the club. The
    cached state is left out unless asked for (writes recompute it); ``columns`` reads only
    those (``DEAL_WRITE_COLUMNS``), by the statement ``scoring/services/locked_read.py`` writes
    once: the deal writes' path, where composing the query cost more than running it."""
    if columns:
        return locked_columns(match_id, columns)
    rows = Match.objects.select_for_update(of=("self",)).select_related("club")
    if not with_state:
        rows = rows.defer("state", "snapshot")
    try:
        return rows.get(pk=match_id)
    except Match.DoesNotExist:
        raise NotFound(_("no such match")) from None


#: The keys ``state_document`` adds to each deal of the game's document: its stable number and
#: current version.
REF_KEYS = ("deal_number", "version")


def state_document(state: MatchState[Any], live: list[DealRef]) -> dict[str, Any]:
    """The replay's document, each deal annotated with its stable number and current version."""
    doc = state.as_json()
    for deal_doc, (number, version) in zip(doc["deals"], live, strict=True):
        deal_doc.update(zip(REF_KEYS, (number, version), strict=True))
    return doc


def snapshot_document(state: MatchState[Any], live: list[DealRef]) -> dict[str, Any]:
    """What ``Match.snapshot`` keeps beside the document: the game's snapshot and the deals
    (number, version) it was made from (``scoring/services/resume.py`` resumes from the two)."""
    return {"game": state.snapshot(), "deals": [list(ref) for ref in live]}


def store_state(match: Match, state: MatchState[Any], live: list[DealRef]) -> None:
    """Cache the match on its row, its document and what resumes it (``scoring/services/resume.py``),
    and bump its revision (the pages' ETag): one UPDATE of the columns it changes."""
    match.state = state_document(state, live)
    match.snapshot = snapshot_document(state, live)
    match.deal_count = len(state.deals)
    match.winner = state.result.winner or ""
    if match.status != MatchStatus.ABANDONED:
        match.status = MatchStatus.FINISHED if state.finished else MatchStatus.IN_PROGRESS
    match.revision += 1
    match.save(
        update_fields=["state", "snapshot", "deal_count", "winner", "status", "revision", "updated_at"]
    )
    announce(match)


def announce(match: Match) -> None:
    """A followed match (a tournament's table) tells its listeners once the write commits
    (``scoring/signals.py``); a friendly match has nobody to tell, and costs nothing."""
    if match.announce_changes:
        transaction.on_commit(partial(signals.announce, match.pk))


def by(actor: Actor) -> dict[str, Any]:
    """The columns that name who wrote a row (a version, an audit event) and from where."""
    return {"actor_user": actor.account, "actor_label": actor.label, "actor_ip": actor.ip}


def audit(
    match: Match,
    action: AuditAction,
    actor: Actor,
    *,
    deal_number: int | None = None,
    version: int | None = None,
    detail: dict[str, Any] | None = None,
) -> AuditEvent:
    """The trail's record of a write: who, from where, what."""
    return AuditEvent.objects.create(
        club_id=match.club_id,
        match=match,
        action=action,
        deal_number=deal_number,
        version=version,
        detail=detail or {},
        **by(actor),
    )


def place_key(kind: str, pk: int) -> str:
    """How an audit event names a place (``scoring.places``): "kind:id"."""
    return f"{kind}:{pk}"


def audit_place(
    club_id: int,
    kind: str,
    pk: int,
    action: AuditAction,
    actor: Actor,
    *,
    detail: dict[str, Any] | None = None,
) -> AuditEvent:
    """The trail's record of a write to a place rather than a match (a physical table's link
    revoked or renewed)."""
    return AuditEvent.objects.create(
        club_id=club_id,
        match=None,
        place=place_key(kind, pk),
        action=action,
        detail=detail or {},
        **by(actor),
    )


def place_events(kind: str, pks: list[int]) -> dict[int, list[AuditEvent]]:
    """The audit events of each place of ``kind`` among ``pks``, newest first."""
    keys = {place_key(kind, pk): pk for pk in pks}
    found: dict[int, list[AuditEvent]] = {}
    for event in AuditEvent.objects.filter(place__in=list(keys)).order_by("-created_at", "-pk"):
        found.setdefault(keys[event.place], []).append(event)
    return found
