"""Fields, histories and simulated events for the pairing tests (factories, not fixtures)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

import networkx as nx

from tournaments.pairing import Entrant, RoundDraw, Seating


def field(count: int, *, clubs: int = 0, first_id: int = 1) -> list[Entrant]:
    """``count`` entrants seeded in id order; with ``clubs``, club ``id % clubs``."""
    return [
        Entrant(i, rank=i - first_id + 1, club=f"club {i % clubs}" if clubs else None)
        for i in range(first_id, first_id + count)
    ]


def rescored(entrants: Sequence[Entrant], scores: dict[int, int]) -> list[Entrant]:
    """The same entrants with new scores and ranks in standing order (score, then seed)."""
    seed = {e.id: e.rank for e in entrants}
    ordered = sorted(entrants, key=lambda e: (-scores[e.id], seed[e.id]))
    return [Entrant(e.id, scores[e.id], position, e.club) for position, e in enumerate(ordered, start=1)]


def simulate_two_seat(
    entrants: Sequence[Entrant],
    rounds: int,
    draw: Callable[[list[Entrant], list[Seating], int], RoundDraw],
    *,
    seed: int = 0,
) -> list[RoundDraw]:
    """Play ``rounds`` rounds with random results (win 2, draw 1, bye 2); return every draw."""
    rng = random.Random(seed)
    scores = {e.id: 0 for e in entrants}
    history: list[Seating] = []
    current = list(entrants)
    draws = []
    for number in range(1, rounds + 1):
        result = draw(current, history, number)
        draws.append(result)
        for table in result.tables:
            first, second = table.seats
            roll = rng.random()
            if roll < 0.45:
                scores[first] += 2
            elif roll < 0.9:
                scores[second] += 2
            else:
                scores[first] += 1
                scores[second] += 1
        for bye in result.byes:
            scores[bye.entrant] += 2
        history.extend(result.seatings())
        current = rescored(entrants, scores)
    return draws


def met_pairs(history: Sequence[Seating]) -> set[frozenset[int]]:
    """Every pair of entrants who sat at one table."""
    return {frozenset(p) for s in history for p in combinations(s.seats, 2)}


def avoidable(players: Sequence[int], forbidden: set[frozenset[int]]) -> bool:
    """Whether ``players`` can be paired off without using a forbidden pair (networkx, exact)."""
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from((a, b) for a, b in combinations(players, 2) if frozenset((a, b)) not in forbidden)
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(players)
