"""A game's rules, served by the site: the product's rule reference ``docs/games/<key>.md``, in
the reader's language where the repository has it (``<key>.fr.md``, ``<key>.nl.md``), else in
English with a note saying so. The home page's game cards open it.

The reference is Markdown, turned into HTML by markdown-it-py (CommonMark with its tables; raw
HTML in the file is shown as text, never passed through).

What this module does not do: write the rules (``docs/games/`` is generated and edited in the
repository) or bind the page to a club (a game's rules are every club's).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_safe
from markdown_it import MarkdownIt

from games import GAMES

#: The product's rule reference, one page per game.
RULES = Path(settings.BASE_DIR) / "docs" / "games"
#: CommonMark with tables; ``html`` off, so nothing in a file reaches the page as markup.
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


@dataclass(frozen=True)
class Rules:
    """A game's rules page as read: the text, and the language it is written in."""

    text: str
    language: str

    @property
    def html(self) -> SafeString:
        """The rules as HTML (markdown-it escapes what the text holds; raw HTML is off)."""
        rendered: str = MARKDOWN.render(self.text)
        return mark_safe(rendered)  # escaped by markdown-it, html off

    @property
    def translated(self) -> bool:
        """Whether the rules speak the reader's language (``False``: the English fallback)."""
        return self.language == translation.get_language()


def rules_text(key: str, language: str) -> Rules | None:
    """The rules of game ``key`` in ``language`` if the repository has them, else in English;
    ``None`` for a game without a rules page."""
    for path, written in ((RULES / f"{key}.{language}.md", language), (RULES / f"{key}.md", "en")):
        if path.is_file():
            return Rules(path.read_text(encoding="utf-8"), written)
    return None


@require_safe
def game_rules(request: HttpRequest, key: str) -> HttpResponse:
    """The rules of one game (the home page's game cards link here)."""
    game = GAMES.get(key)
    rules = rules_text(key, translation.get_language()) if game is not None else None
    if game is None or rules is None:
        raise Http404(gettext("no such game"))
    return render(request, "scoring/rules.html", {"game": game, "rules": rules})
