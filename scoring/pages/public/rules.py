"""A game's rules, served by the site: the product's rule reference ``docs/games/<key>.md``, in
the reader's language where the repository has it (``<key>.fr.md``, ``<key>.nl.md``), else in
English with a note saying so. The home page's game cards open it.

The reference is Markdown, turned into HTML by markdown-it-py (CommonMark with its tables; raw
HTML in the file is shown as text, never passed through).

What this module does not do: write the rules (``docs/games/`` is generated and edited in the
repository) or bind the page to a club (a game's rules are every club's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
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
HEADING = re.compile(r"<(/?)h([1-6])>")


@dataclass(frozen=True)
class Rules:
    """A game's rules page as read: the text, and the language it is written in."""

    text: str
    language: str
    #: The language the reader asked for (the page's, or ``?in=`` from a link between versions).
    asked: str = ""

    @property
    def html(self) -> SafeString:
        """The rules as HTML (markdown-it escapes what the text holds; raw HTML is off). The page
        has its own title (h1), so the file's headings sit one level under it; a table or code wider
        than a phone scrolls inside the page, with the shade that says so."""
        rendered: str = MARKDOWN.render(self.text)
        rendered = HEADING.sub(lambda m: f"<{m[1]}h{min(int(m[2]) + 1, 6)}>", rendered)
        for wide in ("table", "pre"):  # focusable, so a keyboard scrolls it too
            rendered = rendered.replace(f"<{wide}>", f'<{wide} class="scrolls" tabindex="0">')
        return mark_safe(_site_links(rendered))

    @property
    def translated(self) -> bool:
        """Whether the rules speak the language asked for (``False``: the English fallback)."""
        return self.language == (self.asked or translation.get_language())


#: A link of the repository's rule pages to another game's page ("belote.md", "coinche.fr.md#…").
GAME_PAGE = re.compile(r'href="(?P<key>[a-z0-9-]+?)(?:\.(?P<lang>fr|nl))?\.md(?P<anchor>#[^"]*)?"')
#: A link to the repository's common reference, which the site does not serve: its words stay.
REPOSITORY_PAGE = re.compile(r'<a href="README\.md[^"]*">(.*?)</a>')


def _site_links(html: str) -> str:
    """The repository's links between rule pages, pointed at the site's pages."""

    def game_page(found: re.Match[str]) -> str:
        key = found["key"]
        if key not in GAMES:
            return found[0]
        url = reverse("scoring:game_rules", args=[key]) + f"?in={found['lang'] or 'en'}"
        return f'href="{url}{found["anchor"] or ""}"'

    return REPOSITORY_PAGE.sub(r"\1", GAME_PAGE.sub(game_page, html))


def rules_text(key: str, language: str) -> Rules | None:
    """The rules of game ``key`` in ``language`` if the repository has them, else in English;
    ``None`` for a game without a rules page."""
    for path, written in ((RULES / f"{key}.{language}.md", language), (RULES / f"{key}.md", "en")):
        if path.is_file():
            return Rules(path.read_text(encoding="utf-8"), written, language)
    return None


@require_safe
def game_rules(request: HttpRequest, key: str) -> HttpResponse:
    """The rules of one game (the home page's game cards link here)."""
    game = GAMES.get(key)
    # ``?in=en``: a rules page's link to its English original (the page itself stays in the
    # reader's language).
    asked = request.GET.get("in", "")
    language = asked if asked in dict(settings.LANGUAGES) else translation.get_language()
    rules = rules_text(key, language) if game is not None else None
    if game is None or rules is None:
        raise Http404(gettext("no such game"))
    return render(request, "scoring/rules.html", {"game": game, "rules": rules})
