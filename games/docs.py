"""The generated parts of ``docs/games/<key>.md``: the fields, options and presets tables.

Each table sits between ``<!-- BEGIN generated:NAME -->`` and ``<!-- END generated:NAME -->``
markers; ``python -m games docs`` rewrites them from the declaration and a test fails when a page
no longer matches. The prose around them is written by hand. The tables give each field and option both its API name
and what the web pages call it (its label, and each option value in words).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from games.base import Game
from games.declaration import Field, Option
from games.values import Choice


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def fields_table(game: type[Game[Any]]) -> str:
    """The entry fields, in the order they are checked; then the whole entry of each variant that
    has its own (a field that an option brings into play says so in its "Required" column)."""
    tables = [_fields_rows(game.fields)]
    for when, fields in game.entry_shapes()[1:]:
        assert when is not None
        tables.append(f"When {when.text()}, the entry is instead:\n\n" + _fields_rows(fields))
    return "\n\n".join(tables)


def _fields_rows(fields: tuple[Field, ...]) -> str:
    rows = ["| Field | On the page | Value | Required | Meaning and validation |", "|---|---|---|---|---|"]
    for f in fields:
        kind = f.kind.describe() + (", or null" if f.nullable else "")
        rules = " ".join(f"({i}) {r.text}" for i, r in enumerate(f.rules, 1))
        meaning = f.help + (f" {rules}" if rules else "")
        rows.append(
            f"| `{f.name}` | {_cell(f.label)} | {_cell(kind)} | {_cell(f.required_label())} | {_cell(meaning)} |"
        )
    return "\n".join(rows)


def options_table(game: type[Game[Any]]) -> str:
    """Every option with its values, default and effect; an option that a variant declares
    otherwise gives both."""
    rows = ["| Option | On the page | Values | Default | Effect |", "|---|---|---|---|---|"]
    for o in game.all_options():
        values = o.kind.describe() + (", or null" if o.nullable else "")
        default = o.default_label()
        for variant in game.variants:
            for other in variant.options:
                if other.name == o.name:
                    when = variant.when.text()
                    values += f"; when {when}: {other.kind.describe()}"
                    if other.default_label() != o.default_label():
                        default += f"; when {when}: {other.default_label()}"
        rows.append(
            f"| `{o.name}` | {_cell(_said(o))} | {_cell(values)} | {_cell(default)} | {_cell(o.help)} |"
        )
    return "\n".join(rows)


def _said(option: Option) -> str:
    """The option's label, and each of its values in words, as the pages show them."""
    kind = option.kind
    if not isinstance(kind, Choice) or not kind.labels:
        return option.label
    words = "; ".join(f"`{_json(value)}`: {kind.label(value)}" for value in kind.values if kind.label(value))
    return f"{option.label} ({words})"


def presets_table(game: type[Game[Any]]) -> str:
    """Each preset's option values (empty when the game has none)."""
    if not game.presets:
        return "No presets."
    names = sorted({k for values in game.presets.values() for k in values})
    rows = ["| Preset | " + " | ".join(f"`{n}`" for n in names) + " |", "|---" * (len(names) + 1) + "|"]
    for preset, values in game.presets.items():
        cells = [_cell(_json(values[n])) if n in values else "default" for n in names]
        rows.append(f"| `{preset}` | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def _json(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


GENERATED = {"fields": fields_table, "options": options_table, "presets": presets_table}


def render_blocks(game: type[Game[Any]]) -> dict[str, str]:
    """Every generated block of a game's page, by name."""
    return {name: make(game) for name, make in GENERATED.items()}


def _block_re(name: str) -> re.Pattern[str]:
    return re.compile(
        rf"(<!-- BEGIN generated:{name} -->\n)(.*?)(\n<!-- END generated:{name} -->)", re.DOTALL
    )


def page_blocks(text: str) -> dict[str, str]:
    """The generated blocks currently in a page, by name."""
    found = {}
    for name in GENERATED:
        match = _block_re(name).search(text)
        if match:
            found[name] = match.group(2)
    return found


def _keep_markers(block: str) -> Callable[[re.Match[str]], str]:
    return lambda m: m.group(1) + block + m.group(3)


def refresh_page(game: type[Game[Any]], folder: Path) -> Path:
    """Rewrite the generated blocks of ``folder/<key>.md`` (creating a stub page if none)."""
    path = folder / f"{game.key}.md"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        stub = [f"# {game.name} — `{game.key}`", "", game.summary, ""]
        for name in GENERATED:
            stub += [
                f"## {name.capitalize()}",
                "",
                f"<!-- BEGIN generated:{name} -->",
                "",
                f"<!-- END generated:{name} -->",
                "",
            ]
        path.write_text("\n".join(stub), encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    for name, block in render_blocks(game).items():
        text = _block_re(name).sub(_keep_markers(block), text)
    path.write_text(text, encoding="utf-8")
    return path
