"""No production module over 500 lines (#24, "modules that hold one idea").

A module that outgrows 500 lines holds more than one idea: split it into a package of modules, one
idea each, keeping its import path (``games.coinche`` and ``games.back_alley`` show how). Production
is every ``.py`` file of the repository but the tests, the migrations (generated) and what is not
ours (the virtualenv, caches, ``var/``). No module is let off.
"""

from __future__ import annotations

from pathlib import Path

from tests.paths import ROOT

LIMIT = 500

#: Folders that hold no production code: the tests, generated migrations, and what is not ours.
NOT_PRODUCTION = frozenset({"tests", "migrations", ".venv", "var", "node_modules", "__pycache__"})


def production_modules(root: Path = ROOT) -> dict[str, int]:
    """Every production module under ``root`` with its number of lines, by path relative to it."""
    sizes = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if any(part in NOT_PRODUCTION or part.startswith(".") for part in parts[:-1]):
            continue
        with path.open(encoding="utf-8") as source:
            sizes[Path(*parts).as_posix()] = sum(1 for _ in source)
    return sizes


def test_no_production_module_is_over_500_lines():
    over = {path: lines for path, lines in production_modules().items() if lines > LIMIT}

    assert over == {}, "split these into packages of one idea a module"


def test_it_counts_the_lines_of_production_modules_only(tmp_path):
    for name, lines in {
        "games/big.py": 501,
        "games/fits.py": 500,
        "tests/games/test_big.py": 900,
        "scoring/migrations/0001_initial.py": 900,
        ".venv/lib/site.py": 900,
    }.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n" * lines, encoding="utf-8")

    assert production_modules(tmp_path) == {"games/big.py": 501, "games/fits.py": 500}
