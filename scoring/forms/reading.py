"""A stored entry read back in the players' words, for a deal's history of changes.

A deal's page lists its versions; each shows what was entered as the form asked it, never as the
JSON the game stores: "Roem: Zij 4 in a row", not ``{"roem": {"Zij": ["run4"]}}``. The words are
the declaration's (a field's label, ``Choice.labels``, seats by the compass, suits with
their symbols), the same ones ``build.py`` puts on the form.

What this module does not do: check or score anything (the game does), or lay anything out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from games import GAMES
from games.seats import Seating
from games.values import Boolean, CheckedByRule, Choice, ListOf, PerSide, Record, Seat, Variants
from scoring.forms.build import value_words, words
from scoring.game_texts import game_text
from scoring.models import Match


def entry_words(match: Match, entry: Mapping[str, Any]) -> tuple[str, ...]:
    """One line per field of ``entry``, a deal of ``match``: "Trump: ♦ diamonds"."""
    rules = GAMES.get(match.game_key)
    if rules is None:
        return tuple(_labelled(words(key), _plain(value)) for key, value in entry.items())
    seating = rules.seating(match.options, match.sides, match.seats or ())
    declared = {field.name: field for field in rules.entry_shape(match.options)}
    lines = []
    for key, value in entry.items():
        field = declared.get(key)
        label = words(key) if field is None else game_text(field.label)
        lines.append(_labelled(label, _value(None if field is None else field.kind, value, seating)))
    return tuple(lines)


def _labelled(label: str, text: str) -> str:
    """ "Trump: ♦ diamonds", with the language's own spacing ("Atout : ♦ carreau" in French)."""
    return _("%(label)s: %(text)s") % {"label": label, "text": text}


def _value(kind: Any, value: Any, seating: Seating) -> str:
    if isinstance(kind, CheckedByRule):
        return _value(kind.kind, value, seating)
    if value is None:
        return _("nobody")
    if isinstance(kind, PerSide) and isinstance(value, dict):
        return ", ".join(f"{side} {_value(kind.item, item, seating)}" for side, item in value.items()) or _(
            "none"
        )
    if isinstance(kind, ListOf) and isinstance(value, list):
        return ", ".join(_value(kind.item, item, seating) for item in value) or _("none")
    if isinstance(kind, Variants) and isinstance(value, dict):
        record = kind.records.get(str(value.get(kind.tag)))
        rest = {key: item for key, item in value.items() if key != kind.tag}
        return " ".join([value_words(value.get(kind.tag)), _record(record, rest, seating)]).strip()
    if isinstance(kind, Record) and isinstance(value, dict):
        return _record(kind, value, seating)
    if isinstance(kind, Choice):
        return game_text(kind.label(value)) or value_words(value)
    if isinstance(kind, Seat) and isinstance(value, int):
        return str(game_text(seating.who(value)))
    if isinstance(kind, Boolean):
        return _("yes") if value else _("no")
    return _plain(value)


def _record(kind: Record | None, value: Mapping[str, Any], seating: Seating) -> str:
    keys = kind.keys if kind is not None else {}
    return ", ".join(
        f"{words(key).lower()} {_value(keys.get(key), item, seating)}" for key, item in value.items()
    )


def _plain(value: Any) -> str:
    """A value the declaration says nothing more about."""
    if isinstance(value, dict):
        return ", ".join(f"{words(str(key))} {_plain(item)}" for key, item in value.items()) or _("none")
    if isinstance(value, list):
        return ", ".join(_plain(item) for item in value) or _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return value_words(value)
