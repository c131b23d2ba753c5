"""The matching core: exact minimum-cost perfect matchings, checked against brute force and networkx."""

from __future__ import annotations

from itertools import combinations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import CostGraph, NoPerfectMatchingError, min_cost_perfect_matching


def brute_force(size, costs):
    def best(left):
        if not left:
            return 0
        first, rest = left[0], left[1:]
        return min(costs[(first, other)] + best(rest[:k] + rest[k + 1 :]) for k, other in enumerate(rest))

    return best(list(range(size)))


@st.composite
def complete_graphs(draw):
    size = 2 * draw(st.integers(1, 4))
    big = draw(st.sampled_from([1, 10**6, 2**80]))
    edges = tuple(
        (i, j, big * draw(st.integers(0, 5)) + draw(st.integers(0, 9)))
        for i, j in combinations(range(size), 2)
    )
    return CostGraph(size, edges, complete=True)


@settings(max_examples=60, deadline=None)
@given(complete_graphs())
def test_it_finds_the_cheapest_perfect_matching(graph):
    costs = {(i, j): c for i, j, c in graph.edges}

    matching = min_cost_perfect_matching(graph)

    assert matching.cost == brute_force(graph.size, costs)
    assert sorted(v for p in matching.pairs for v in p) == list(range(graph.size))
    nx_graph = nx.Graph()
    nx_graph.add_weighted_edges_from(graph.edges)
    assert graph.cost_of(tuple(nx.min_weight_matching(nx_graph))) == matching.cost


def test_it_matches_an_empty_graph():
    assert min_cost_perfect_matching(CostGraph(0, (), complete=True)).pairs == ()


def test_it_refuses_a_graph_without_a_perfect_matching():
    with pytest.raises(NoPerfectMatchingError):
        min_cost_perfect_matching(CostGraph(3, ((0, 1, 0), (1, 2, 0)), complete=False))
    with pytest.raises(NoPerfectMatchingError):
        min_cost_perfect_matching(CostGraph(4, ((0, 1, 0), (0, 2, 0), (0, 3, 0)), complete=False))
