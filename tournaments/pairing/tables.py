"""Tables of more than two seats (Parcellus: 3; Matching Trumps: 2 to 5): group the field by standing.

In: the field as :class:`~tournaments.pairing.base.Entrant` values, the history as
:class:`~tournaments.pairing.base.Seating` rows (every seat of a table is everyone else's
opponent; one seat is a bye), the round number and the game's :class:`TableSizes`. Out: a
:class:`~tournaments.pairing.base.RoundDraw` of tables, top table first, in seat order.

How a round is drawn:

1. **Sizes.** :func:`plan_tables` seats as many entrants as the sizes allow (the rest get byes,
   e.g. 10 players of Parcellus: three tables of three and one bye), using tables as close to the
   preferred size as possible (least sum of squared differences; on a tie, more and smaller
   tables, so rounds end together). 10 at Matching Trumps preferring 4: tables of 4, 3 and 3.
   Larger tables sit at the top.
2. **Order and byes.** By standing (score, then rank, then id); round 1 by seed or by a seeded
   shuffle. Byes go to the lowest-ranked entrants with the fewest byes.
3. **Grouping.** The order is cut into blocks of the planned sizes (the top entrants at table 1),
   then improved by swapping two entrants between tables while a swap lowers the cost, which
   is lexicographic: first the number of repeat meetings (pairs at one table who have met
   before), then the sum over tables of squared score differences, then same-club pairs, then how
   far entrants sit from their block of the standings (squared). Swaps are tried between tables
   up to three apart, then, while a repeat remains, between any two. This is a local search: it removes every repeat that one
   swap can remove, not necessarily every avoidable one.
4. **Seats.** At each table the seat order that puts each entrant in the seats it has taken
   least (ties: standing order) is chosen.

Notes: ``REMATCH`` for pairs who met before, ``FLOAT`` for an entrant seated outside its block of
the standings, ``SAME_CLUB``, ``TABLE_SIZE`` for a table not of the preferred size, and a reason
for every bye.

What this module does not do: two-seat pairing (use ``swiss``), partnerships (``individual``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.base import (
    Entrant,
    FirstRound,
    Flag,
    Note,
    RoundDraw,
    Seating,
    TableAssignment,
    check_round,
    check_unique,
    choose_byes,
    seeded_shuffle,
    standing_key,
)
from tournaments.pairing.errors import FieldTooSmallError, InvalidTableSizesError, MissingSeedError
from tournaments.pairing.history import History, index_history, pair, rounds_text


@dataclass(frozen=True)
class TableSizes:
    """The legal table sizes of a game (``minimum`` to ``maximum`` seats) and the preferred one."""

    minimum: int
    maximum: int
    preferred: int

    def __post_init__(self) -> None:
        if not 2 <= self.minimum <= self.preferred <= self.maximum:
            raise InvalidTableSizesError(
                f"table sizes need 2 <= minimum <= preferred <= maximum, not "
                f"{self.minimum}, {self.preferred}, {self.maximum}"
            )


PARCELLUS = TableSizes(3, 3, 3)
"""Parcellus is always three-handed."""

MATCHING_TRUMPS = TableSizes(2, 5, 4)
"""Matching Trumps seats 2 to 5; four is a sensible default (a tournament may prefer another)."""


def plan_tables(count: int, sizes: TableSizes) -> tuple[tuple[int, ...], int]:
    """The table sizes (largest first) for ``count`` entrants, and how many get a bye."""
    if count < sizes.minimum:
        raise FieldTooSmallError(f"{count} entrants cannot fill a table of {sizes.minimum}")
    for seated in range(count, sizes.minimum - 1, -1):
        best: tuple[tuple[int, int], tuple[int, ...]] | None = None
        for tables in range(-(-seated // sizes.maximum), seated // sizes.minimum + 1):
            base, extra = divmod(seated, tables)
            plan = (base + 1,) * extra + (base,) * (tables - extra)
            if plan[-1] < sizes.minimum or plan[0] > sizes.maximum:
                continue
            score = (sum((s - sizes.preferred) ** 2 for s in plan), -tables)
            if best is None or score < best[0]:
                best = (score, plan)
        if best is not None:
            return best[1], count - seated
    raise FieldTooSmallError(
        f"{count} entrants cannot be seated at tables of {sizes.minimum}–{sizes.maximum}"
    )


def draw_tables(
    entrants: Sequence[Entrant],
    history: Sequence[Seating] = (),
    *,
    round_number: int,
    sizes: TableSizes,
    first_round: FirstRound = FirstRound.BY_SEED,
    seed: int | None = None,
    bye_cap: int | None = None,
) -> RoundDraw:
    """Draw one round of multi-seat tables (see the module text); ``bye_cap``: the club's most
    byes for one entrant (``base.choose_byes``)."""
    check_unique(e.id for e in entrants)
    check_round(round_number, history)
    index = index_history(history)
    used_seed = None
    if round_number == 1 and first_round is FirstRound.RANDOM:
        if seed is None:
            raise MissingSeedError("a random first round needs a seed (record it to reproduce the draw)")
        used_seed = seed
        drawn = {e.id: k for k, e in enumerate(seeded_shuffle(entrants, seed))}
        order = sorted(entrants, key=lambda e: (-e.score, drawn[e.id]))
    else:
        order = sorted(entrants, key=standing_key)
    plan, bye_count = plan_tables(len(order), sizes)
    byes = choose_byes(order, bye_count, index.byes, bye_cap)
    sitting_out = {b.entrant for b in byes}
    players = [e for e in order if e.id not in sitting_out]
    grouping = _Grouping(players, plan, index)
    grouping.improve()
    tables = []
    for number, members in enumerate(grouping.tables, start=1):
        seats = _seat_order([players[k] for k in sorted(members)], index)
        notes = _notes(number, members, grouping, players, index, sizes, plan, len(order))
        tables.append(TableAssignment(number, tuple(e.id for e in seats), notes))
    return RoundDraw(round_number, tuple(tables), tuple(byes), used_seed)


class _Grouping:
    """Tables as lists of positions in ``players``, improved by swaps under a lexicographic cost."""

    def __init__(self, players: Sequence[Entrant], plan: Sequence[int], index: History) -> None:
        self.players = players
        self.index = index
        self.blocks: list[tuple[int, int]] = []
        self.tables: list[list[int]] = []
        start = 0
        for size in plan:
            self.blocks.append((start, start + size))
            self.tables.append(list(range(start, start + size)))
            start += size
        n = len(players)
        largest_gap = (players[0].score - players[-1].score) ** 2 if players else 0
        # Lexicographic weights: each exceeds the largest total the criteria below it can reach.
        self.w_club = n**3 + 1
        self.w_score = self.w_club * (n * n + 1)
        self.w_meet = self.w_score * (n * n * max(largest_gap, 1) + 1)
        self._pair_cost: dict[tuple[int, int], int] = {}

    def pair_cost(self, i: int, j: int) -> int:
        key = (i, j) if i < j else (j, i)
        cost = self._pair_cost.get(key)
        if cost is None:
            a, b = self.players[i], self.players[j]
            cost = (
                self.index.meetings(a.id, b.id) * self.w_meet
                + (a.score - b.score) ** 2 * self.w_score
                + (self.w_club if a.club and a.club == b.club else 0)
            )
            self._pair_cost[key] = cost
        return cost

    def displacement(self, position: int, table: int) -> int:
        start, end = self.blocks[table]
        return max(0, start - position, position - (end - 1)) ** 2

    def has_repeat(self, table: int) -> bool:
        members = self.tables[table]
        return any(
            self.index.meetings(self.players[i].id, self.players[j].id)
            for i, j in itertools.combinations(members, 2)
        )

    def swap_gain(self, t1: int, k1: int, t2: int, k2: int) -> int:
        """How much the cost drops if ``tables[t1][k1]`` and ``tables[t2][k2]`` change tables."""
        x, y = self.tables[t1][k1], self.tables[t2][k2]
        gain = self.displacement(x, t1) + self.displacement(y, t2)
        gain -= self.displacement(y, t1) + self.displacement(x, t2)
        for z in self.tables[t1]:
            if z != x:
                gain += self.pair_cost(x, z) - self.pair_cost(y, z)
        for z in self.tables[t2]:
            if z != y:
                gain += self.pair_cost(y, z) - self.pair_cost(x, z)
        return gain

    def improve(self, reach: int = 3, passes: int = 50) -> None:
        """Swap while a swap helps: between tables ``reach`` apart, then between any two."""
        count = len(self.tables)
        for limit in (reach, count):
            for _ in range(passes):
                if not self._pass(limit):
                    break
            if not any(self.has_repeat(t) for t in range(count)):
                break

    def _pass(self, limit: int) -> bool:
        improved = False
        count = len(self.tables)
        for t1 in range(count):
            for t2 in range(t1 + 1, min(count, t1 + limit + 1)):
                for k1 in range(len(self.tables[t1])):
                    for k2 in range(len(self.tables[t2])):
                        if self.swap_gain(t1, k1, t2, k2) > 0:
                            self.tables[t1][k1], self.tables[t2][k2] = (
                                self.tables[t2][k2],
                                self.tables[t1][k1],
                            )
                            improved = True
        return improved


def _seat_order(members: Sequence[Entrant], index: History) -> tuple[Entrant, ...]:
    """The seat order putting each entrant where it has sat least (first such order in standing order)."""
    best: tuple[int, tuple[Entrant, ...]] | None = None
    for order in itertools.permutations(members):
        used = sum(index.seat_count(e.id, seat) for seat, e in enumerate(order))
        if best is None or used < best[0]:
            best = (used, order)
    assert best is not None
    return best[1]


def _notes(
    number: int,
    members: Sequence[int],
    grouping: _Grouping,
    players: Sequence[Entrant],
    index: History,
    sizes: TableSizes,
    plan: Sequence[int],
    field_size: int,
) -> tuple[Note, ...]:
    notes = []
    table = number - 1
    ordered = sorted(members)
    for i, j in itertools.combinations(ordered, 2):
        a, b = players[i], players[j]
        met = index.met.get(pair(a.id, b.id))
        if met:
            notes.append(Note(Flag.REMATCH, (a.id, b.id), f"they met before, in {rounds_text(met)}"))
        if a.club and a.club == b.club:
            notes.append(Note(Flag.SAME_CLUB, (a.id, b.id), f"both from {a.club!r}"))
    start, end = grouping.blocks[table]
    for k in ordered:
        if not start <= k < end:
            notes.append(
                Note(
                    Flag.FLOAT,
                    (players[k].id,),
                    f"seated with places {start + 1}–{end} of the draw order from place {k + 1}",
                )
            )
    if len(members) != sizes.preferred:
        shown = ", ".join(str(s) for s in plan)
        notes.append(
            Note(
                Flag.TABLE_SIZE,
                tuple(players[k].id for k in ordered),
                f"{field_size} entrants do not divide into tables of {sizes.preferred}: tables of {shown}",
            )
        )
    return tuple(notes)


__all__ = ["MATCHING_TRUMPS", "PARCELLUS", "TableSizes", "draw_tables", "plan_tables"]
