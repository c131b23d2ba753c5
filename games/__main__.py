"""``python -m games``: see ``games.cli``."""

import sys

from games.cli import main

sys.exit(main())
