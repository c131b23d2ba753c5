"""JSON Schema of a game's deal entry and options, built from its declaration.

Without options the schema documents every entry the game can take: a field that a variant
declares differently (Back Alley's ``bids`` in the individual game) accepts any of its shapes, and
``variants`` lists each variant's table and exact entry. Under given options (``python -m games
schema KEY --option NAME=VALUE``) it is the exact entry of those options, a field out of play
reduced to its neutral value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Game
from games.declaration import Field, Option

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def entry_schema(game: type[Game[Any]], options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The schema of one deal entry; rules that depend on the match are in the descriptions."""
    if options is not None:
        fields = game.entry_shape(options)
        properties = {f.name: f.schema(options) for f in fields}
        required = [f.name for f in fields if f.required is True]
    else:
        properties = _every_shape(game)
        required = [
            name
            for name in properties
            if all(
                any(f.name == name and f.required is True for f in shape) for _, shape in game.entry_shapes()
            )
        ]
    return {
        "$schema": DRAFT,
        "title": f"{game.name} deal entry",
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _every_shape(game: type[Game[Any]]) -> dict[str, Any]:
    """Each field name's schema, accepting what any entry shape of the game accepts; the help text
    is the default entry's."""
    by_name: dict[str, list[Field]] = {}
    for _, shape in game.entry_shapes():
        for f in shape:
            by_name.setdefault(f.name, []).append(f)
    properties: dict[str, Any] = {}
    for name, declared in by_name.items():
        schemas: list[dict[str, Any]] = []
        for f in declared:
            schema = {k: v for k, v in f.schema().items() if k != "description"}
            if schema not in schemas:
                schemas.append(schema)
        body = schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
        properties[name] = {**body, "description": declared[0].help}
    return properties


def options_schema(game: type[Game[Any]], options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The schema of the ``options`` object of a match: under ``options``, the declarations in
    force; without, an option that a variant declares otherwise accepts either declaration."""
    if options is not None:
        properties = {o.name: _option_schema(game, o) for o in game.options_in_force(options)}
    else:
        properties = {o.name: _option_schema(game, o) for o in game.all_options()}
        for variant in game.variants:
            for other in variant.options:
                shown = properties[other.name]
                plain, alternative = _value_part(shown), _value_part(_option_schema(game, other))
                if alternative != plain:
                    words = {k: v for k, v in shown.items() if k in WORDS}
                    properties[other.name] = {"anyOf": [plain, alternative], **words}
    return {
        "$schema": DRAFT,
        "title": f"{game.name} options",
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }


#: Schema keys that describe a value rather than constrain it.
WORDS = ("description", "default")


def _value_part(schema: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in schema.items() if k not in WORDS}


def _option_schema(game: type[Game[Any]], option: Option) -> dict[str, Any]:
    schema = option.schema()
    if game.deals_off_under_target and option.name == "deals" and not option.nullable:
        # null next to a target (docs/games/README.md §4), as the echoed options of such a match hold it
        kind = option.kind.schema()
        rest = {key: value for key, value in schema.items() if key not in kind}
        return {"anyOf": [kind, {"type": "null"}], **rest}
    return schema


def game_schema(game: type[Game[Any]], options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What ``python -m games schema KEY`` prints: for every shape of the entry, or, given the
    effective ``options`` of a match, for exactly those."""
    doc: dict[str, Any] = {
        "game": game.key,
        "name": game.name,
        "entry": entry_schema(game, options),
        "options": options_schema(game, options),
        "presets": {name: dict(values) for name, values in game.presets.items()},
        "default_preset": game.default_preset,
    }
    if options is not None:
        doc["effective_options"] = dict(options)
        doc["table"] = game.table_shape(options).as_json()
    elif game.variants:
        doc["variants"] = [_variant_doc(game, index) for index in range(len(game.variants))]
    return doc


def _variant_doc(game: type[Game[Any]], index: int) -> dict[str, Any]:
    """One variant: the option values that bring it in, and what it changes."""
    variant = game.variants[index]
    out: dict[str, Any] = {"when": variant.when.as_json()}
    if variant.shape is not None:
        out["table"] = variant.shape.as_json()
    if variant.fields is not None:
        probe = {variant.when.option: variant.when.values[0]}
        out["entry"] = entry_schema(game, {**_defaults(game), **probe})
    if variant.options:
        out["options"] = {o.name: o.schema() for o in variant.options}
    return out


def _defaults(game: type[Game[Any]]) -> dict[str, Any]:
    return {o.name: o.default for o in game.all_options() if not callable(o.default)}
