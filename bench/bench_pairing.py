"""Benchmark: Swiss pairing of large fields, checked against networkx, and standings recomputation.

Run from the repository root: ``.venv/bin/python bench/bench_pairing.py`` (``--exact-check`` also
solves the 1,000 field on the complete graph, which takes several seconds per round, to compare
the candidate graph's criteria totals with the global optimum).

For each field size it plays a few rounds of history with random results (not timed), then times
the next round: ordering, bye and cost graph (``prepare``), the matching (``match``), and the
whole call. At 64 and 256 entrants the same cost graph is also solved with networkx's
``min_weight_matching``, and the two matching costs are printed; they must be equal. Then it times
the standings of 1,000 entrants after 10 rounds under a long precedence.

Targets: 1,000 entrants paired in under 1 s; standings for 1,000 × 10 rounds in under 1 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import networkx as nx

from tournaments.pairing import (
    Criterion,
    Entrant,
    RoundDraw,
    Seating,
    SwissPolicy,
    min_cost_perfect_matching,
    pair_swiss,
    prepare_swiss,
)
from tournaments.standings import MatchResult, Outcome, Results, SideResult, rank

SIZES = (64, 256, 1000, 2000)
NETWORKX_SIZES = (64, 256)
HISTORY_ROUNDS = 5
REPEATS = 3
PRECEDENCE = [
    "match-points",
    "head-to-head",
    "buchholz",
    "median-buchholz",
    "sonneborn-berger",
    "opponents-match-win-percentage",
    "game-point-difference",
    "deals-won",
]


class Event:
    """A Swiss event with random results: scores, history and the results for the standings."""

    def __init__(self, size: int, seed: int = 2024) -> None:
        self.rng = random.Random(seed)
        self.ids = list(range(1, size + 1))
        self.clubs = {i: f"club {self.rng.randrange(max(2, size // 16))}" for i in self.ids}
        self.scores = dict.fromkeys(self.ids, 0)
        self.history: list[Seating] = []
        self.matches: list[MatchResult] = []
        self.round = 1

    def entrants(self) -> list[Entrant]:
        ordered = sorted(self.ids, key=lambda i: (-self.scores[i], i))
        return [
            Entrant(i, self.scores[i], position, self.clubs[i]) for position, i in enumerate(ordered, start=1)
        ]

    def record(self, draw: RoundDraw) -> None:
        for table in draw.tables:
            first, second = table.seats
            points = (self.rng.randrange(0, 160), self.rng.randrange(0, 160))
            roll = self.rng.random()
            outcomes = (
                (Outcome.WIN, Outcome.LOSS)
                if roll < 0.45
                else (Outcome.LOSS, Outcome.WIN)
                if roll < 0.9
                else (Outcome.DRAW, Outcome.DRAW)
            )
            for entrant, outcome in zip(table.seats, outcomes, strict=True):
                self.scores[entrant] += {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}[outcome]
            self.matches.append(
                MatchResult(
                    draw.round,
                    (
                        SideResult((first,), outcomes[0], points[0], points[0] // 20),
                        SideResult((second,), outcomes[1], points[1], points[1] // 20),
                    ),
                )
            )
        for bye in draw.byes:
            self.scores[bye.entrant] += 2
            self.matches.append(MatchResult(draw.round, (SideResult((bye.entrant,), Outcome.BYE),)))
        self.history.extend(draw.seatings())
        self.round += 1

    def play(self, rounds: int) -> None:
        for _ in range(rounds):
            self.record(pair_swiss(self.entrants(), self.history, round_number=self.round))

    def results(self) -> Results:
        return Results(tuple(self.ids), tuple(self.matches))


def bench_swiss(exact_check: bool, sizes: tuple[int, ...] = SIZES) -> bool:
    print(
        f"Swiss pairing, round {HISTORY_ROUNDS + 1} after {HISTORY_ROUNDS} rounds of history (median of {REPEATS})"
    )
    print(
        f"{'entrants':>8} {'graph':>9} {'edges':>8} {'prepare s':>9} {'match s':>8} {'total s':>8} "
        f"{'cost':>22}  flags"
    )
    met = True
    for size in sizes:
        event = Event(size)
        event.play(HISTORY_ROUNDS)
        entrants = event.entrants()
        prepare_times, match_times, totals = [], [], []
        for _ in range(REPEATS):
            start = time.perf_counter()
            problem = prepare_swiss(entrants, event.history, round_number=event.round)
            prepared = time.perf_counter()
            matching = min_cost_perfect_matching(problem.graph)
            draw = problem.draw(matching)
            done = time.perf_counter()
            prepare_times.append(prepared - start)
            match_times.append(done - prepared)
            totals.append(done - start)
        flags = Counter(str(note.flag) for note in draw.notes)
        kind = "complete" if problem.graph.complete else "candidate"
        total = statistics.median(totals)
        print(
            f"{size:>8} {kind:>9} {len(problem.graph.edges):>8} {statistics.median(prepare_times):>9.3f} "
            f"{statistics.median(match_times):>8.3f} {total:>8.3f} {matching.cost:>22}  {dict(sorted(flags.items()))}"
        )
        if size == 1000:
            met = met and total < 1.0
        if size in NETWORKX_SIZES:
            graph = nx.Graph()
            graph.add_nodes_from(range(problem.graph.size))
            graph.add_weighted_edges_from(problem.graph.edges)
            start = time.perf_counter()
            nx_pairs = nx.min_weight_matching(graph)
            nx_time = time.perf_counter() - start
            nx_cost = problem.graph.cost_of(tuple(nx_pairs))
            verdict = "equal" if nx_cost == matching.cost else "DIFFERENT"
            print(
                f"{'':>8} networkx on the same graph: {nx_time:.3f} s, cost {nx_cost} "
                f"(rustworkx {matching.cost}): {verdict}"
            )
            met = met and nx_cost == matching.cost
        if exact_check and not problem.graph.complete:
            exact = prepare_swiss(
                entrants, event.history, round_number=event.round, policy=SwissPolicy(exact_up_to=size)
            )
            start = time.perf_counter()
            exact_matching = min_cost_perfect_matching(exact.graph)
            exact_time = time.perf_counter() - start
            names = ", ".join(str(c) for c in Criterion)
            print(
                f"{'':>8} complete graph: {exact_time:.2f} s; totals ({names}) "
                f"candidate {tuple(problem.totals(matching).values())} vs "
                f"complete {tuple(exact.totals(exact_matching).values())}"
            )
    return met


def bench_standings(size: int = 1000) -> bool:
    event = Event(size, seed=7)
    event.play(10)
    results = event.results()
    times = []
    for _ in range(REPEATS):
        fresh = Results(results.entrants, results.matches, results.points)
        start = time.perf_counter()
        standings = rank(fresh, PRECEDENCE)
        times.append(time.perf_counter() - start)
    shared = sum(1 for s in standings if s.label.endswith("="))
    took = statistics.median(times)
    print(
        f"Standings: {size:,} entrants × 10 rounds ({len(results.matches)} results), precedence {PRECEDENCE}: "
        f"{took:.3f} s (median of {REPEATS}); leader {standings[0].entrant} on "
        f"{standings[0].values['match-points']} points; {shared} entrants in shared ranks"
    )
    return took < 1.0 or size < 1000


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--exact-check", action="store_true", help="also solve large fields on the complete graph"
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="64 entrants only, no time target: the suite's check that it runs",
    )
    args = parser.parse_args()
    swiss_ok = bench_swiss(args.exact_check, SIZES[:1] if args.smoke else SIZES)
    standings_ok = bench_standings(SIZES[0] if args.smoke else 1000)
    print(
        "Targets: Swiss 1,000 < 1 s and networkx costs equal: "
        + ("met" if swiss_ok else "MISSED")
        + "; standings 1,000 × 10 < 1 s: "
        + ("met" if standings_ok else "MISSED")
    )
    return 0 if swiss_ok and standings_ok else 1


if __name__ == "__main__":
    sys.exit(main())
