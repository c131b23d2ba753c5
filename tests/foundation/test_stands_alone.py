"""The repository stands alone: a clone with nothing beside it collects every test, and no tracked
file reads or points a reader at the workshop's reference shelf outside the repository."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from tests.paths import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.any_database]  # a clone, no database

#: Paths outside the repository that a clone never has.
OUTSIDE = re.compile(r"\.\./shared|\bshared/(games|DESIGN|seeds|hooks)\b")


def tracked_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [name for name in listed.stdout.decode().split("\0") if name and (ROOT / name).is_file()]


def test_no_tracked_file_points_outside_the_repository():
    offenders = []
    for name in tracked_files():
        try:
            text = (ROOT / name).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        offenders += [f"{name}:{n}" for n, line in enumerate(text.splitlines(), 1) if OUTSIDE.search(line)]
    assert offenders == []


def test_a_clone_with_nothing_beside_it_collects_every_test(tmp_path):
    clone = tmp_path / "alone" / "tablescore"
    for name in tracked_files():
        (clone / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, clone / name)
    assert not (clone.parent / "shared").exists()

    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=clone,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )

    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "error" not in run.stdout.splitlines()[-1], run.stdout[-3000:]
    collected = int(re.search(r"(\d+) tests? collected", run.stdout).group(1))
    assert collected > 2000
