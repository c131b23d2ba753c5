"""``bin/test``'s summary reads pytest's last line from each run's log, framed in ``=`` (the full
run) or bare (``-q``, the fast lane). The bare line was once not found, and under ``pipefail`` the
fast lane stopped there: a green run said nothing and exited 1."""

import subprocess

import pytest

from tests.paths import ROOT

pytestmark = pytest.mark.slow  # bash in a subprocess


def summary(tmp_path, log: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "run.log"
    path.write_text(log)
    return subprocess.run(
        ["bash", "-c", 'source bin/_env.sh && pytest_summary "$1"', "_", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("log", "line"),
    [
        ("tests/a.py ....\n===== 3 passed, 1 skipped in 2.01s =====\n", "3 passed, 1 skipped in 2.01s"),
        ("....\n5921 passed in 274.03s (0:04:34)\n", "5921 passed in 274.03s (0:04:34)"),
        ("F.\n=== 1 failed, 1 passed in 0.50s ===\n", "1 failed, 1 passed in 0.50s"),
        ("==== no tests ran in 0.01s ====\n", "no tests ran in 0.01s"),
    ],
)
def test_it_finds_the_last_line_framed_or_bare(tmp_path, log, line):
    found = summary(tmp_path, log)

    assert (found.returncode, found.stdout.strip()) == (0, line)


def test_a_log_without_a_summary_gives_an_empty_line_and_no_failure(tmp_path):
    found = summary(tmp_path, "Traceback (most recent call last):\nImportError: no module\n")

    assert (found.returncode, found.stdout) == (0, "")
