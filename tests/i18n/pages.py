"""The page harness of issue #15: render a page in French or Dutch and fail if English is left.

:func:`assert_speaks` asks for a page with ``Accept-Language: fr`` (or ``nl``), checks that the
answer says so (``Content-Language``, ``<html lang>``) and that its visible text (scripts, styles
and templates stripped; ``aria-label``, ``title``, ``alt``, ``placeholder`` and the ``data-say-*``
sentences the page's script shows kept) holds none of the :data:`SENTINELS`: common English words
that are neither French nor Dutch. Text inside an element marked ``lang="en"`` is English on
purpose (the switcher's "English"), and so is an element marked ``translate="no"`` (HTML's own
"do not translate": the time zones' IANA names). Player names and game-native terms that happen to be English
words go in ``allow``; so does anything the page quotes as entered. Each app's tests use it for its
pages (``tests/i18n/test_core_pages.py`` for the base layout, the error pages, sign-in and the
club's settings).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from html.parser import HTMLParser
from typing import Any

#: Common English words and phrases that are not French or Dutch words (so "in", "is", "of",
#: "was", "club", "table", "match", "score", "page", "account" are not here: they are words there
#: too).
SENTINELS = (
    "the",
    "and",
    "you",
    "your",
    "with",
    "this",
    "that",
    "there",
    "nothing",
    "something",
    "sign in",
    "sign out",
    "save",
    "saved",
    "settings",
    "home",
    "back to",
    "please",
    "which",
    "when",
    "what",
    "who",
    "for",
    "from",
    "not",
    "are",
    "has",
    "have",
    "will",
    "must",
    "deal",
    "deals",
    "player",
    "players",
    "round",
    "new",
    "name",
    "password",
    "language",
    "found",
    "allowed",
    "wrong",
    "again",
    "time zone",
)
_SENTINEL = re.compile(r"\b(" + "|".join(re.escape(word) for word in SENTINELS) + r")\b", re.IGNORECASE)
#: What a reader hears or sees besides the text.
SPOKEN_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")
#: Elements whose content is never shown as text.
UNSHOWN = {"script", "style", "template", "noscript", "head"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Text(HTMLParser):
    """The visible text of a page, each piece on its own line."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden from the check)

    @property
    def skipping(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        english = (values.get("lang") or "").lower().startswith("en")
        untranslated = values.get("translate") == "no"
        skip = tag in UNSHOWN or untranslated or (english and tag != "html")
        if not self.skipping and not skip:
            for name, value in attrs:
                if value and (name in SPOKEN_ATTRIBUTES or name.startswith("data-say-")):
                    self.pieces.append(value)
        if tag not in VOID:
            self.stack.append((tag, skip))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip():
            self.pieces.append(" ".join(data.split()))


def visible_text(html: str) -> list[str]:
    """The pieces of text a visitor reads or hears on the page (see the module doc)."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return parser.pieces


@functools.lru_cache(maxsize=64)
def _allowed(words: frozenset[str]) -> re.Pattern[str] | None:
    """One pattern for all the allowed words, the longest tried first: a demo allows hundreds of
    names, and a pattern each (past the ``re`` module's cache) made the page checks crawl."""
    if not words:
        return None
    return re.compile(
        "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True)), re.IGNORECASE
    )


def english_left(html: str, *, allow: Iterable[str] = ()) -> list[str]:
    """Each piece of visible text still holding a sentinel, with the words found."""
    allowed = _allowed(frozenset(word for word in allow if word))
    found = []
    for piece in visible_text(html):
        text = allowed.sub(" ", piece) if allowed else piece
        words = sorted({match.lower() for match in _SENTINEL.findall(text)})
        if words:
            found.append(f"{piece!r}: {', '.join(words)}")
    return found


def assert_speaks(
    client: Any, url: str, language: str, *, allow: Iterable[str] = (), status: int = 200, **extra: Any
) -> str:
    """GET ``url`` with ``Accept-Language: <language>``; the page must answer ``status``, in
    ``language``, with no English sentinel left. Returns the page."""
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, **extra)
    assert response.status_code == status, f"{url}: {response.status_code}"
    html = response.content.decode()
    assert_page_speaks(html, language, allow=allow)
    assert response["Content-Language"] == language
    return html


def assert_page_speaks(html: str, language: str, *, allow: Iterable[str] = ()) -> None:
    """A page already rendered must be in ``language`` with no English sentinel left."""
    assert re.search(rf'<html lang="{language}"', html), f"the page is not marked lang={language}"
    left = english_left(html, allow=allow)
    assert not left, f"English left on a page in {language}:\n" + "\n".join(left)
