"""The prize list of an evening: who wins which prize, and the order in which winners choose.

Clubs publish their prize rules (:class:`~tournaments.standings.club_rules.Prizes`): places 1 to N,
the *Formule-van-4* (places 1, 2, 3, 4, then every 4th: 8, 12, 16, …), or every participating
entrant; and named extras: the booby prize (*poedelprijs*, the last place), the best points total of
the evening (*puntenkampioen*) and the best single match. At the prize table winners choose in rank
order, so the list is in that order and each prize carries its turn (``choose``).

:func:`prize_list` reads the standings as ranked (best first, ties already broken by the event's
tie-break order, a tie that order could not break shared: "3=") and every entrant's table results:

- A withdrawn entrant wins nothing; the places are counted among the entrants still in, so the
  next one moves up.
- A place the tie-break order could not separate is said (``tie`` :attr:`Tie.SHARED`, with whom);
  two entrants the event's *lots* separated are said too (:attr:`Tie.LOT`).
- The booby prize goes to the last place; unless every entrant wins a place prize, the last place
  takes the booby prize instead of a place prize (nobody takes both).
- The best points total is the most game points scored at the tables over all rounds; the best
  match is the most game points in one table's result. A tie for either is said, and the prize is
  listed for the best ranked of the tied.
- Order: the place prizes in rank order, then the best points total, the best match, and the booby
  prize last (the last place chooses last).

No Django: plain values in, plain values out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from tournaments.standings.club_rules import PrizeExtra, PrizeRule, Prizes

#: The tiebreak key of the event's lots (see ``metrics.Lots``).
LOTS = "lots"


class PrizeKind(StrEnum):
    """What a prize is for."""

    PLACE = "place"
    BOOBY = "booby"
    MOST_POINTS = "most_points"
    BEST_MATCH = "best_match"


class Tie(StrEnum):
    """How a prize's winner was tied with others."""

    SHARED = "shared"
    """The tie-break order could not separate them: they share the place (or the extra prize)."""
    LOT = "lot"
    """Equal on every tiebreak before the lots: the event's lot decided."""


@dataclass(frozen=True)
class Placed:
    """An entrant as the standings rank them: ``rank`` is the label ("3=" when shared),
    ``values`` each metric's value by key (for telling a lot apart from a shared place)."""

    entrant: int
    name: str
    rank: str
    withdrawn: bool = False
    values: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Score:
    """The game points one entrant scored at one table in one round."""

    round: int
    entrant: int
    points: int


@dataclass(frozen=True)
class Prize:
    """One prize of the list. ``choose``: the winner's turn at the prize table (from 1).
    ``place``: a place prize's place (among the entrants still in), the booby prize's last place.
    ``tied_with``: the entrants tied with the winner for it. ``points`` (and ``round``): what won
    a best points total or a best match."""

    choose: int
    kind: PrizeKind
    entrant: int
    name: str
    rank: str
    place: int | None = None
    tie: Tie | None = None
    tied_with: tuple[int, ...] = ()
    points: int | None = None
    round: int | None = None

    @property
    def tied(self) -> bool:
        return self.tie is not None


def prize_places(rule: Prizes, count: int) -> list[int]:
    """The places that win a place prize among ``count`` entrants, before the booby prize."""
    if not rule.given or count <= 0:
        return []
    if rule.rule is PrizeRule.PLACES:
        last = min(rule.places or 0, count)
    else:
        last = count if rule.places is None else min(rule.places, count)
    if rule.rule is PrizeRule.EVERY_FOURTH:
        return [place for place in range(1, last + 1) if place <= 4 or place % 4 == 0]
    return list(range(1, last + 1))


def prize_list(
    rule: Prizes,
    ranked: Sequence[Placed],
    scores: Sequence[Score] = (),
    *,
    precedence: Sequence[str] = (),
) -> tuple[Prize, ...]:
    """The prizes in the order winners choose (see the module text). ``ranked``: the standings,
    best first; ``scores``: every table result; ``precedence``: the event's tiebreak keys."""
    if not rule.given:
        return ()
    field_in = [placed for placed in ranked if not placed.withdrawn]
    booby = PrizeExtra.BOOBY in rule.extras and len(field_in) >= 2
    places = prize_places(rule, len(field_in))
    if booby and rule.rule is not PrizeRule.EVERYONE and places and places[-1] == len(field_in):
        places = places[:-1]
    by_place = [(place, field_in[place - 1]) for place in places]
    found: list[Prize] = [
        Prize(
            0,
            PrizeKind.PLACE,
            placed.entrant,
            placed.name,
            placed.rank,
            place=place,
            **_place_tie(placed, field_in, precedence),
        )
        for place, placed in by_place
    ]
    in_field = {placed.entrant: position for position, placed in enumerate(field_in)}
    counted = [score for score in scores if score.entrant in in_field]
    if PrizeExtra.MOST_POINTS in rule.extras:
        totals: dict[int, int] = {}
        for score in counted:
            totals[score.entrant] = totals.get(score.entrant, 0) + score.points
        found.extend(
            _best(PrizeKind.MOST_POINTS, [(t, e, None) for e, t in totals.items()], field_in, in_field)
        )
    if PrizeExtra.BEST_MATCH in rule.extras:
        matches = [(s.points, s.entrant, s.round) for s in counted]
        found.extend(_best(PrizeKind.BEST_MATCH, matches, field_in, in_field))
    if booby:
        last = field_in[-1]
        fellows = tuple(p.entrant for p in field_in[:-1] if p.rank == last.rank and _shared(last.rank))
        found.append(
            Prize(
                0,
                PrizeKind.BOOBY,
                last.entrant,
                last.name,
                last.rank,
                place=len(field_in),
                tie=Tie.SHARED if fellows else None,
                tied_with=fellows,
            )
        )
    return tuple(replace(prize, choose=turn) for turn, prize in enumerate(found, start=1))


def _shared(rank: str) -> bool:
    return rank.endswith("=")


def _place_tie(placed: Placed, field_in: Sequence[Placed], precedence: Sequence[str]) -> dict[str, Any]:
    """A place's tie: shared with the others of its rank ("3="), else decided by lot against those
    equal to it on every tiebreak before the lots, else none."""
    if _shared(placed.rank):
        fellows = tuple(p.entrant for p in field_in if p.rank == placed.rank and p is not placed)
        return {"tie": Tie.SHARED, "tied_with": fellows} if fellows else {}
    keys = list(precedence)
    if LOTS not in keys:
        return {}
    before = keys[: keys.index(LOTS)]
    mine = [placed.values.get(key) for key in before]
    fellows = tuple(
        p.entrant for p in field_in if p is not placed and [p.values.get(key) for key in before] == mine
    )
    return {"tie": Tie.LOT, "tied_with": fellows} if fellows else {}


def _best(
    kind: PrizeKind,
    candidates: Sequence[tuple[int, int, int | None]],
    field_in: Sequence[Placed],
    in_field: Mapping[int, int],
) -> list[Prize]:
    """The extra prize for the highest points among ``candidates`` ((points, entrant, round)),
    listed for the best ranked of those who reach it (then the earliest round)."""
    if not candidates:
        return []
    top = max(points for points, _, _ in candidates)
    reached = sorted(
        (c for c in candidates if c[0] == top), key=lambda c: (in_field[c[1]], -1 if c[2] is None else c[2])
    )
    _, winner, round_number = reached[0]
    fellows = tuple(dict.fromkeys(e for _, e, _ in reached[1:] if e != winner))
    placed = field_in[in_field[winner]]
    return [
        Prize(
            0,
            kind,
            winner,
            placed.name,
            placed.rank,
            tie=Tie.SHARED if fellows else None,
            tied_with=fellows,
            points=top,
            round=round_number,
        )
    ]


__all__ = ["Placed", "Prize", "PrizeKind", "Score", "Tie", "prize_list", "prize_places"]
