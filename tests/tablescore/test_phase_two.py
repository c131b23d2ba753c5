"""Phase 2 of bin/test (PostgreSQL, Redis, a real worker) runs the tests whose answer may depend on
the database or a server, and leaves out the others, which gave the same answer on SQLite in phase 1
(``--database-tests``, tests/conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.paths import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.any_database]  # collects in a pytest of its own

FILES = (
    "tests/faults/test_unavailable.py",
    "tests/clubs/test_migrations.py",
    "tests/tablescore/test_phase_two.py",
)


def collected(*arguments: str) -> set[str]:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "--collect-only",
            "-q",
            *arguments,
            *FILES,
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    return {line.split("::")[1].split("[")[0] for line in done.stdout.splitlines() if "::" in line}


def test_phase_two_keeps_the_tests_of_the_database_and_of_the_servers_and_leaves_the_rest():
    everything, phase_two = collected(), collected("--database-tests")

    assert "test_a_services_follow_up_after_the_commit_is_sent_as_safely" in phase_two  # django_db
    assert "test_a_database_migrated_before_the_move_keeps_its_rows_and_tables" in phase_two  # slow
    assert (
        everything - phase_two
        == {
            "test_it_answers_a_page_503_with_retry_after_when_the_database_is_unreachable",
            "test_it_answers_the_api_503_in_its_error_shape_when_the_database_is_unreachable",
            "test_a_database_failure_after_the_view_is_a_503_too",
            "test_other_errors_stay_errors",
            "test_the_cache_answers_nothing_cached_when_redis_is_unreachable",
            "test_an_unreachable_broker_does_not_hold_up_a_write",
            "test_phase_two_keeps_the_tests_of_the_database_and_of_the_servers_and_leaves_the_rest",  # any_database
        }
    )
