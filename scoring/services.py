"""Every write of the scoring app: one transaction each, the match row locked, an audit event.

Services take keyword-only arguments and return model instances or plain documents. The match
state is always recomputed by replaying the live deal versions through the game (``games``), so a
correction to deal 3 of 12 can never leave totals, the winner or the standings behind.

What this module does not do: parse HTTP, check permissions (the edges do), or know card rules.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, OuterRef, Subquery
from django.utils import timezone

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry, NotFound, ServiceError
from clubs.models import Club
from games import GameError, MatchState, UnknownGameError, find_game
from scoring import lifecycle, signals
from scoring.models import (
    AuditAction,
    AuditEvent,
    Deal,
    DealVersion,
    IdempotentRequest,
    Match,
    MatchStatus,
    Source,
    new_table_secret,
)
from scoring.result_states import Confirmation


@dataclass(frozen=True)
class DealWrite:
    """What a deal write returns: the deal, its current version row and the new match state."""

    match: Match
    deal: Deal
    version: DealVersion
    state: dict[str, Any]


def _game_error(error: GameError, *, deal_offset: dict[int, int] | None = None) -> InvalidEntry:
    extra: dict[str, Any] = {}
    if error.deal is not None:
        extra["deal"] = deal_offset.get(error.deal, error.deal) if deal_offset else error.deal
    return InvalidEntry(error.rule, error.field, **extra)


def match_create(
    *,
    club: Club,
    game_key: str,
    sides: Any,
    actor: Actor,
    options: Any = None,
    preset: str | None = None,
    seats: list[str] | None = None,
    title: str = "",
    rematch_of: Match | None = None,
    deal_limit: int | None = None,
    announce_changes: bool = False,
    confirmation: Confirmation = Confirmation.NONE,
) -> Match:
    """Create a match with the game's options resolved and frozen now. ``announce_changes``: a
    tournament's table, whose every change the tournaments app must hear about."""
    try:
        game = find_game(game_key)
    except UnknownGameError as error:
        raise InvalidEntry(str(error), "game") from None
    if options is not None and not isinstance(options, dict):
        raise InvalidEntry("options must be an object", "options")
    merged = dict(options or {})
    if preset:
        merged["preset"] = preset
    try:
        state = game.new_match(sides, merged, deal_limit=deal_limit)
    except GameError as error:
        raise _game_error(error) from None
    if seats is not None:
        _check_seats(seats, game.table_shape(state.table.options).seats)
    with transaction.atomic():
        match = Match.objects.create(
            club=club,
            game_key=game.key,
            title=title.strip(),
            preset=str(state.table.options.get("preset") or ""),
            options=dict(state.table.options),
            sides=list(state.table.sides),
            seats=seats,
            state=state.as_json(),
            rematch_of=rematch_of,
            deal_limit=deal_limit,
            announce_changes=announce_changes,
            confirmation=confirmation,
            created_by=actor.account,
        )
        _audit(match, AuditAction.MATCH_CREATED, actor, detail={"game": game.key, "sides": match.sides})
    return match


def _check_seats(seats: Any, count: int) -> None:
    if not isinstance(seats, list) or len(seats) != count:
        raise InvalidEntry(f"seats must list {count} player names, one per seat", "seats")
    for name in seats:
        if not isinstance(name, str) or len(name) > 80:
            raise InvalidEntry("each seat is a player name of at most 80 characters", "seats")


def rematch(*, match: Match, actor: Actor) -> Match:
    """The match's rematch: the same game, options, sides and seats. Made once: a second tap (or
    the other phone at the table) gets the rematch already made, so the table never splits."""
    if match.announce_changes:  # hook (results): a tournament's table has no rematch
        raise Conflict("a tournament table has no rematch: the next round is drawn by the tournament", None)
    with transaction.atomic():
        _locked(match.pk)
        earlier = Match.objects.filter(rematch_of=match).order_by("pk").first()
        if earlier is not None:
            return earlier
        return match_create(
            club=match.club,
            game_key=match.game_key,
            sides=match.sides,
            options=match.options,
            seats=match.seats,
            title=match.title,
            actor=actor,
            rematch_of=match,
            deal_limit=match.deal_limit,
        )


def deal_rows(match: Match) -> list[tuple[Deal, DealVersion]]:
    """Every deal of the match (voided ones too), in order, with its current version: one query."""
    versions = (
        DealVersion.objects.filter(deal__match=match, version=F("deal__version"))
        .select_related("deal")
        .order_by("deal__number")
    )
    return [(v.deal, v) for v in versions]


def live_entries(match: Match) -> list[tuple[Deal, DealVersion]]:
    """The match's deals that count, in order, each with its current version."""
    return [(d, v) for d, v in deal_rows(match) if not d.voided]


def replay(match: Match, entries: list[Any] | None = None) -> MatchState[Any]:
    """The match state from its stored options and the given (or stored) entries."""
    game = find_game(match.game_key)
    if entries is None:
        entries = [v.entry for _, v in live_entries(match)]
    return game.replay(match.options, match.sides, entries, deal_limit=match.deal_limit)


#: A live deal's stable number and current version, in the order the match replays them.
DealRef = tuple[int, int]


def _refs(deals: list[Deal]) -> list[DealRef]:
    return [(deal.number, deal.version) for deal in deals]


def _state_document(state: MatchState[Any], live: list[DealRef]) -> dict[str, Any]:
    """The replay's document, each deal annotated with its stable number and current version."""
    doc = state.as_json()
    for deal_doc, (number, version) in zip(doc["deals"], live, strict=True):
        deal_doc["deal_number"] = number
        deal_doc["version"] = version
    return doc


def _store_state(match: Match, state: MatchState[Any], live: list[DealRef]) -> None:
    """Cache the replay on the match and bump its revision (the pages' ETag)."""
    match.state = _state_document(state, live)
    match.deal_count = len(state.deals)
    match.winner = state.result.winner or ""
    if match.status != MatchStatus.ABANDONED:
        match.status = MatchStatus.FINISHED if state.finished else MatchStatus.IN_PROGRESS
    match.revision += 1
    match.save(update_fields=["state", "deal_count", "winner", "status", "revision", "updated_at"])
    _announce(match)


def _announce(match: Match) -> None:
    """A followed match (a tournament's table) tells its listeners once the write commits
    (``scoring/signals.py``); a friendly match has nobody to tell, and costs nothing."""
    if match.announce_changes:
        transaction.on_commit(partial(signals.announce, match.pk))


def _audit(
    match: Match,
    action: AuditAction,
    actor: Actor,
    *,
    deal_number: int | None = None,
    version: int | None = None,
    detail: dict[str, Any] | None = None,
) -> AuditEvent:
    return AuditEvent.objects.create(
        club_id=match.club_id,
        match=match,
        action=action,
        deal_number=deal_number,
        version=version,
        actor_user=actor.account,
        actor_label=actor.label,
        actor_ip=actor.ip,
        detail=detail or {},
    )


def _locked(match_id: int, *, with_state: bool = False) -> Match:
    """The match row, locked until the transaction ends. Only the match's own row: a plain
    ``select_related`` would lock its club's row too and serialize every table of the club. The
    cached state is left out unless asked for (writes recompute it; it is the biggest column)."""
    rows = Match.objects.select_for_update(of=("self",)).select_related("club")
    if not with_state:
        rows = rows.defer("state")
    try:
        return rows.get(pk=match_id)
    except Match.DoesNotExist:
        raise NotFound("no such match") from None


def _ledger(match_id: int) -> list[tuple[int, int, bool, Any]]:
    """``(number, version, voided, entry)`` of every deal of the match, in order: one query and no
    model instances, since recording a deal reads them all on the hottest path there is. The
    entry is a correlated subquery on the unique (deal, version) index, so the plan stays a few
    index lookups whatever the planner believes about the size of the versions table (a join
    was planned as a scan of every version of every club while its statistics were stale)."""
    current = DealVersion.objects.filter(deal=OuterRef("pk"), version=OuterRef("version"))
    return list(
        Deal.objects.filter(match_id=match_id)
        .order_by("number")
        .annotate(entry=Subquery(current.values("entry")[:1]))
        .values_list("number", "version", "voided", "entry")
    )


def _fingerprint(entry: Any) -> str:
    return hashlib.sha256(json.dumps(entry, sort_keys=True, default=str).encode()).hexdigest()


def deal_record(
    *,
    match_id: int,
    entry: Any,
    actor: Actor,
    source: Source = Source.API,
    idempotency_key: str | None = None,
    respond: Callable[[DealWrite], dict[str, Any]] | None = None,
) -> tuple[dict[str, Any], bool]:
    """Append a deal. Returns (response document, created); a repeated idempotency key returns
    the first response with ``created`` false and changes nothing."""
    respond = respond or _default_response
    try:
        with transaction.atomic():
            match = _locked(match_id)
            if idempotency_key:
                earlier = IdempotentRequest.objects.filter(match=match, key=idempotency_key).first()
                if earlier is not None:
                    if earlier.fingerprint != _fingerprint(entry):
                        raise Conflict(
                            "this Idempotency-Key was already used for a different deal", "Idempotency-Key"
                        )
                    return earlier.response, False
            if match.status == MatchStatus.ABANDONED:
                raise Conflict("the match was abandoned", None)
            lifecycle.check_write(match, actor)  # hook (results)
            ledger = _ledger(match.pk)
            live = [(number, version) for number, version, voided, _ in ledger if not voided]
            current = replay(match, [entry for *_, voided, entry in ledger if not voided])
            if current.finished:
                raise Conflict("the match is already finished", None, outcome=current.as_json()["outcome"])
            try:
                new_state = current.play(entry)
            except GameError as error:
                raise _game_error(error) from None
            last = ledger[-1][0] if ledger else 0
            deal = Deal.objects.create(club_id=match.club_id, match=match, number=last + 1)
            version = _new_version(deal, entry, actor, source)
            _store_state(match, new_state, [*live, (deal.number, deal.version)])
            _audit(
                match,
                AuditAction.DEAL_RECORDED,
                actor,
                deal_number=deal.number,
                version=1,
                detail={"entry": entry},
            )
            lifecycle.follow_write(match, actor, _audit, finished=new_state.finished, deal=deal.number)
            document = respond(DealWrite(match, deal, version, match.state))
            if idempotency_key:
                IdempotentRequest.objects.create(
                    club_id=match.club_id,
                    match=match,
                    key=idempotency_key,
                    fingerprint=_fingerprint(entry),
                    status_code=201,
                    response=document,
                )
            return document, True
    except IntegrityError:
        # Two requests with the same key raced past the lookup; the loser answers as a repeat.
        if idempotency_key:
            earlier = IdempotentRequest.objects.filter(match_id=match_id, key=idempotency_key).first()
            if earlier is not None:
                return earlier.response, False
        raise


def _new_version(
    deal: Deal, entry: Any, actor: Actor, source: Source, *, voided: bool = False, reason: str = ""
) -> DealVersion:
    return DealVersion.objects.create(
        club_id=deal.club_id,
        deal=deal,
        version=deal.version,
        entry=entry,
        voided=voided,
        reason=reason,
        source=source,
        actor_user=actor.account,
        actor_label=actor.label,
        actor_ip=actor.ip,
    )


def _default_response(write: DealWrite) -> dict[str, Any]:
    from scoring.documents import deal_document

    return {"deal": deal_document(write.deal, write.version), "match": write.state}


def _replay_with(
    match: Match, live: list[tuple[Deal, DealVersion]], number: int, new_entry: Any | None
) -> tuple[MatchState[Any], list[Deal]]:
    """Replay with deal ``number`` replaced (or left out when ``new_entry`` is None); returns the
    state and the deals that count, in order. A change that breaks a later deal is refused."""
    entries: list[Any] = []
    order: list[Deal] = []
    for deal, version in live:
        if deal.number == number and new_entry is None:
            continue
        order.append(deal)
        entries.append(new_entry if deal.number == number else version.entry)
    try:
        return replay(match, entries), order
    except GameError as error:
        bad = order[error.deal].number if error.deal is not None and error.deal < len(order) else None
        if bad == number:
            raise _game_error(error) from None
        raise Conflict(
            f"this change would make deal {bad} invalid: {error.rule}",
            None,
            deal=bad,
            deal_field=error.field,
        ) from None


def _live_deal(live: list[tuple[Deal, DealVersion]], number: int) -> Deal:
    deal = next((d for d, _ in live if d.number == number), None)
    if deal is None:
        raise NotFound(f"match has no deal {number} (or it was voided)")
    return deal


def _check_version(deal: Deal, expected: int | None) -> None:
    if expected is None:
        raise ServiceError("the version being corrected is required (If-Match)", "If-Match")
    if expected != deal.version:
        raise Conflict(
            f"deal {deal.number} was changed meanwhile: it is now at version {deal.version}",
            "If-Match",
            current_version=deal.version,
        )


def deal_correct(
    *,
    match_id: int,
    number: int,
    entry: Any,
    expected_version: int | None,
    actor: Actor,
    source: Source = Source.API,
    reason: str = "",
) -> DealWrite:
    """Replace a deal's entry with a new version (``reason``: why); the match is replayed."""
    with transaction.atomic():
        match = _locked(match_id)
        lifecycle.check_write(match, actor, reason=reason)  # hook (results)
        live = live_entries(match)
        deal = _live_deal(live, number)
        _check_version(deal, expected_version)
        state, order = _replay_with(match, live, number, entry)
        deal.version += 1
        deal.save(update_fields=["version"])
        version = _new_version(deal, entry, actor, source, reason=reason.strip()[:300])
        _store_state(match, state, _refs(order))
        _audit(
            match,
            AuditAction.DEAL_CORRECTED,
            actor,
            deal_number=number,
            version=deal.version,
            detail={"entry": entry, **({"reason": reason.strip()} if reason.strip() else {})},
        )
        lifecycle.follow_write(match, actor, _audit, finished=state.finished, deal=number, reason=reason)
        return DealWrite(match, deal, version, match.state)


def deal_void(
    *,
    match_id: int,
    number: int,
    reason: str,
    expected_version: int | None,
    actor: Actor,
    source: Source = Source.API,
) -> DealWrite:
    """Take a deal out of the match (kept in the trail); later deals are replayed without it."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidEntry("say why the deal is voided", "reason")
    with transaction.atomic():
        match = _locked(match_id)
        lifecycle.check_write(match, actor, reason=reason)  # hook (results)
        live = live_entries(match)
        deal = _live_deal(live, number)
        _check_version(deal, expected_version)
        state, order = _replay_with(match, live, number, None)
        deal.version += 1
        deal.voided = True
        deal.save(update_fields=["version", "voided"])
        version = _new_version(deal, None, actor, source, voided=True, reason=reason[:300])
        _store_state(match, state, _refs(order))
        _audit(
            match,
            AuditAction.DEAL_VOIDED,
            actor,
            deal_number=number,
            version=deal.version,
            detail={"reason": reason},
        )
        lifecycle.follow_write(match, actor, _audit, finished=state.finished, deal=number, reason=reason)
        return DealWrite(match, deal, version, match.state)


def match_abandon(*, match_id: int, reason: str, actor: Actor) -> Match:
    """Stop a match without a result; its deals stay readable."""
    with transaction.atomic():
        match = _locked(match_id)
        match.status = MatchStatus.ABANDONED
        match.revision += 1
        match.save(update_fields=["status", "revision", "updated_at"])
        _audit(match, AuditAction.MATCH_ABANDONED, actor, detail={"reason": reason})
        _announce(match)
    return match


def table_link_revoke(*, match_id: int, actor: Actor, renew: bool = False) -> Match:
    """Make the current scorer link stop working at once; ``renew`` issues a fresh one."""
    with transaction.atomic():
        match = _locked(match_id)
        match.table_secret = new_table_secret()
        match.table_link_revoked = not renew
        match.revision += 1
        match.save(update_fields=["table_secret", "table_link_revoked", "revision", "updated_at"])
        _audit(
            match,
            AuditAction.LINK_RENEWED if renew else AuditAction.LINK_REVOKED,
            actor,
            detail={"at": timezone.now().isoformat()},
        )
    return match


def match_refresh(*, match_id: int) -> bool:
    """Recompute a match's cached state from its deals; True when the cache had drifted."""
    with transaction.atomic():
        match = _locked(match_id, with_state=True)
        live = live_entries(match)
        state = replay(match, [v.entry for _, v in live])
        deals = _refs([d for d, _ in live])
        if match.state == _state_document(state, deals):
            return False
        _store_state(match, state, deals)
        return True
