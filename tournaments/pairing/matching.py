"""Minimum-cost perfect matching on a small integer cost graph, solved with rustworkx.

The engines that pair (Swiss; partners and opponents in individual events) build a
:class:`CostGraph` whose vertices are positions ``0 .. size - 1`` and whose edges carry
non-negative integer costs, then ask :func:`min_cost_perfect_matching` for the perfect matching of
least total cost. rustworkx's ``max_weight_matching`` (Edmonds' blossom algorithm, exact, integer
weights) is run with ``max_cardinality=True`` on the weights ``top - cost``; every perfect matching
has the same number of edges, so the heaviest is the cheapest. The costs are integers so that any
other exact solver (the benchmark uses networkx's ``min_weight_matching``) reaches the same total.

What this module does not do: decide costs (the engines do), or accept a graph without a
perfect matching (:class:`NoPerfectMatchingError`).
"""

from __future__ import annotations

from dataclasses import dataclass

import rustworkx as rx

from tournaments.pairing.errors import PairingError

Edge = tuple[int, int, int]


class NoPerfectMatchingError(PairingError):
    """The cost graph has no perfect matching (an engine built too sparse a graph)."""


@dataclass(frozen=True)
class CostGraph:
    """Vertices ``0 .. size - 1`` and edges ``(i, j, cost)`` with ``i < j`` and integer ``cost >= 0``.

    ``complete`` says whether every pair is an edge; when it is not, the matching is the cheapest
    over the edges present.
    """

    size: int
    edges: tuple[Edge, ...]
    complete: bool

    def cost_of(self, pairs: tuple[tuple[int, int], ...]) -> int:
        """The total cost of ``pairs`` (each must be an edge)."""
        costs = {(i, j): c for i, j, c in self.edges}
        return sum(costs[(i, j) if i < j else (j, i)] for i, j in pairs)


@dataclass(frozen=True)
class Matching:
    """A perfect matching: pairs ``(i, j)`` with ``i < j``, sorted, and their total cost."""

    pairs: tuple[tuple[int, int], ...]
    cost: int


def min_cost_perfect_matching(graph: CostGraph) -> Matching:
    """The perfect matching of least total cost (exact), or :class:`NoPerfectMatchingError`."""
    if graph.size % 2:
        raise NoPerfectMatchingError(f"{graph.size} vertices cannot be matched in pairs")
    if graph.size == 0:
        return Matching((), 0)
    top = max(c for _, _, c in graph.edges) + 1
    solver_graph = rx.PyGraph(multigraph=False)
    solver_graph.add_nodes_from(range(graph.size))
    solver_graph.extend_from_weighted_edge_list([(i, j, top - c) for i, j, c in graph.edges])
    found = rx.max_weight_matching(solver_graph, max_cardinality=True, weight_fn=_identity)
    pairs = tuple(sorted((i, j) if i < j else (j, i) for i, j in found))
    if 2 * len(pairs) != graph.size:
        raise NoPerfectMatchingError(f"the cost graph on {graph.size} vertices has no perfect matching")
    return Matching(pairs, graph.cost_of(pairs))


def _identity(weight: int) -> int:
    return weight


__all__ = ["CostGraph", "Edge", "Matching", "NoPerfectMatchingError", "min_cost_perfect_matching"]
