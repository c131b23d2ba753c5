"""Matching Trumps: an unnamed trick game for 2 to 5 players (docs/games/matching-trumps.md).

Two parts:

- the **score keeper**: the table enters the tricks each player took out of 10 and who won the last
  trick; a player scores 1 per trick, teams (an option) add up their members' tricks. The match runs
  a fixed number of deals (2 per player) or to a target. The winner of the last trick leads the
  next deal, and the player before the leader deals it.
- the **trick referee** (:func:`referee`, :func:`referee_json`, ``python -m games trick``): who wins
  one trick from the turn-up card and the cards played, by matches, then trumps (the turn-up's suit
  and its rank), then the suit led, with the rule text's tie-breaks.

What it does not do: check that players followed suit (the referee cannot see their hands), or
connect the referee to the score keeper (the table still enters the tricks).

This module holds the score keeper; the referee is :mod:`games.matching_trumps.trick_referee`, whose names
are importable from here as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from games.base import Game
from games.cards import Card, parse_card
from games.common import adds_up_to, best
from games.declaration import EntryContext, Field, Option, Rule
from games.facts import Fact, Facts, Row, Sheet
from games.match import Dealer, DealRecord, DealScore, Result, Table
from games.matching_trumps.trick_referee import (
    MAX_CARDS,
    MIN_CARDS,
    TrickResult,
    referee,
    referee_json,
)
from games.matching_trumps.trick_referee import (
    _decide as _decide,  # the tests read the referee's explanation
)
from games.seats import Party, Seating, partnership_name
from games.terms import counted, problem, said, term
from games.values import Context, Integer, PerSide, SideRef, is_int

TRICKS = 10

# -- the score keeper ---------------------------------------------------------------------------


def team_label(sides: Sequence[str], team: Sequence[int]) -> str:
    """A team's label: its members' names as a partnership's name, in the order given."""
    return partnership_name(sides[position] for position in team)


@dataclass(frozen=True)
class Teams:
    """The ``teams`` option: a list of at least 2 non-empty teams of positions in ``sides``."""

    def describe(self) -> str:
        return "list of teams, each a list of 0-based positions in sides (every position exactly once)"

    def check(self, value: Any, ctx: Context) -> str | None:
        count = len(ctx.sides)
        if not isinstance(value, list) or not all(isinstance(team, list) for team in value):
            return problem(
                "matching-trumps",
                "teams_not_a_list",
                "must be null or a list of teams, each a list of positions in sides (such as [[0, 2], [1, 3]])",
            )
        if len(value) < 2:
            return problem(
                "matching-trumps", "too_few_teams", "needs at least 2 teams, not %(count)s", count=len(value)
            )
        seen: set[int] = set()
        for number, team in enumerate(value, 1):
            if not team:
                return problem("matching-trumps", "empty_team", "team %(number)s is empty", number=number)
            for position in team:
                if not is_int(position) or not 0 <= position < count:
                    return problem(
                        "matching-trumps",
                        "not_a_position",
                        "team %(number)s has %(position)s, which is not a position from 0 to %(last)s",
                        number=number,
                        position=repr(position),
                        last=count - 1,
                    )
                if position in seen:
                    return problem(
                        "matching-trumps",
                        "position_twice",
                        "position %(position)s (%(side)s) appears more than once",
                        position=position,
                        side=ctx.sides[position],
                    )
                seen.add(position)
        missing = [position for position in range(count) if position not in seen]
        if missing:
            return problem(
                "matching-trumps",
                "position_in_no_team",
                "position %(position)s (%(side)s) is in no team",
                position=missing[0],
                side=ctx.sides[missing[0]],
            )
        labels = [team_label(ctx.sides, team) for team in value]
        if len(set(labels)) != len(labels):
            return problem(
                "matching-trumps",
                "same_team_label",
                "two teams would have the same label; rename the players",
            )
        return None

    def schema(self) -> dict[str, Any]:
        return {
            "type": "array",
            "minItems": 2,
            "items": {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 0}},
        }


@dataclass(frozen=True)
class MatchingTrumpsState:
    """Who deals and leads the next deal, and the teams with their running totals (empty without)."""

    dealer: str
    leader: str
    teams: tuple[tuple[str, tuple[str, ...]], ...] = ()
    team_totals: tuple[int, ...] = ()

    def team_totals_json(self) -> dict[str, int]:
        """``{label: total}`` in the order the teams were given."""
        return {label: total for (label, _), total in zip(self.teams, self.team_totals, strict=True)}


def _before(sides: tuple[str, ...], side: str) -> str:
    return sides[(sides.index(side) - 1) % len(sides)]


def _after(sides: tuple[str, ...], side: str) -> str:
    return sides[(sides.index(side) + 1) % len(sides)]


def _last_trick_taken(value: str, ctx: EntryContext) -> str | None:
    if ctx.clean["tricks"][value] < 1:
        return problem(
            "matching-trumps",
            "last_trick_without_tricks",
            "%(side)s took no trick, so %(side)s cannot have won the last one",
            side=value,
        )
    return None


class MatchingTrumps(Game[MatchingTrumpsState]):
    """The rule text's game: 1 point a trick; the last trick leads the next deal."""

    key = "matching-trumps"
    name = term("matching-trumps", "Matching Trumps")
    summary = term(
        "matching-trumps",
        "2 to 5 players (teams optional), 10 tricks a deal, the turn-up's suit and rank are trumps and "
        "matching ranks beat trumps: 1 point a trick, 2 deals per player.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("matching-trumps", "turn-up"),
            term("matching-trumps", "The card turned after the deal: its suit and its rank are trumps."),
        ),
        (
            term("matching-trumps", "matching rank"),
            term("matching-trumps", "A card of the turn-up's rank, which beats even trumps."),
        ),
    )
    min_sides = 2
    max_sides = 5
    deals_off_under_target = True
    fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "tricks",
            PerSide(Integer(0, TRICKS)),
            term("matching-trumps", "Tricks taken by each player."),
            rules=(adds_up_to(TRICKS, "tricks"),),
            label=term("matching-trumps", "Tricks"),
        ),
        Field(
            "last_trick",
            SideRef(),
            term("matching-trumps", "Who won the 10th trick (that player leads the next deal)."),
            rules=(Rule(term("matching-trumps", "That player took at least one trick."), _last_trick_taken),),
            label=term("matching-trumps", "Last trick"),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "teams",
            Teams(),
            None,
            term(
                "matching-trumps",
                "Teams as lists of positions in sides, e.g. [[0, 2], [1, 3]]; a team is labelled with its "
                'members\' names joined by " & ". null: everyone plays for themselves.',
            ),
            nullable=True,
            label=term("matching-trumps", "Teams"),
            hint=term(
                "matching-trumps",
                "Leave empty when everyone plays for themselves. For teams, the players' numbers, one team at a time: 1 3 / 2 4. A team is named after its players (Ann & Cy).",
            ),
        ),
        Option(
            "deals",
            Integer(low=1),
            lambda sides: 2 * len(sides),
            term(
                "matching-trumps",
                "Fixed-length match: it ends after this many deals (null, not in use, when target is set).",
            ),
            default_text="2 × number of players",
            label=term("matching-trumps", "Number of deals"),
            hint=term(
                "matching-trumps",
                "The match ends after this many deals (two per player when left empty); a target replaces it.",
            ),
        ),
        Option(
            "target",
            Integer(low=1),
            None,
            term(
                "matching-trumps",
                "When set, the match ends instead when one competitor alone has the highest total, at or "
                "above the target.",
            ),
            nullable=True,
            label=term("matching-trumps", "Target"),
        ),
        Game.first_dealer_option(),
    )

    def start(self, table: Table) -> MatchingTrumpsState:
        dealer = str(table.options["first_dealer"])
        teams_option = table.options["teams"]
        teams: tuple[tuple[str, tuple[str, ...]], ...] = ()
        if teams_option is not None:
            teams = tuple(
                (team_label(table.sides, team), tuple(table.sides[p] for p in team)) for team in teams_option
            )
        return MatchingTrumpsState(dealer, _after(table.sides, dealer), teams, (0,) * len(teams))

    def score(
        self,
        table: Table,
        state: MatchingTrumpsState,
        entry: Mapping[str, Any],
        totals: Mapping[str, int],
    ) -> tuple[DealScore, MatchingTrumpsState]:
        tricks = entry["tricks"]
        scores = {side: tricks[side] for side in table.sides}
        last = entry["last_trick"]
        breakdown: list[str] = [
            counted(
                "matching-trumps",
                "%(side)s: %(count)s trick = %(count)s",
                "%(side)s: %(count)s tricks = %(count)s",
                n,
                side=side,
            )
            for side, n in scores.items()
        ]
        team_totals = state.team_totals
        if state.teams:
            deal_teams = [sum(scores[m] for m in members) for _, members in state.teams]
            breakdown += [
                said("matching-trumps", "team %(team)s: %(points)s", team=label, points=n)
                for (label, _), n in zip(state.teams, deal_teams, strict=True)
            ]
            team_totals = tuple(a + b for a, b in zip(team_totals, deal_teams, strict=True))
        dealer = _before(table.sides, last)
        breakdown.append(
            said(
                "matching-trumps",
                "%(side)s won the last trick: %(side)s leads the next deal, %(dealer)s deals it",
                side=last,
                dealer=dealer,
            )
        )
        extra = {"leader": state.leader, "last_trick": last}
        new_state = MatchingTrumpsState(dealer, last, state.teams, team_totals)
        return DealScore(scores, tuple(breakdown), extra), new_state

    def competitor_totals(self, state: MatchingTrumpsState, totals: Mapping[str, int]) -> Mapping[str, int]:
        """The totals of the competitors: the teams when there are teams, else the players."""
        return state.team_totals_json() if state.teams else totals

    def result(
        self, table: Table, state: MatchingTrumpsState, totals: Mapping[str, int], deals: int
    ) -> Result:
        if deals == 0:
            return Result(False)
        standings = self.competitor_totals(state, totals)
        leader = best(standings)
        target = table.options["target"]
        if target is not None:
            if leader is not None and standings[leader] >= target:
                return Result(True, leader)
            return Result(False)
        if deals >= table.options["deals"]:
            return Result(True, leader)
        return Result(False)

    def leader(self, table: Table, state: MatchingTrumpsState, totals: Mapping[str, int]) -> str | None:
        """The competitor alone at the top (a team label with teams), for a match cut short."""
        return best(self.competitor_totals(state, totals))

    def dealer(self, table: Table, state: MatchingTrumpsState, index: int) -> Dealer:
        return state.dealer

    def next_deal(self, table: Table, state: MatchingTrumpsState, dealer: Dealer) -> dict[str, Any]:
        return {"dealer": dealer, "leader": state.leader}

    def structure(self, table: Table, state: MatchingTrumpsState) -> dict[str, Any]:
        return {"team_totals": state.team_totals_json()} if state.teams else {}

    @classmethod
    def seating(
        cls, options: Mapping[str, Any] | None, sides: Sequence[str], players: Sequence[str] = ()
    ) -> Seating:
        """Everyone plays for themselves; with ``teams``, the teams are named parties on top."""
        seating = super().seating(options, sides, players)
        teams = (options or {}).get("teams") or ()
        parties = tuple(
            Party(team_label(sides, team), tuple(seating.places[p] for p in team)) for team in teams
        )
        return replace(seating, teams=parties)

    def facts(
        self, table: Table, state: MatchingTrumpsState, deals: tuple[DealRecord, ...], result: Result
    ) -> Facts:
        """The teams' totals, when there are teams, and who leads the next deal."""
        facts = replace(
            super().facts(table, state, deals, result),
            upcoming=(Fact(term("matching-trumps", "Leads"), state.leader),),
        )
        if not state.teams:
            return facts
        rows = tuple(
            Row((label, str(total))) for (label, _), total in zip(state.teams, state.team_totals, strict=True)
        )
        head = (term("matching-trumps", "Team"), term("matching-trumps", "Total"))
        return replace(facts, sheets=(Sheet(term("matching-trumps", "Teams"), head, rows),))


__all__ = [
    "MAX_CARDS",
    "MIN_CARDS",
    "Card",
    "MatchingTrumps",
    "MatchingTrumpsState",
    "TrickResult",
    "parse_card",
    "referee",
    "referee_json",
]
