"""Elimination brackets: drawn whole at round 1 from the seed order, then advanced as results come
in (the ``bracket_advance`` task calls :func:`bracket_advance` after every decided table).

The bracket itself is never stored: the seed order is, and the pure engine rebuilds the bracket
and replays the decided tables into it (``selectors.bracket_state``). Advancing opens a table for
every slot whose two entrants are known; a corrected result that changes who plays a slot
restarts its table if nothing was played there yet, and flags it for the organizer otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from scoring.models import Deal, MatchStatus
from scoring.services.matches import match_abandon
from tournaments.models import (
    Entrant,
    Round,
    RoundStatus,
    TableAssignment,
    TableStatus,
    Tournament,
    TournamentStatus,
    players_as_entered,
)
from tournaments.pairing import BracketState, SlotStatus
from tournaments.pairing.formats import BRACKETS, Format, best_of, build_bracket
from tournaments.pairing.match_format import parse_match_format
from tournaments.selectors import bracket_state
from tournaments.services.common import SYSTEM, lock_tournament, results_changed
from tournaments.services.tables import open_table, start_game

#: Walkovers can make one slot ready after another; a bracket of 1,024 has fewer columns than this.
MOST_PASSES = 64


def draw_bracket(tournament: Tournament, the_round: Round, seeds: list[int]) -> None:
    """Draw the bracket of ``seeds`` (entrant ids in seed order): round 1 is its first column."""
    parsed = parse_match_format(tournament.match_format, tournament.game_key)
    bracket = build_bracket(Format(tournament.format), seeds, tournament.settings, best_of(parsed))
    tournament.bracket = {"seeds": seeds}
    tournament.rounds_planned = len(bracket.rounds)
    tournament.save(update_fields=["bracket", "rounds_planned"])
    the_round.label = bracket.rounds[0].label  # the bracket's columns are the rounds
    the_round.status = RoundStatus.PLAYING
    the_round.save(update_fields=["label", "status"])
    _advance(tournament)


def bracket_advance(*, tournament_id: int) -> BracketState | None:
    """Fill the bracket's slots from the decided tables and open a table for every slot whose
    two entrants are known (idempotent)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if tournament.format not in BRACKETS or not tournament.bracket.get("seeds"):
            return None
        return _advance(tournament)


def _advance(tournament: Tournament) -> BracketState:
    entrants = {e.pk: e for e in tournament.entrants.prefetch_related(players_as_entered())}
    changed = False
    for _ in range(MOST_PASSES):
        state = _state(tournament)
        opened = False
        tables = {
            t.bracket_slot: t
            for t in TableAssignment.objects.filter(round__tournament=tournament).exclude(bracket_slot="")
        }
        columns = {
            slot_id: (index, column)
            for index, (column, _) in enumerate(state.rounds)
            for slot_id in column.slots
        }
        for slot in state.ready:
            seats = [e for e in (slot.top, slot.bottom) if e is not None]  # a ready slot has both
            existing = tables.get(slot.slot.id)
            if existing is not None:
                if existing.entrants != seats:
                    changed |= _reseat(tournament, existing, seats, entrants)
                continue
            index, column = columns[slot.slot.id]
            the_round, _ = Round.objects.get_or_create(
                tournament=tournament,
                number=index + 1,
                defaults={
                    "club_id": tournament.club_id,
                    "label": column.label,
                    "status": RoundStatus.PLAYING,
                },
            )
            table = TableAssignment.objects.create(
                club_id=tournament.club_id,
                round=the_round,
                number=_free_table(tournament, the_round),
                entrants=seats,
                bracket_slot=slot.slot.id,
            )
            open_table(tournament, the_round, table, entrants)
            opened = changed = True
        if not opened:
            break
    state = _state(tournament)
    changed |= _settle(tournament, state)
    if changed:
        results_changed(tournament)
    return state


def _free_table(tournament: Tournament, the_round: Round) -> int:
    """The lowest table number free in the room now: not played at by a series still undecided,
    nor by another match of this column. A bye takes no table, so a bracket of 6 plays its first
    column at tables 1 and 2, not at the numbers of its slots (2 and 4)."""
    busy = set(
        TableAssignment.objects.filter(round__tournament=tournament, status=TableStatus.PLAYING).values_list(
            "number", flat=True
        )
    )
    busy |= set(the_round.tables.values_list("number", flat=True))
    return next(number for number in range(1, len(busy) + 2) if number not in busy)


def _state(tournament: Tournament) -> BracketState:
    state = bracket_state(tournament)
    assert state is not None, "only a drawn bracket advances"
    return state


def _reseat(
    tournament: Tournament, table: TableAssignment, seats: list[int], entrants: Mapping[int, Entrant]
) -> bool:
    """A corrected result changed who plays this slot: restart it if nothing was played yet."""
    played = Deal.objects.filter(match__tournament_game__table=table).exists()
    if played or table.status != TableStatus.PLAYING:
        note = f"slot {table.bracket_slot}: the bracket now says {seats}, but this table has results; fix by hand"
        flags = list(table.round.flags)
        if not any(f.get("reason") == note for f in flags):
            flags.append({"flag": "bracket-conflict", "entrants": seats, "reason": note})
            table.round.flags = flags
            table.round.save(update_fields=["flags"])
            return True
        return False
    for game in table.games.select_related("match"):
        if game.match.status != MatchStatus.ABANDONED:
            match_abandon(match_id=game.match_id, reason="the bracket changed", actor=SYSTEM)
    last = table.games.order_by("-sequence").values_list("sequence", flat=True).first() or 0
    table.entrants = seats
    table.save(update_fields=["entrants"])
    start_game(tournament, table.round, table, entrants, sequence=last + 1)
    return True


def _settle(tournament: Tournament, state: BracketState) -> bool:
    """Each column's round complete once its slots are, the byes flagged, the champion and
    placings stored, the tournament finished with the bracket; True when anything changed."""
    changed = False
    done = {SlotStatus.DONE, SlotStatus.BYE, SlotStatus.VOID}
    by_number = {r.number: r for r in tournament.rounds.all()}
    for index, (_column, slots) in enumerate(state.rounds):
        the_round = by_number.get(index + 1)
        if the_round is None:
            continue
        status = RoundStatus.COMPLETE if all(s.status in done for s in slots) else RoundStatus.PLAYING
        flags = [
            {"flag": "bye", "entrants": [s.winner], "reason": f"{s.slot.id}: no opponent in the bracket"}
            for s in slots
            if s.status is SlotStatus.BYE and s.winner is not None
        ]
        kept = [f for f in the_round.flags if f.get("flag") != "bye"]
        if status != the_round.status or kept + flags != the_round.flags:
            the_round.status = status
            the_round.flags = kept + flags
            the_round.save(update_fields=["status", "flags"])
            changed = True
    bracket = dict(tournament.bracket)
    bracket["champion"] = state.champion
    bracket["placings"] = [{"label": p.label, "entrants": list(p.entrants)} for p in state.placings]
    finished = TournamentStatus.FINISHED if state.finished else TournamentStatus.RUNNING
    if bracket != tournament.bracket or finished != tournament.status:
        tournament.bracket = bracket
        tournament.status = finished
        tournament.save(update_fields=["bracket", "status"])
        changed = True
    return changed
