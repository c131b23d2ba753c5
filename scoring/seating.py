"""The tables a game can be played at, for the pages and services that seat players.

A game's options may change its table (five players each on their own for individual Back Alley,
six seats for six-handed Forty-Five). This module turns the options chosen so far (on the "new
match" page, or for a tournament's matches) into the table they bring and the options that then
depend on who sits there; and gives words for each table, a link per table that makes the choices
bringing it, and the note that says which seats (by the compass) are partners. The rules themselves are the game's
(``Game.table_shape``, ``Game.options_in_force``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext as _

from games import Game, GameError, find_game
from games.declaration import TableShape, When
from games.seats import compass, side_of_seat
from scoring.game_texts import game_text


def _effective(game: type[Game[Any]], chosen: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The effective options of the choices so far (no sides known yet), or ``None`` while one of
    them is not valid: the service names the bad one when the match or event is created."""
    try:
        return find_game(game.key).resolve_options((), dict(chosen)).options
    except GameError:
        return None


def chosen_table(game: type[Game[Any]], chosen: Mapping[str, Any]) -> TableShape:
    """The table under the preset and options chosen so far (the default table while one is bad)."""
    return game.table_shape(_effective(game, chosen))


def side_bound_options(game: type[Game[Any]], chosen: Mapping[str, Any]) -> set[str]:
    """The options whose default depends on who sits at the table (``first_dealer`` as a side
    name), under the choices so far."""
    options = _effective(game, chosen)
    declared = game.all_options() if options is None else game.options_in_force(options)
    return {o.name for o in declared if callable(o.default)}


def table_label(shape: TableShape) -> str:
    """A table in words: "4 players, two sides of 2", "5 players, each on their own"."""
    if shape.partnerships:
        return _("%(seats)s players, two sides of %(each)s") % {
            "seats": shape.seats,
            "each": shape.seats // 2,
        }
    if shape.min_sides == shape.max_sides:
        return _("%(players)s players, each on their own") % {"players": shape.max_sides}
    return _("%(low)s to %(high)s players") % {"low": shape.min_sides, "high": shape.max_sides}


def table_links(game: type[Game[Any]], current: TableShape | None) -> list[dict[str, Any]]:
    """A link per table of the game (none when it has only one): its words, its query, and whether
    it is the table the page shows now."""
    shapes = game.table_shapes()
    if len(shapes) < 2:
        return []
    return [
        {
            "label": table_label(shape),
            "query": urlencode({"game": game.key, **_choices_for(game, when)}),
            "selected": shape == current,
        }
        for when, shape in shapes
    ]


def _choices_for(game: type[Game[Any]], when: When | None) -> dict[str, str]:
    """The page's choices that bring a table in: a preset that sets it, else its option's value
    (as the option's widget posts it)."""
    if when is None:
        return {}
    for name, values in game.presets.items():
        if when.holds(values):
            return {"preset": name}
    return {f"o.{when.option}": json.dumps(when.values[0])}


def partner_note(shape: TableShape) -> str:
    """Which seats are partners, by the compass: "North and South are partners (side 1), East and
    West (side 2)."; empty at a table of individual players."""
    if not shape.partnerships:
        return ""
    names = [str(game_text(name)) for name in compass(shape.seats)]
    first, second = (_and([n for i, n in enumerate(names) if side_of_seat(i) == side]) for side in (0, 1))
    return _("%(first)s are partners (side 1), %(second)s (side 2).") % {"first": first, "second": second}


def _and(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    # Translators: the last two of a list of seats: "North, East and South".
    return _("%(some)s and %(last)s") % {"some": ", ".join(items[:-1]), "last": items[-1]}
