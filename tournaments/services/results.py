"""A table's result: read from its matches as they change, or set by the organizer; and what a
result settles (the round complete, the tournament over).

A match tells the tournament it changed through scoring's ``match_changed`` signal, which
``tournaments.listeners`` turns into the ``match_changed`` task, which calls :func:`table_sync`.
The organizer's word (:func:`table_adjust`, :func:`table_forfeit`, or :func:`table_decide` with
either) stands over the matches until :func:`table_reset` takes it back.

The rule for what was played before the organizer's word: a winner set without points keeps the
game points the sides scored so far (over all the table's matches, an abandoned one included, a
voided result left out), so "Ann wins" on a match stopped at 122–40 records 122–40, not 0–0. A
forfeit records no game points; the deals played stay readable in the matches. An entrant
withdrawn while its table plays forfeits that table (:func:`forfeit_withdrawn`): its match is
abandoned and the opponents win, so the round can complete or the bracket move on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry, NotFound
from scoring.models import MatchStatus
from scoring.result_states import COUNTED, ResultStatus
from scoring.services.matches import match_abandon
from tournaments import tasks
from tournaments.models import (
    Entrant,
    Round,
    RoundStatus,
    TableAssignment,
    TableGame,
    TableStatus,
    Tournament,
    TournamentStatus,
)
from tournaments.pairing.formats import BRACKETS
from tournaments.pairing.match_format import parse_match_format
from tournaments.selectors import DECIDED
from tournaments.services.common import after_commit, bump_revision, lock_tournament
from tournaments.services.tables import side_of, start_game
from tournaments.standings.series import (
    GameResult,
    adjusted_results,
    deals_won,
    entrant_results,
    forfeit_results,
    series_result,
)


@dataclass(frozen=True)
class TableDecision:
    """The organizer's result for a table: the forfeiting entrants, or else the winner (``None``
    for a draw) with game points by entrant id; and why."""

    reason: str
    winner: int | None = None
    points: Mapping[int, int] = field(default_factory=dict)
    forfeit: tuple[int, ...] = ()


def table_sync(*, match_id: int) -> TableAssignment | None:
    """Read a table's result from its matches after one of them changed (a deal entered,
    corrected or voided); start the next game of a series; settle the round. ``None`` for a
    match that is not a tournament's."""
    link = (
        TableGame.objects.filter(match_id=match_id)
        .values_list("table__round__tournament_id", flat=True)
        .first()
    )
    if link is None:
        return None
    with transaction.atomic():
        tournament = lock_tournament(link)
        table = TableAssignment.objects.select_related("round").get(games__match_id=match_id)
        if sync_table(tournament, table):
            _result_changed(tournament, table)
    return table


def _game_results(table: TableAssignment) -> tuple[list[TableGame], list[GameResult]]:
    """The table's games and what each counts for: a game counts as finished once its result is
    confirmed or final (awaiting confirmation or disputed, it is not over yet); an abandoned game
    or a voided result does not count at all."""
    games = list(table.games.select_related("match").order_by("sequence"))
    played = []
    for game in games:
        match = game.match
        if match.status == MatchStatus.ABANDONED or match.result_status == ResultStatus.VOID:
            continue
        sides = list(match.sides)
        outcome = match.outcome
        winner = outcome.get("winner")
        totals = match.state.get("totals") or {}
        played.append(
            GameResult(
                finished=bool(outcome.get("finished")) and match.result_status in COUNTED,
                winner=sides.index(winner) if winner in sides else None,
                totals=tuple(int(totals.get(side, 0)) for side in sides),
                deals_won=deals_won([d.get("scores", {}) for d in match.state.get("deals", [])], sides),
            )
        )
    return games, played


def sync_table(tournament: Tournament, table: TableAssignment) -> bool:
    """Bring one table in line with its matches; True when its status or result changed."""
    games, played = _game_results(table)
    for game in games:
        if game.synced_revision != game.match.revision:
            TableGame.objects.filter(pk=game.pk).update(synced_revision=game.match.revision)
    if table.status in (TableStatus.ADJUSTED, TableStatus.FORFEIT):
        return False
    parsed = parse_match_format(tournament.match_format, tournament.game_key)
    sides = side_of(tournament, table)
    series = series_result(
        played, sides=max(sides) + 1, best_of=parsed.games, decisive=tournament.format in BRACKETS
    )
    if series.finished:
        status, result = TableStatus.FINISHED, entrant_results(table.entrants, sides, series)
    else:
        status, result = TableStatus.PLAYING, {}
    if series.another_game and not any(g.match.status == MatchStatus.IN_PROGRESS for g in games):
        entrants = {e.pk: e for e in tournament.entrants.filter(pk__in=table.entrants)}
        start_game(
            tournament, table.round, table, entrants, sequence=(games[-1].sequence + 1) if games else 1
        )
    if (status, result) == (table.status, table.result):
        return False
    table.status, table.result = status, result
    table.save(update_fields=["status", "result"])
    return True


def settle_round(tournament: Tournament, the_round: Round) -> None:
    """A drawn round is complete when every table is decided; then the tournament may be over."""
    if the_round.status in (RoundStatus.BUILDING, RoundStatus.FAILED):
        return
    if tournament.format in BRACKETS:
        return  # the bracket settles its own rounds (services.brackets)
    open_tables = the_round.tables.exclude(status__in=DECIDED).exists()
    status = RoundStatus.PLAYING if open_tables else RoundStatus.COMPLETE
    if status != the_round.status:
        the_round.status = status
        the_round.save(update_fields=["status"])
    settle_tournament(tournament)


def settle_tournament(tournament: Tournament) -> None:
    """A round-by-round event is over when its planned rounds are all complete."""
    if tournament.format in BRACKETS or tournament.status == TournamentStatus.REGISTRATION:
        return
    live = list(tournament.rounds.exclude(status=RoundStatus.FAILED).values_list("status", flat=True))
    done = (
        tournament.rounds_planned is not None
        and len(live) >= tournament.rounds_planned
        and all(s == RoundStatus.COMPLETE for s in live)
    )
    status = TournamentStatus.FINISHED if done else TournamentStatus.RUNNING
    if status != tournament.status:
        tournament.status = status
        tournament.revision += 1
        tournament.save(update_fields=["status", "revision"])


def _table_for_result(table_id: int) -> tuple[Tournament, TableAssignment]:
    link = TableAssignment.objects.filter(pk=table_id).values_list("round__tournament_id", flat=True).first()
    if link is None:
        raise NotFound(gettext("no such table"))
    tournament = lock_tournament(link)
    table = TableAssignment.objects.select_related("round").get(pk=table_id)
    if table.round.status in (RoundStatus.BUILDING, RoundStatus.FAILED):
        raise Conflict(gettext("the round is not drawn yet"), None)
    return tournament, table


def _result_changed(tournament: Tournament, table: TableAssignment) -> None:
    bump_revision(tournament)
    settle_round(tournament, table.round)
    after_commit(tasks.standings_recompute, tournament.pk)
    if tournament.format in BRACKETS:
        after_commit(tasks.bracket_advance, tournament.pk)


def table_decide(*, table_id: int, decision: TableDecision, actor: Actor) -> TableAssignment:
    """The organizer's decision: a forfeit when it names forfeiting entrants, else a result."""
    if decision.forfeit:
        return table_forfeit(
            table_id=table_id, entrants=decision.forfeit, reason=decision.reason, actor=actor
        )
    return table_adjust(
        table_id=table_id, winner=decision.winner, points=decision.points, reason=decision.reason, actor=actor
    )


def table_adjust(
    *, table_id: int, winner: int | None, reason: str, actor: Actor, points: Mapping[int, int] | None = None
) -> TableAssignment:
    """The organizer's result for a table: ``winner`` (an entrant id at the table) or ``None``
    for a draw, optional game points per entrant id, and the reason. The matches stay as played;
    without ``points``, the game points played so far are kept (:func:`played_points`)."""
    with transaction.atomic():
        tournament, table = _table_for_result(table_id)
        if winner is not None and winner not in table.entrants:
            raise InvalidEntry(gettext("the winner must be one of the table's entrants"), "winner")
        if winner is None and tournament.format in BRACKETS:
            raise InvalidEntry(gettext("a bracket needs a winner: a draw cannot advance anyone"), "winner")
        if any(entrant not in table.entrants for entrant in points or {}):
            raise InvalidEntry(gettext("points must map the table's entrant ids to whole numbers"), "points")
        table.status = TableStatus.ADJUSTED
        table.result = adjusted_results(
            table.entrants,
            side_of(tournament, table),
            winner=winner,
            points=points or played_points(tournament, table),
        )
        _mark(table, reason, actor)
        _result_changed(tournament, table)
    return table


def table_forfeit(*, table_id: int, entrants: Sequence[int], reason: str, actor: Actor) -> TableAssignment:
    """A forfeit: each side with an entrant in ``entrants`` loses, the others win."""
    with transaction.atomic():
        tournament, table = _table_for_result(table_id)
        if not entrants or any(e not in table.entrants for e in entrants):
            raise InvalidEntry(gettext("name the forfeiting entrants of this table"), "forfeit")
        sides = side_of(tournament, table)
        losing = {sides[table.entrants.index(e)] for e in entrants}
        if tournament.format in BRACKETS and len(losing) == len(set(sides)):
            raise InvalidEntry(gettext("a bracket needs a winner: one side must not forfeit"), "forfeit")
        table.status = TableStatus.FORFEIT
        table.result = forfeit_results(table.entrants, sides, forfeiting=entrants)
        _mark(table, reason, actor)
        _result_changed(tournament, table)
    return table


def played_points(tournament: Tournament, table: TableAssignment) -> dict[int, int]:
    """Each entrant's game points so far: its side's totals summed over the table's matches, an
    abandoned one included (its deals were played), a voided result left out."""
    sides = side_of(tournament, table)
    totals = [0] * (max(sides) + 1)
    for game in table.games.select_related("match"):
        match = game.match
        if match.result_status == ResultStatus.VOID:
            continue
        scored = match.state.get("totals") or {}
        for index, name in enumerate(list(match.sides)[: len(totals)]):
            totals[index] += int(scored.get(name, 0))
    return {entrant: totals[side] for entrant, side in zip(table.entrants, sides, strict=True)}


def open_tables(tournament: Tournament, entrant_id: int | None = None) -> list[TableAssignment]:
    """The drawn tables still playing (no result yet), those of ``entrant_id`` when given: what a
    withdrawal settles, and what the console warns of before one."""
    tables = TableAssignment.objects.filter(round__tournament=tournament, status=TableStatus.PLAYING)
    tables = tables.exclude(round__status__in=(RoundStatus.BUILDING, RoundStatus.FAILED))
    ordered = tables.select_related("round").order_by("round__number", "number")
    return [t for t in ordered if entrant_id is None or entrant_id in t.entrants]


def forfeit_withdrawn(tournament: Tournament, table: TableAssignment, entrant: Entrant, actor: Actor) -> None:
    """Settle the open ``table`` of an entrant being withdrawn, inside the caller's transaction
    (the tournament locked): the match being played is abandoned (its deals stay readable) and the
    table is a forfeit of the entrant's side, a win for the other side(s). The round can then
    complete; in a bracket the opponent advances."""
    for game in table.games.select_related("match"):
        if game.match.status == MatchStatus.IN_PROGRESS:
            match_abandon(match_id=game.match_id, reason=f"withdrawn: {entrant.name}", actor=actor)
    table.status = TableStatus.FORFEIT
    table.result = forfeit_results(table.entrants, side_of(tournament, table), forfeiting=[entrant.pk])
    _mark(table, f"withdrawn: {entrant.name}", actor)
    _result_changed(tournament, table)


def table_reset(*, table_id: int, actor: Actor) -> TableAssignment:
    """Drop the organizer's result: the table's matches decide again."""
    with transaction.atomic():
        tournament, table = _table_for_result(table_id)
        if table.status not in (TableStatus.ADJUSTED, TableStatus.FORFEIT):
            return table
        table.status = TableStatus.PLAYING
        table.result = {}
        _mark(table, f"result cleared by {actor.label}", actor)
        if not table.games.exists():
            entrants = {e.pk: e for e in tournament.entrants.filter(pk__in=table.entrants)}
            start_game(tournament, table.round, table, entrants, sequence=1)
        sync_table(tournament, table)
        _result_changed(tournament, table)
    return table


def _mark(table: TableAssignment, reason: str, actor: Actor) -> None:
    table.reason = reason
    table.adjusted_by = actor.label[:120]
    table.adjusted_at = timezone.now()
    table.save(update_fields=["status", "result", "reason", "adjusted_by", "adjusted_at"])
