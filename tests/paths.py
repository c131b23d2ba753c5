"""Where the tests find the shared rule book and the project's own test data."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("TABLESCORE_SHARED", ROOT.parent / "shared"))
GAME_SPECS = SHARED / "games"
DATA = ROOT / "tests" / "data"
