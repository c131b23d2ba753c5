"""The words of a game in the reader's language: the Django side of ``games/terms.py``.

A game's declaration, its breakdown lines and its errors are English :class:`games.terms.Words`
carrying their context and template; :func:`game_text` translates one with
``pgettext(context, template)`` in the active language and fills in its parameters (themselves
translated when they are words too). A plain string (a side's name, text that no game marked) is
returned as it is. A translation whose placeholders do not match the English template falls back
to the English sentence rather than fail a page (a test keeps the catalogs from doing that).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from django.utils import translation
from django.utils.translation import npgettext, pgettext

from games.facts import Fact, Facts, Row, Sheet
from games.terms import Words


def game_text(text: Any) -> Any:
    """``text`` in the active language when a game marked it; anything else unchanged."""
    if not isinstance(text, Words):
        return text
    if text.plural is not None:
        translated = npgettext(text.context, text.template, text.plural, text.params["count"])
    else:
        translated = pgettext(text.context, text.template)
    if not text.params:
        return translated
    params = {name: game_text(value) for name, value in text.params.items()}
    try:
        return translated % params
    except (KeyError, TypeError, ValueError):
        return _english(text) % params


def said_beside(text: Any, labels: Mapping[str, str]) -> Any:
    """A game's refusal as a form says it beside its fields: each field it names by its API key
    ("taker est obligatoire", "points: het totaal moet 162 zijn", "tricks and runs") named by the
    page's label for it (``labels``: key → label, "Preneur"); ``None`` when it names none."""
    if not isinstance(text, Words):
        return None
    relabelled = _relabelled(text, labels)
    return None if relabelled is text else game_text(relabelled)


def _relabelled(text: Words, labels: Mapping[str, str]) -> Words:
    """``text`` with every parameter that is a field key replaced by its label (lists too)."""
    params: dict[str, Any] = {}
    for name, value in text.params.items():
        if isinstance(value, Words):
            params[name] = _relabelled(value, labels)
        elif isinstance(value, str) and value in labels:
            params[name] = labels[value]
        else:
            params[name] = value
    if all(params[name] is value for name, value in text.params.items()):
        return text
    return Words(text.context, text.template, params, text.code, text.plural)


def _english(text: Words) -> str:
    if text.plural is not None and text.params.get("count") != 1:
        return text.plural
    return text.template


def game_texts(texts: Iterable[Any]) -> tuple[Any, ...]:
    """Each of ``texts`` through :func:`game_text` (breakdown lines, notes)."""
    return tuple(game_text(text) for text in texts)


def translator(language: str) -> Callable[[str], str]:
    """A translate callable for ``language`` (the docs generator's): each text rendered with that
    language active."""

    def translate(text: str) -> str:
        with translation.override(language):
            return str(game_text(text))

    return translate


def facts_text(facts: Facts) -> Facts:
    """A game's facts of a match (its lines, sheets and what the next deal needs) in the active
    language, for a scoreboard to lay out as they are."""

    def fact(item: Fact) -> Fact:
        return Fact(game_text(item.label), game_text(item.text))

    def sheet(item: Sheet) -> Sheet:
        return Sheet(
            game_text(item.title),
            game_texts(item.head),
            tuple(Row(game_texts(row.cells), row.kind) for row in item.rows),
            game_texts(item.notes),
        )

    return replace(
        facts,
        lines=tuple(fact(item) for item in facts.lines),
        sheets=tuple(sheet(item) for item in facts.sheets),
        upcoming=tuple(fact(item) for item in facts.upcoming),
    )
