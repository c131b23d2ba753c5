"""``{% load game_texts %}{{ text|game_text }}``: a game's words in the reader's language in a template
(``scoring.game_texts.game_text``), for what a template reads straight from a game's answer (a
tally's heading, a fact); plain text passes through unchanged."""

from __future__ import annotations

from typing import Any

from django import template

from scoring.game_texts import game_text as translated

register = template.Library()


@register.filter
def game_text(text: Any) -> Any:
    """``text`` as its game says it in the active language."""
    return translated(text)
