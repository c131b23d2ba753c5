"""Helpers shared by the CLI tests and the golden score sheets: run ``python -m games`` as a user would."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

from games.cli import main
from tests.paths import ROOT


@dataclass(frozen=True)
class Run:
    """One run of the command line: its exit code, its standard output parsed as JSON, and stderr."""

    code: int
    doc: Any
    stderr: str


def run_cli(args: list[str], stdin: str | Any = "") -> Run:
    """``python -m games ARGS < stdin`` in a subprocess (``stdin`` may be a JSON value or a string)."""
    text = stdin if isinstance(stdin, str) else json.dumps(stdin)
    done = subprocess.run(
        [sys.executable, "-m", "games", *args],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    return Run(done.returncode, json.loads(done.stdout) if done.stdout.strip() else None, done.stderr)


def run_main(args: list[str], stdin: str | Any = "") -> Run:
    """The same, in process, through ``games.cli.main`` (fast; no interpreter start-up)."""
    text = stdin if isinstance(stdin, str) else json.dumps(stdin)
    out = io.StringIO()
    code = main(args, stdin=io.StringIO(text), stdout=out)
    value = out.getvalue()
    return Run(code, json.loads(value) if value.strip() else None, "")


def without_breakdowns(doc: Any) -> Any:
    """``doc`` with every ``"breakdown"`` key removed, at any depth (its wording is free, docs/games/README.md §6)."""
    if isinstance(doc, dict):
        return {k: without_breakdowns(v) for k, v in doc.items() if k != "breakdown"}
    if isinstance(doc, list):
        return [without_breakdowns(v) for v in doc]
    return doc


def error_of(run: Run) -> tuple[Any, Any]:
    """``(deal, field)`` of an error run, after checking the error contract of docs/games/README.md §7."""
    assert run.code == 2, run
    assert isinstance(run.doc, dict), run
    assert set(run.doc) == {"error"}, run.doc
    error = run.doc["error"]
    assert set(error) == {"deal", "field", "rule"}, error
    assert isinstance(error["rule"], str)
    assert error["rule"].strip()
    return error["deal"], error["field"]
