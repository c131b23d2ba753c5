"""Individual events of partnership games: each round draws new partners, then new opponents.

For Coinche, Klaverjas, Auction Forty-Five, Forty-Five, Back Alley and Aluette played as an
individual event: entrants are players, every table seats two partnerships, and the standings
are per player (see :mod:`tournaments.standings`).

In: the players as :class:`~tournaments.pairing.base.Entrant` values (``rank`` orders the byes),
the history as :class:`~tournaments.pairing.base.Seating` rows of four seats (seats 0 and 2 are
partners, 1 and 3 the other partnership, as in the rule book) or one (a bye), the round number
and the event's ``seed`` (the same seed every round: store it with the event). Out: a
:class:`~tournaments.pairing.base.RoundDraw` of four-seat tables.

How a round is drawn:

1. **Byes.** When the field is not a multiple of four, ``n mod 4`` players sit out: those with
   the fewest byes, then the lowest-ranked.
2. **Partners.** A minimum-cost perfect matching on the players (rustworkx, exact). The cost is
   lexicographic: first the number of times the two were partners before, then whether they are
   partners in this round of a Berger round robin over the seeded numbering of the field (that
   schedule lets a field of ``n`` go ``n - 1`` rounds without a repeated partner, where a greedy
   round-by-round draw can paint itself into a corner), then a seeded random tie-break. So no
   pair are partners again while any repeat-free partnering of the present players exists.
3. **Opponents.** A second matching on the partnerships: the cost of two partnerships facing each
   other is the number of earlier meetings between their four cross pairs, then a seeded random
   tie-break. Opponents are minimized given the partners (the partners come first).
4. **Seats.** Of the eight ways to seat a table, the one putting players in the seats they have
   taken least.

Notes: ``REPEAT_PARTNER`` for partners again, ``REMATCH`` for opponents again, and a reason for
every bye.

What this module does not do: group players by standing (every round is a fresh draw), or fixed
partnerships (those are entrants of a Swiss or a round robin).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from tournaments.pairing.base import (
    Entrant,
    EntrantId,
    Flag,
    Note,
    RoundDraw,
    Seating,
    TableAssignment,
    check_round,
    check_unique,
    choose_byes,
    standing_key,
)
from tournaments.pairing.errors import FieldTooSmallError
from tournaments.pairing.history import History, index_history, pair, rounds_text
from tournaments.pairing.matching import CostGraph, min_cost_perfect_matching
from tournaments.pairing.round_robin import berger_pairs

_TIE_BREAK = 1000


def draw_individual_round(
    players: Sequence[Entrant],
    history: Sequence[Seating] = (),
    *,
    round_number: int,
    seed: int,
    bye_cap: int | None = None,
) -> RoundDraw:
    """Draw one round of an individual event of a partnership game (see the module text);
    ``bye_cap``: the club's most byes for one player (``base.choose_byes``)."""
    check_unique(p.id for p in players)
    check_round(round_number, history)
    if len(players) < 4:
        raise FieldTooSmallError(f"a table of a partnership game needs 4 players, not {len(players)}")
    index = index_history(history, partnerships=True)
    order = sorted(players, key=standing_key)
    byes = choose_byes(order, len(order) % 4, index.byes, bye_cap)
    sitting_out = {b.entrant for b in byes}
    present = sorted(p.id for p in order if p.id not in sitting_out)
    rng = random.Random(f"{seed}:{round_number}")

    scheduled = _berger_partners([p.id for p in order], round_number, seed)
    partner_graph = _graph(
        present,
        lambda a, b: (index.partnerships(a, b), 0 if pair(a, b) in scheduled else 1),
        rng,
    )
    partnerships = [(present[i], present[j]) for i, j in min_cost_perfect_matching(partner_graph).pairs]
    partnerships.sort()

    table_graph = _graph(
        list(range(len(partnerships))),
        lambda p, q: (sum(index.meetings(a, b) for a in partnerships[p] for b in partnerships[q]),),
        rng,
    )
    tables = []
    for number, (p, q) in enumerate(min_cost_perfect_matching(table_graph).pairs, start=1):
        seats = _seat(partnerships[p], partnerships[q], index)
        tables.append(TableAssignment(number, seats, _notes(seats, index)))
    return RoundDraw(round_number, tuple(tables), tuple(byes), seed)


def _berger_partners(
    field: Sequence[EntrantId], round_number: int, seed: int
) -> set[tuple[EntrantId, EntrantId]]:
    """Partner pairs of this round in a Berger round robin over the seeded numbering of ``field``."""
    numbered = sorted(field)
    random.Random(seed).shuffle(numbered)
    size = len(numbered) + len(numbered) % 2
    within = (round_number - 1) % (size - 1) + 1
    return {
        pair(numbered[a - 1], numbered[b - 1])
        for a, b in berger_pairs(size, within)
        if a <= len(numbered) and b <= len(numbered)
    }


def _graph(
    nodes: Sequence[int], criteria: Callable[[int, int], tuple[int, ...]], rng: random.Random
) -> CostGraph:
    """A complete cost graph whose costs order pairs by ``criteria(a, b)`` (a tuple), then by chance."""
    values = []
    for i, j in itertools.combinations(range(len(nodes)), 2):
        values.append((i, j, criteria(nodes[i], nodes[j]), rng.randrange(_TIE_BREAK)))
    width = len(values[0][2]) if values else 0
    pairs = len(nodes) // 2
    weights = [0] * width
    lower = pairs * _TIE_BREAK
    for k in reversed(range(width)):
        weights[k] = lower + 1
        lower += weights[k] * max(v[2][k] for v in values) * pairs
    edges = tuple(
        (i, j, sum(w * c for w, c in zip(weights, crit, strict=True)) + tie) for i, j, crit, tie in values
    )
    return CostGraph(len(nodes), edges, complete=True)


def _seat(
    one: tuple[EntrantId, EntrantId], other: tuple[EntrantId, EntrantId], index: History
) -> tuple[EntrantId, EntrantId, EntrantId, EntrantId]:
    """The seating (partners in seats 0/2 and 1/3) that puts players where they have sat least."""
    options = []
    for first, second in ((one, other), (other, one)):
        for a, c in (first, first[::-1]):
            for b, d in (second, second[::-1]):
                options.append((a, b, c, d))
    return min(options, key=lambda seats: sum(index.seat_count(e, k) for k, e in enumerate(seats)))


def _notes(seats: tuple[EntrantId, ...], index: History) -> tuple[Note, ...]:
    notes = []
    for k, m in itertools.combinations(range(4), 2):
        a, b = seats[k], seats[m]
        if (m - k) % 2 == 0:
            rounds = index.partnered.get(pair(a, b))
            if rounds:
                notes.append(Note(Flag.REPEAT_PARTNER, (a, b), f"partners before, in {rounds_text(rounds)}"))
        else:
            rounds = index.met.get(pair(a, b))
            if rounds:
                notes.append(Note(Flag.REMATCH, (a, b), f"opponents before, in {rounds_text(rounds)}"))
    return tuple(notes)


__all__ = ["draw_individual_round"]
