"""The generated parts of ``docs/games/<key>.md``: the glossary, fields, options and presets tables.

Each table sits between ``<!-- BEGIN generated:NAME -->`` and ``<!-- END generated:NAME -->``
markers; ``python -m games docs`` rewrites them from the declaration and a test fails when a page
no longer matches. The prose around them is written by hand. The tables give each field and option both its API name
and what the web pages call it (its label, and each option value in words).

A page in the players' language (``docs/games/klaverjas.nl.md``, ``coinche.fr.md``: ``TRANSLATED``)
is generated whole by :func:`translated_page` from the same declaration, through a ``translate``
callable that this module cannot supply (it knows no Django): ``manage.py game_docs`` passes the
catalogs' (``scoring/game_texts.py``). Its headings are the ``term``s below, in the shared context.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from games.base import Game
from games.declaration import Field, Option
from games.terms import term
from games.values import Choice

#: The pages written in another language than English: game key -> languages.
TRANSLATED: dict[str, tuple[str, ...]] = {"klaverjas": ("nl",), "coinche": ("fr",), "belote": ("fr",)}

#: Renders a marked text in a language (``str`` leaves it in English).
Translate = Callable[[str], str]

WORD = term("games", "Word")
MEANING = term("games", "Meaning")
NO_GLOSSARY = term("games", "This game has no words of its own.")


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


def _said(option: Option, translate: Translate = str) -> str:
    """The option's label, and each of its values in words, as the pages show them."""
    kind = option.kind
    label = translate(option.label)
    if not isinstance(kind, Choice) or not kind.labels:
        return label
    words = "; ".join(
        f"`{_json(value)}`: {translate(said)}" for value in kind.values if (said := kind.label(value))
    )
    return f"{label} ({words})"


def glossary_table(game: type[Game[Any]], translate: Translate = str) -> str:
    """The game's own words and what they mean, as the players say them."""
    if not game.glossary:
        return translate(NO_GLOSSARY)
    rows = [f"| {translate(WORD)} | {translate(MEANING)} |", "|---|---|"]
    for word, meaning in game.glossary:
        rows.append(f"| *{_cell(translate(word))}* | {_cell(translate(meaning))} |")
    return "\n".join(rows)


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


GENERATED = {
    "glossary": glossary_table,
    "fields": fields_table,
    "options": options_table,
    "presets": presets_table,
}


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


# -- a page in the players' language -----------------------------------------------------------

TITLE_NOTE = term(
    "games",
    "Generated from the game's declaration, in the words the scorer pages use; the rules in full, "
    "with the worked examples, are on the English page:",
)
GLOSSARY = term("games", "Glossary")
ENTRY = term("games", "What the table enters")
ENTRY_NOTE = term(
    "games", "The fields of a deal, in the order they are checked; the first problem found is reported."
)
OPTIONS = term("games", "Options")
PRESETS = term("games", "Presets")
FIELD = term("games", "Field")
ON_THE_PAGE = term("games", "On the page")
HELP = term("games", "Help and rules")
OPTION = term("games", "Option")
DEFAULT = term("games", "Default")
EFFECT = term("games", "Effect")
PRESET = term("games", "Preset")
NAME = term("games", "Name")
NO_PRESETS = term("games", "No presets.")


def translated_page(game: type[Game[Any]], translate: Translate) -> str:
    """The whole page of ``game`` in the language ``translate`` renders: its name and summary, the
    glossary, the fields with their rules, the options with their values in words, the presets."""
    t = translate
    lines = [
        f"# {t(game.name)} — `{game.key}`",
        "",
        t(game.summary),
        "",
        f"{t(TITLE_NOTE)} [{game.key}.md]({game.key}.md).",
        "",
        f"## {t(GLOSSARY)}",
        "",
        glossary_table(game, t),
        "",
        f"## {t(ENTRY)}",
        "",
        t(ENTRY_NOTE),
        "",
        f"| {t(FIELD)} | {t(ON_THE_PAGE)} | {t(HELP)} |",
        "|---|---|---|",
    ]
    for f in game.fields:
        rules = " ".join(f"({i}) {t(r.text)}" for i, r in enumerate(f.rules, 1))
        said = t(f.hint if f.hint is not None else f.help) + (f" {rules}" if rules else "")
        lines.append(f"| `{f.name}` | {_cell(t(f.label))} | {_cell(said)} |")
    lines += [
        "",
        f"## {t(OPTIONS)}",
        "",
        f"| {t(OPTION)} | {t(ON_THE_PAGE)} | {t(DEFAULT)} | {t(EFFECT)} |",
        "|---|---|---|---|",
    ]
    for o in game.all_options():
        said = t(o.hint if o.hint is not None else o.help)
        lines.append(f"| `{o.name}` | {_cell(_said(o, t))} | {_cell(o.default_label())} | {_cell(said)} |")
    lines += ["", f"## {t(PRESETS)}", ""]
    if game.presets:
        lines += [f"| {t(PRESET)} | {t(NAME)} |", "|---|---|"]
        lines += [f"| `{key}` | {_cell(t(game.preset_names.get(key, key)))} |" for key in game.presets]
    else:
        lines.append(t(NO_PRESETS))
    return "\n".join(lines) + "\n"


def translated_path(game: type[Game[Any]], language: str, folder: Path) -> Path:
    """Where the page of ``game`` in ``language`` lives."""
    return folder / f"{game.key}.{language}.md"
