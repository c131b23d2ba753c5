"""JSON Schema of a game's deal entry and options, built from its declaration."""

from __future__ import annotations

from typing import Any

from games.base import Game
from games.declaration import Option


def entry_schema(game: type[Game[Any]]) -> dict[str, Any]:
    """The schema of one deal entry; rules that depend on the match are in the descriptions."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{game.name} deal entry",
        "type": "object",
        "properties": {f.name: f.schema() for f in game.fields},
        "required": [f.name for f in game.fields if f.required is True],
        "additionalProperties": False,
    }


def options_schema(game: type[Game[Any]]) -> dict[str, Any]:
    """The schema of the ``options`` object of a match."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{game.name} options",
        "type": "object",
        "properties": {o.name: _option_schema(game, o) for o in game.all_options()},
        "additionalProperties": False,
    }


def _option_schema(game: type[Game[Any]], option: Option) -> dict[str, Any]:
    schema = option.schema()
    if game.deals_off_under_target and option.name == "deals" and not option.nullable:
        # null next to a target (docs/games/README.md §4), as the echoed options of such a match hold it
        kind = option.kind.schema()
        rest = {key: value for key, value in schema.items() if key not in kind}
        return {"anyOf": [kind, {"type": "null"}], **rest}
    return schema


def game_schema(game: type[Game[Any]]) -> dict[str, Any]:
    """What ``python -m games schema KEY`` prints."""
    return {
        "game": game.key,
        "name": game.name,
        "entry": entry_schema(game),
        "options": options_schema(game),
        "presets": {name: dict(values) for name, values in game.presets.items()},
        "default_preset": game.default_preset,
    }
