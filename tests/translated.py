"""What the translated-page tests share: the catalogs compiled (once, when a ``.po`` is newer than
its ``.mo``), a page read as a person reads it (its visible text and the words of its
``aria-label``, ``title`` and ``data-confirm`` attributes), and the English left on it.

A sentinel is one of a page's own English sentences or headings: in French or Dutch it must be
gone. Names (players, clubs, tournaments) are the test's own and never sentinels.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from html.parser import HTMLParser

from django.core.management import call_command
from django.utils.translation import trans_real

from tests.paths import ROOT

SPOKEN_ATTRIBUTES = ("aria-label", "title", "data-confirm", "placeholder", "alt")


def compile_catalogs() -> None:
    """Compile the catalogs whose ``.mo`` is missing or older than the ``.po``, and make Django
    read them again (a catalog read before it was compiled is cached empty)."""
    stale = [
        po
        for po in ROOT.glob("**/locale/*/LC_MESSAGES/django.po")
        if ".venv" not in po.parts
        and (not po.with_suffix(".mo").exists() or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime)
    ]
    if stale:
        with contextlib.chdir(ROOT):
            call_command("compilemessages", verbosity=0, ignore_patterns=[".venv", "node_modules"])
    trans_real._translations = {}
    trans_real._default = None


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        for name, value in attrs:
            if name in SPOKEN_ATTRIBUTES and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def spoken(html: str) -> str:
    """What a page says: its text and its spoken attributes, spaces folded."""
    reader = _Reader()
    reader.feed(html)
    return re.sub(r"[ \t\n\r\f\v]+", " ", " ".join(reader.parts))  # a no-break space stays


def english_left(html: str, sentinels: Iterable[str]) -> list[str]:
    """The sentinels still on the page (as whole words, case kept)."""
    said = spoken(html)
    return [s for s in sentinels if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", said)]
