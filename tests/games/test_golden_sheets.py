"""Golden score sheets: every ``tests/data/<key>/*.json`` replayed through ``python -m games score``.

A sheet is ``{"description", "args", "match", "expect"}``: ``expect`` is the whole output document of
docs/games/README.md §6 with every ``breakdown`` key removed (its wording is free), or an error document of §7.
Its numbers were worked out by hand from the spec (the arithmetic is in ``description``), never
copied from the program. Sheets of a game that is not registered yet are skipped.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games import GAMES
from tests.games.cli_support import run_cli, without_breakdowns
from tests.paths import DATA, EXAMPLES, SEASONS

SHEETS = sorted(p for p in DATA.glob("*/*.json") if p.parent not in (EXAMPLES, SEASONS))


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.slow  # python -m games in a subprocess
@pytest.mark.parametrize("path", SHEETS, ids=[f"{p.parent.name}/{p.stem}" for p in SHEETS])
def test_it_replays_the_golden_sheet(path):
    key = path.parent.name
    if key not in GAMES:
        pytest.skip(f"{key} is not registered yet")
    sheet = _load(path)
    expect = sheet["expect"]

    run = run_cli(["score", key, *sheet.get("args", [])], sheet["match"])

    assert run.code == (2 if "error" in expect else 0), run.doc
    assert without_breakdowns(run.doc) == expect


@pytest.mark.parametrize("path", SHEETS, ids=[f"{p.parent.name}/{p.stem}" for p in SHEETS])
def test_it_finds_every_golden_sheet_well_formed(path):
    sheet = _load(path)

    assert set(sheet) <= {"description", "args", "match", "expect"}
    assert sheet["description"].strip()
    assert all(isinstance(arg, str) for arg in sheet.get("args", []))
    assert {"sides", "deals"} <= set(sheet["match"])
    assert without_breakdowns(sheet["expect"]) == sheet["expect"], "expect must not hold breakdowns"
    if "error" not in sheet["expect"]:
        assert sheet["expect"]["game"] == path.parent.name
        totals = {
            side: sum(d["scores"][side] for d in sheet["expect"]["deals"])
            for side in sheet["expect"]["sides"]
        }
        assert totals == sheet["expect"]["totals"], "totals must be the sum of the deal scores"


def test_it_has_golden_sheets_for_jam_and_tally():
    keys = {p.parent.name for p in SHEETS}

    assert {"jam", "tally"} <= keys
