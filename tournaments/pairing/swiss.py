"""Swiss pairing: one global minimum-cost perfect matching per round, no swap heuristics.

In: the field as :class:`~tournaments.pairing.base.Entrant` values (``score`` = match points so
far, ``rank`` = position in the standings, or the seed before round 1, ``club``), the history as
:class:`~tournaments.pairing.base.Seating` rows of two seats (seat 0 takes the first side) or one
(a bye), the round number, and a :class:`SwissPolicy`. Out: a
:class:`~tournaments.pairing.base.RoundDraw` whose tables have the first side in seat 0, with a
:class:`~tournaments.pairing.base.Note` for every rematch, float, same-club pairing and side
imbalance, and a :class:`~tournaments.pairing.base.Bye` (with its reason) when the field is odd.

How a round is drawn:

1. **Order.** The field is sorted by score (high first), then ``rank``, then id. In round 1 with
   ``FirstRound.RANDOM`` the ties within a score are broken by a shuffle drawn from ``seed``
   instead (the seed is recorded in the draw). Consecutive equal scores form a *score group*;
   the order, and so the groups, depend only on the values given, never on the input order.
2. **Bye.** An odd field gives the bye to the lowest-ranked entrant who has not had one (if all
   have, the fewest byes, then the lowest-ranked).
3. **Costs.** Every pair of the remaining entrants gets one integer cost built from five
   criteria, each a small non-negative integer:

   - ``REMATCH``: how many times the two have met before;
   - ``SCORE``: the square of their score difference (two floats of one point are cheaper than one
     of two points);
   - ``CLUB``: 1 if both have the same non-empty club;
   - ``SIDE``: the side-balance penalty of the better orientation of the pair. An entrant's
     penalty for a side is 4 × (|imbalance after the round| − 1) when that exceeds 1, plus 4 for
     taking the same side a third time running or 1 for taking it twice running;
   - ``SEEDING``: the distance from the Dutch fold. Inside a group of ``m`` the entrant at index
     ``i`` should meet index ``i + m // 2`` (top half against bottom half; in round 1 by seed,
     1 v ``n/2 + 1``); a float should leave from the bottom of its group and land at the top of
     the next.

   ``SwissPolicy.priorities`` orders the criteria (default: rematch, score, club, side, seeding)
   and the costs are *lexicographic*: each criterion's weight exceeds the largest total the lower
   criteria can reach over a whole round, so no amount of a lower criterion ever buys one unit of
   a higher one. With the default order a rematch happens only when every pairing of the field
   (of the cost graph, see 4) has one.
4. **Matching.** rustworkx's exact blossom algorithm finds the perfect matching of least total
   cost (:mod:`tournaments.pairing.matching`). Fields of up to ``SwissPolicy.exact_up_to``
   entrants use the complete graph, so the pairing is the global optimum. Larger fields use a
   candidate graph, because the blossom algorithm on a complete graph of 1,000 takes 5–10 s: each
   entrant is joined to its ``candidates`` cheapest partners, to its ``candidates`` cheapest when
   each middle criterion in turn is ignored (so that, say, a side preference cannot hide the
   partner the seeding wants), and to its ``neighbours`` nearest entrants in the order (so a
   perfect matching always exists). The matching is exact on that graph. Checked against the
   complete graph (``bench/bench_pairing.py --exact-check`` and six-round runs of 450 and 1,000
   entrants), it reached the same total on every criterion in every round tried; that is
   evidence, not a proof: above ``exact_up_to`` the pairing is guaranteed optimal only over the
   candidate graph.
5. **Tables.** Each pair takes the orientation with the smaller side penalty (ties: the
   higher-ranked entrant takes the first side on odd tables, the second on even tables); table 1
   is the pair with the best-placed entrant.

What this module does not do: compute scores or standings (pass them in), know about matches,
games or Django. Randomness only comes from the ``seed`` argument.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from tournaments.pairing.base import (
    Bye,
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
from tournaments.pairing.errors import FieldTooSmallError, MissingSeedError, PairingError
from tournaments.pairing.history import History, index_history, pair, rounds_text
from tournaments.pairing.matching import CostGraph, Matching, min_cost_perfect_matching

IntMatrix = npt.NDArray[np.int64]


class Criterion(StrEnum):
    """What a Swiss pairing tries to avoid, each as a small non-negative integer per pair."""

    REMATCH = "rematch"
    SCORE = "score"
    CLUB = "club"
    SIDE = "side"
    SEEDING = "seeding"


DEFAULT_PRIORITIES = (Criterion.REMATCH, Criterion.SCORE, Criterion.CLUB, Criterion.SIDE, Criterion.SEEDING)


class InvalidPolicyError(PairingError):
    """The Swiss policy is inconsistent (no criteria, a criterion twice, a limit below 1)."""


@dataclass(frozen=True)
class SwissPolicy:
    """How a tournament wants its Swiss rounds drawn (store it with the tournament).

    ``priorities``: the criteria in order of importance; a criterion left out is ignored.
    ``first_round``: round 1 by seed or random (then ``pair_swiss`` needs a ``seed``).
    ``exact_up_to``: fields up to this many entrants are matched on the complete graph.
    ``candidates`` / ``neighbours``: the candidate graph of larger fields (see the module text).
    ``bye_cap``: the club's most byes for one entrant (``base.choose_byes``), or none.
    """

    priorities: tuple[Criterion, ...] = DEFAULT_PRIORITIES
    first_round: FirstRound = FirstRound.BY_SEED
    exact_up_to: int = 400
    candidates: int = 16
    neighbours: int = 4
    bye_cap: int | None = None

    def __post_init__(self) -> None:
        if not self.priorities:
            raise InvalidPolicyError("a Swiss policy needs at least one criterion")
        if len(set(self.priorities)) != len(self.priorities):
            raise InvalidPolicyError("each criterion may appear once in the priorities")
        if min(self.exact_up_to, self.candidates, self.neighbours) < 1:
            raise InvalidPolicyError("exact_up_to, candidates and neighbours must be at least 1")


# Bits each criterion gets in the int64 key that picks the candidate partners of large fields.
_SELECTION_BITS = {
    Criterion.REMATCH: 3,
    Criterion.SCORE: 16,
    Criterion.CLUB: 1,
    Criterion.SIDE: 8,
    Criterion.SEEDING: 22,
}


@dataclass(frozen=True)
class SwissProblem:
    """A Swiss round ready to be matched: the cost graph and everything needed to read a matching.

    Vertex ``k`` of ``graph`` is ``players[k]``; ``players`` is the field in pairing order without
    the bye. ``weights`` is the multiplier of each criterion in the lexicographic cost.
    :func:`pair_swiss` is ``problem.draw(min_cost_perfect_matching(problem.graph))``; the benchmark
    solves the same ``graph`` with another solver.
    """

    round: int
    players: tuple[Entrant, ...]
    byes: tuple[Bye, ...]
    graph: CostGraph
    weights: tuple[tuple[Criterion, int], ...]
    seed: int | None
    first_penalty: tuple[int, ...]
    second_penalty: tuple[int, ...]
    history: History

    def draw(self, matching: Matching) -> RoundDraw:
        """The round's tables for a perfect matching of ``graph``, with every flag explained."""
        tables = []
        for number, (i, j) in enumerate(sorted(matching.pairs), start=1):
            first, second = self._orient(i, j, number)
            a, b = self.players[first], self.players[second]
            tables.append(TableAssignment(number, (a.id, b.id), self._notes(a, b)))
        return RoundDraw(self.round, tuple(tables), self.byes, self.seed, matching.cost)

    def totals(self, matching: Matching) -> dict[Criterion, int]:
        """Each criterion's total over a matching of ``graph`` (weights aside): how many rematches,
        the sum of squared score differences, same-club pairs, side penalties and seeding distance."""
        components = _components(
            self.players, self.history, list(Criterion), self.first_penalty, self.second_penalty
        )
        return {c: sum(int(components[c][i, j]) for i, j in matching.pairs) for c in Criterion}

    def _orient(self, i: int, j: int, number: int) -> tuple[int, int]:
        keep = self.first_penalty[i] + self.second_penalty[j]
        swap = self.second_penalty[i] + self.first_penalty[j]
        if keep != swap:
            return (i, j) if keep < swap else (j, i)
        return (i, j) if number % 2 else (j, i)

    def _notes(self, first: Entrant, second: Entrant) -> tuple[Note, ...]:
        notes = []
        both = (first.id, second.id)
        met = self.history.met.get(pair(first.id, second.id))
        if met:
            notes.append(Note(Flag.REMATCH, both, f"they met before, in {rounds_text(met)}"))
        if first.score != second.score:
            high, low = (first, second) if first.score > second.score else (second, first)
            notes.append(
                Note(
                    Flag.FLOAT,
                    (high.id, low.id),
                    f"paired across score groups: {high.score} points against {low.score}",
                )
            )
        if first.club and first.club == second.club:
            notes.append(Note(Flag.SAME_CLUB, both, f"both from {first.club!r}"))
        for entrant, side in ((first, 0), (second, 1)):
            reason = _side_trouble(self.history.sides.get(entrant.id, []), side)
            if reason:
                notes.append(Note(Flag.SIDE_IMBALANCE, (entrant.id,), reason))
        return tuple(notes)


def pair_swiss(
    entrants: Sequence[Entrant],
    history: Sequence[Seating] = (),
    *,
    round_number: int,
    policy: SwissPolicy | None = None,
    seed: int | None = None,
) -> RoundDraw:
    """Draw one Swiss round (see the module text). ``seed`` is needed for a random round 1."""
    problem = prepare_swiss(entrants, history, round_number=round_number, policy=policy, seed=seed)
    return problem.draw(min_cost_perfect_matching(problem.graph))


def prepare_swiss(
    entrants: Sequence[Entrant],
    history: Sequence[Seating] = (),
    *,
    round_number: int,
    policy: SwissPolicy | None = None,
    seed: int | None = None,
) -> SwissProblem:
    """Order the field, give the bye and build the cost graph, without solving it."""
    policy = policy or SwissPolicy()
    check_unique(e.id for e in entrants)
    check_round(round_number, history)
    if len(entrants) < 2:
        raise FieldTooSmallError(f"a Swiss round needs at least 2 entrants, not {len(entrants)}")
    index = index_history(history)

    used_seed = None
    if round_number == 1 and policy.first_round is FirstRound.RANDOM:
        if seed is None:
            raise MissingSeedError("a random first round needs a seed (record it to reproduce the draw)")
        used_seed = seed
        drawn = {e.id: k for k, e in enumerate(seeded_shuffle(entrants, seed))}
        order = sorted(entrants, key=lambda e: (-e.score, drawn[e.id]))
    else:
        order = sorted(entrants, key=standing_key)

    byes = choose_byes(order, len(order) % 2, index.byes, policy.bye_cap)
    sitting_out = {b.entrant for b in byes}
    players = tuple(e for e in order if e.id not in sitting_out)

    first_penalty = tuple(_side_penalty(index.sides.get(p.id, []), 0) for p in players)
    second_penalty = tuple(_side_penalty(index.sides.get(p.id, []), 1) for p in players)
    components = _components(players, index, policy.priorities, first_penalty, second_penalty)
    rows, cols = _edges(components, policy)
    graph, weights = _cost_graph(len(players), rows, cols, components, policy)
    return SwissProblem(
        round=round_number,
        players=players,
        byes=tuple(byes),
        graph=graph,
        weights=weights,
        seed=used_seed,
        first_penalty=first_penalty,
        second_penalty=second_penalty,
        history=index,
    )


def _side_penalty(sides: Sequence[int], side: int) -> int:
    """An entrant's penalty for taking ``side`` (0 first, 1 second) after ``sides`` so far."""
    balance = sides.count(0) - sides.count(1) + (1 if side == 0 else -1)
    penalty = 4 * (abs(balance) - 1) if abs(balance) >= 2 else 0
    if len(sides) >= 2 and sides[-1] == sides[-2] == side:
        penalty += 4
    elif sides and sides[-1] == side:
        penalty += 1
    return penalty


def _side_trouble(sides: Sequence[int], side: int) -> str | None:
    """Why taking ``side`` breaks the balance rule, or ``None`` if it does not."""
    name = "first" if side == 0 else "second"
    balance = sides.count(side) + 1 - sides.count(1 - side)
    if len(sides) >= 2 and sides[-1] == sides[-2] == side:
        return f"takes the {name} side for the third round running"
    if balance > 2:
        return f"will have taken the {name} side {balance} more times than the other"
    return None


def _components(
    players: Sequence[Entrant],
    index: History,
    priorities: Sequence[Criterion],
    first_penalty: Sequence[int],
    second_penalty: Sequence[int],
) -> dict[Criterion, IntMatrix]:
    """Each criterion's value for every pair, as a symmetric ``n × n`` matrix."""
    n = len(players)
    out: dict[Criterion, IntMatrix] = {}
    if Criterion.REMATCH in priorities:
        position = {p.id: k for k, p in enumerate(players)}
        rematch = np.zeros((n, n), dtype=np.int64)
        for (a, b), rounds in index.met.items():
            if a in position and b in position:
                rematch[position[a], position[b]] = rematch[position[b], position[a]] = len(rounds)
        out[Criterion.REMATCH] = rematch
    if Criterion.SCORE in priorities:
        scores = np.array([p.score for p in players], dtype=np.int64)
        out[Criterion.SCORE] = (scores[:, None] - scores[None, :]) ** 2
    if Criterion.CLUB in priorities:
        codes: dict[str, int] = {}
        club = np.array(
            [codes.setdefault(p.club, len(codes)) if p.club else -1 - k for k, p in enumerate(players)],
            dtype=np.int64,
        )
        out[Criterion.CLUB] = (club[:, None] == club[None, :]).astype(np.int64)
    if Criterion.SIDE in priorities:
        first = np.array(first_penalty, dtype=np.int64)
        second = np.array(second_penalty, dtype=np.int64)
        out[Criterion.SIDE] = np.minimum(first[:, None] + second[None, :], second[:, None] + first[None, :])
    if Criterion.SEEDING in priorities:
        out[Criterion.SEEDING] = _seeding(players)
    return out


def _seeding(players: Sequence[Entrant]) -> IntMatrix:
    """Distance of each pair from the Dutch fold of its score group(s); see the module text."""
    n = len(players)
    group = np.zeros(n, dtype=np.int64)
    inner = np.zeros(n, dtype=np.int64)
    size = np.zeros(n, dtype=np.int64)
    start = 0
    for k in range(1, n + 1):
        if k == n or players[k].score != players[start].score:
            group[start:k] = start
            inner[start:k] = np.arange(k - start)
            size[start:k] = k - start
            start = k
    same = np.abs(inner[None, :] - inner[:, None] - size[:, None] // 2)
    across = (size[:, None] - 1 - inner[:, None]) + inner[None, :]
    upper = np.triu(np.where(group[:, None] == group[None, :], same, across), 1)
    result: IntMatrix = upper + upper.T
    return result


def _edges(
    components: dict[Criterion, IntMatrix], policy: SwissPolicy
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The pairs ``(i < j)`` of the cost graph: all of them, or the candidates of a large field."""
    n = next(iter(components.values())).shape[0]
    if n <= policy.exact_up_to:
        rows, cols = np.triu_indices(n, 1)
        return rows, cols
    take = min(policy.candidates, n - 1)
    rows_list = [np.arange(n - d) for d in range(1, policy.neighbours + 1)]
    cols_list = [np.arange(d, n) for d in range(1, policy.neighbours + 1)]
    middle = policy.priorities[1:-1]
    for left_out in (None, *middle):
        key = np.zeros((n, n), dtype=np.int64)
        for criterion in policy.priorities:
            if criterion is not left_out:
                bits = _SELECTION_BITS[criterion]
                key = (key << bits) | np.minimum(components[criterion], (1 << bits) - 1)
        np.fill_diagonal(key, np.iinfo(np.int64).max)
        rows_list.append(np.repeat(np.arange(n), take))
        cols_list.append(np.argpartition(key, take - 1, axis=1)[:, :take].ravel())
    rows_all = np.concatenate(rows_list)
    cols_all = np.concatenate(cols_list)
    low, high = np.minimum(rows_all, cols_all), np.maximum(rows_all, cols_all)
    codes = np.unique(low.astype(np.int64) * n + high)
    return (codes // n).astype(np.intp), (codes % n).astype(np.intp)


def _cost_graph(
    n: int,
    rows: npt.NDArray[np.intp],
    cols: npt.NDArray[np.intp],
    components: dict[Criterion, IntMatrix],
    policy: SwissPolicy,
) -> tuple[CostGraph, tuple[tuple[Criterion, int], ...]]:
    """Lexicographic integer costs on the chosen edges (Python integers: no overflow)."""
    values = [components[c][rows, cols].tolist() for c in policy.priorities]
    maxima = [max(v, default=0) for v in values]
    pairs_per_round = n // 2
    weights = [0] * len(values)
    lower_total = 0
    for k in reversed(range(len(values))):
        weights[k] = lower_total + 1
        lower_total += weights[k] * maxima[k] * pairs_per_round
    columns = [rows.tolist(), cols.tolist(), *values]
    edges = tuple(
        (row[0], row[1], sum(w * v for w, v in zip(weights, row[2:], strict=True)))
        for row in zip(*columns, strict=True)
    )
    graph = CostGraph(size=n, edges=edges, complete=len(edges) == n * (n - 1) // 2)
    return graph, tuple(zip(policy.priorities, weights, strict=True))


__all__ = [
    "DEFAULT_PRIORITIES",
    "Criterion",
    "InvalidPolicyError",
    "SwissPolicy",
    "SwissProblem",
    "pair_swiss",
    "prepare_swiss",
]
