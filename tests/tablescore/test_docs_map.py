"""The map stays true and short (#24, "a map in ten minutes").

``docs/architecture.md`` is read in ten minutes: at most 2,000 words, the "where is X" table first.
Every repository path the docs name, backticked (```scoring/services/deals.py```,
```tournaments/pairing/```) or linked (``[page](design/deal-flow.md)``), exists: a module moved or
renamed fails here until the docs follow it. A path with a placeholder (```docs/games/<key>.md```,
```tests/data/*/```) names a family, not a file, and is not checked; nor is a URL path (```/t/<token>/```).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.paths import ROOT

DOCS = ROOT / "docs"
MAP = DOCS / "architecture.md"
MAX_WORDS = 2000
#: The pages whose paths are checked: the map, the design pages, the operations guide, the rule
#: reference.
PAGES = sorted([*DOCS.glob("*.md"), *DOCS.glob("design/*.md"), *DOCS.glob("games/*.md")])

BACKTICKED = re.compile(r"`([^`\s]+)`")
LINKED = re.compile(r"\]\(([^)\s]+)\)")
#: What a backticked path is made of; anything else (a sentence, an option, an HTTP header) is not one.
PATH = re.compile(r"[A-Za-z_.][A-Za-z0-9_./-]*/[A-Za-z0-9_./-]*")


def named_paths(text: str) -> list[str]:
    """The repository paths a page names in backticks: a slash in them, no placeholder, no URL."""
    found = []
    for candidate in BACKTICKED.findall(text):
        candidate = candidate.rstrip(".,;:")
        if PATH.fullmatch(candidate) and "//" not in candidate:
            found.append(candidate)
    return found


def linked_paths(text: str) -> list[str]:
    """The local files a page links to (web addresses and anchors left out), as written."""
    found = []
    for target in LINKED.findall(text):
        target = target.split("#")[0]
        if target and "://" not in target and not target.startswith("mailto:"):
            found.append(target)
    return found


def missing(page: Path) -> list[str]:
    """What ``page`` names that the repository does not hold."""
    text = page.read_text(encoding="utf-8")
    gone = [f"`{path}`" for path in named_paths(text) if not (ROOT / path).exists()]
    gone += [f"({target})" for target in linked_paths(text) if not (page.parent / target).exists()]
    return gone


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(DOCS).as_posix())
def test_every_path_the_docs_name_exists(page):
    assert missing(page) == []


def test_the_map_is_read_in_ten_minutes():
    words = len(MAP.read_text(encoding="utf-8").split())

    assert words <= MAX_WORDS


def test_the_map_begins_with_where_to_find_things():
    headings = [line for line in MAP.read_text(encoding="utf-8").splitlines() if line.startswith("## ")]

    assert headings[0].lower().startswith("## where is")


def test_it_reads_paths_and_links_and_passes_over_what_is_no_path(tmp_path):
    text = (
        "See `scoring/services/deals.py`, `tournaments/pairing/`, `docs/games/<key>.md`, `/t/<token>/`, "
        "`tests/data/*/`, `Idempotency-Key`, `python -m games`, `https://example.org/a`, "
        "`games/gone.py`. [deal flow](design/deal-flow.md), [web](https://x.org/y), [anchor](#top)."
    )

    assert named_paths(text) == ["scoring/services/deals.py", "tournaments/pairing/", "games/gone.py"]
    assert linked_paths(text) == ["design/deal-flow.md"]
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    assert missing(page) == ["`games/gone.py`", "(design/deal-flow.md)"]
