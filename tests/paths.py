"""Where the tests find the project's own test data.

``tests/data/<key>/*.json`` are golden score sheets (whole matches through the command line);
``tests/data/examples/<key>.json`` are the worked examples of ``docs/games/<key>.md`` as facts:
each case's match and the scores, totals and outcome it must give. ``tests/data/seasons/`` holds
the golden season tables of ``tests/seasons/test_table.py``.
"""

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
EXAMPLES = DATA / "examples"
#: Golden season tables (``tests/seasons/``), not score sheets.
SEASONS = DATA / "seasons"


def worked_examples(key: str) -> list[dict[str, Any]]:
    """Every worked example of one game (``[]`` when it has none)."""
    path = EXAMPLES / f"{key}.json"
    return json.loads(path.read_text(encoding="utf-8"))["cases"] if path.exists() else []


def valid_worked_examples(key: str) -> list[dict[str, Any]]:
    """The worked examples that score (not those that show a refused entry)."""
    return [case for case in worked_examples(key) if "error_field" not in case["expect"]]
