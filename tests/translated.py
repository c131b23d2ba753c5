"""What the tournaments' and seasons' translated-page tests add to the house's page harness
(``tests.i18n.pages``): a page read as one line (its visible text, its spoken attributes and its
``data-confirm`` questions), and the page's own English sentinels left on it.

A sentinel is one of a page's own English sentences or headings: in French or Dutch it must be
gone. Names (players, clubs, tournaments) are the test's own and never sentinels.
"""

from __future__ import annotations

import html as markup
import re
from collections.abc import Iterable

from tests.i18n.pages import visible_text

_CONFIRM = re.compile(r'data-confirm="([^"]*)"')


def spoken(page: str) -> str:
    """What a page says, in one line (spaces folded, no-break ones too)."""
    questions = [markup.unescape(found) for found in _CONFIRM.findall(page)]
    return " ".join(" ".join([*visible_text(page), *questions]).split())


def english_left(page: str, sentinels: Iterable[str]) -> list[str]:
    """The sentinels still on the page (as whole words, case kept)."""
    said = spoken(page)
    return [s for s in sentinels if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", said)]


#: The names the tournaments' and seasons' page tests give their clubs, players and events
#: (English words, some of them): a page may say them in any language.
TEST_NAMES = (
    "Spring cup",
    "Ann",
    "Bob",
    "Cy",
    "Dee",
    "Alone",
    "Three",
    "Single",
    "Triple",
    "Winter",
    "Evening",
    "Only",
    "Next",
)
