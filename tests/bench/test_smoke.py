"""Every benchmark that needs no server runs in its tiny ``--smoke`` form, so none can rot unseen.

The figures are not judged here (a loaded machine would make them flake): only that the benchmark
still runs the path users take to the end and finds what its correctness checks expect.
"""

from __future__ import annotations

import pytest

from tests.bench.support import smoke

pytestmark = pytest.mark.slow


def test_it_replays_every_registered_game():
    from games import GAMES

    output = smoke("bench_games.py", timeout=120)

    assert "no sample entries" not in output
    assert "refused" not in output
    for key in GAMES:
        assert f"\n{key} " in output


def test_it_pairs_a_swiss_and_matches_networkx():
    output = smoke("bench_pairing.py", timeout=120)

    assert "networkx on the same graph" in output
    assert ": equal" in output


def test_it_replays_the_ratings():
    output = smoke("bench_ratings.py", timeout=120)

    assert "500 matches" in output
    assert "log-loss" in output


def test_it_serves_the_standings_pages_with_a_constant_number_of_queries():
    output = smoke("bench_standings_page.py", timeout=300, BENCH_DATABASE_URL="")

    assert "database: sqlite" in output
    assert "constant number of queries: met" in output
