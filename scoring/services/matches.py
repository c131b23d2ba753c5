"""The writes of a match as a whole: create it, start its rematch, abandon it, refresh its cache."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry
from clubs.models import Club
from games import GameError, UnknownGameError, find_game
from scoring.models import AuditAction, Match, MatchStatus
from scoring.result_states import Confirmation
from scoring.services.common import (
    announce,
    audit,
    game_error,
    locked_match,
    snapshot_document,
    state_document,
    store_state,
)
from scoring.services.ledger import ledger, live, replay
from scoring.titles import TitleParts


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
    title_parts: TitleParts | None = None,
    rematch_of: Match | None = None,
    deal_limit: int | None = None,
    announce_changes: bool = False,
    confirmation: Confirmation = Confirmation.NONE,
) -> Match:
    """Create a match with the game's options resolved and frozen now. ``announce_changes``: a
    tournament's table, whose every change the tournaments app must hear about; ``confirmation``:
    how the other side vouches for its result (``scoring/result_states.py``); ``title_parts``: a
    tournament table's title as data (``scoring/titles.py``), said in the reader's language."""
    try:
        game = find_game(game_key)
    except UnknownGameError as error:
        raise InvalidEntry(str(error), "game") from None
    if options is not None and not isinstance(options, dict):
        raise InvalidEntry(_("options must be an object"), "options")
    merged = dict(options or {})
    if preset:
        merged["preset"] = preset
    try:
        state = game.new_match(sides, merged, deal_limit=deal_limit)
    except GameError as error:
        raise game_error(error) from None
    if seats is not None:
        _check_seats(seats, game.table_shape(state.table.options).seats)
    with transaction.atomic():
        match = Match.objects.create(
            club=club,
            game_key=game.key,
            title=title.strip(),
            title_parts=None if title_parts is None else title_parts.as_json(),
            preset=str(state.table.options.get("preset") or ""),
            options=dict(state.table.options),
            sides=list(state.table.sides),
            seats=seats,
            state=state.as_json(),
            snapshot=snapshot_document(state, []),
            rematch_of=rematch_of,
            deal_limit=deal_limit,
            announce_changes=announce_changes,
            confirmation=confirmation,
            created_by=actor.account,
        )
        audit(match, AuditAction.MATCH_CREATED, actor, detail={"game": game.key, "sides": match.sides})
    return match


def _check_seats(seats: Any, count: int) -> None:
    if not isinstance(seats, list) or len(seats) != count:
        raise InvalidEntry(
            _("seats must list %(count)s player names, one per seat") % {"count": count}, "seats"
        )
    for name in seats:
        if not isinstance(name, str) or len(name) > 80:
            raise InvalidEntry(_("each seat is a player name of at most 80 characters"), "seats")


def rematch(*, match: Match, actor: Actor) -> Match:
    """The match's rematch: the same game, options, sides and seats. Made once: a second tap (or
    the other phone at the table) gets the rematch already made, so the table never splits. A
    tournament's table has none (409): its next match is the draw's."""
    if match.announce_changes:
        raise Conflict(
            _("a tournament table has no rematch: the next round is drawn by the tournament"), None
        )
    with transaction.atomic():
        locked_match(match.pk)
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


def match_abandon(*, match_id: int, reason: str, actor: Actor) -> Match:
    """Stop a match without a result; its deals stay readable."""
    with transaction.atomic():
        match = locked_match(match_id)
        match.status = MatchStatus.ABANDONED
        match.revision += 1
        match.save(update_fields=["status", "revision", "updated_at"])
        audit(match, AuditAction.MATCH_ABANDONED, actor, detail={"reason": reason})
        announce(match)
    return match


def match_refresh(*, match_id: int) -> bool:
    """Recompute a match's cached state from its deals; True when the cache had drifted."""
    with transaction.atomic():
        match = locked_match(match_id, with_state=True)
        counted = live(ledger(match.pk).deals)
        state = replay(match, [row.entry for row in counted])
        deals = [(row.number, row.version) for row in counted]
        if match.state == state_document(state, deals):
            return False
        store_state(match, state, deals)
        return True
