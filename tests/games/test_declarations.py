"""Each game's one declaration, and what is built from it, for every registered game.

The docs page must carry exactly the tables that ``games.docs.render_blocks`` generates (so a page
that no longer matches its declaration fails here), every field and option must explain itself,
presets and defaults must be valid values, and the rule book must stay free of Django.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games import GAMES, find_game
from games.base import Game
from games.cli import main
from games.declaration import Option
from games.docs import GENERATED, page_blocks, render_blocks
from games.match import Table
from games.values import Choice, Seat, SideRef
from tests.paths import DATA, EXAMPLES, ROOT

KEYS = list(GAMES)
DOCS = ROOT / "docs" / "games"
PACKAGE = ROOT / "games"
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
DOCUMENTED_KEYS = re.findall(r"^\| `([a-z-]+)` \|", (DOCS / "README.md").read_text(), re.MULTILINE)


def sides_for(cls: type[Game[Any]]) -> tuple[str, ...]:
    return NAMES[: cls.min_sides]


# -- the docs page --------------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_it_keeps_the_docs_page_in_step_with_the_declaration(key):
    path = DOCS / f"{key}.md"
    assert path.exists(), f"{path} is missing: run `python -m games docs {key}`"
    text = path.read_text(encoding="utf-8")

    for name in GENERATED:
        assert text.count(f"<!-- BEGIN generated:{name} -->") == 1, name
        assert text.count(f"<!-- END generated:{name} -->") == 1, name
    assert page_blocks(text) == render_blocks(GAMES[key]), f"run `python -m games docs {key}`"


@pytest.mark.parametrize("key", KEYS)
def test_it_leaves_an_up_to_date_page_unchanged_when_regenerated(key, tmp_path):
    page = DOCS / f"{key}.md"
    if not page.exists():
        pytest.fail(f"{page} is missing")
    shutil.copy(page, tmp_path / page.name)

    assert main(["docs", key, "--dir", str(tmp_path)]) == 0

    assert (tmp_path / page.name).read_text(encoding="utf-8") == page.read_text(encoding="utf-8")


@pytest.mark.parametrize("key", KEYS)
def test_it_writes_prose_around_the_generated_tables(key):
    page = DOCS / f"{key}.md"
    if not page.exists():
        pytest.fail(f"{page} is missing")
    text = page.read_text(encoding="utf-8")
    for block in page_blocks(text).values():
        text = text.replace(block, "")

    assert "Choices where the rules are silent" in text


def test_it_creates_a_stub_page_that_already_matches(tmp_path):
    for cls in GAMES.values():
        assert main(["docs", cls.key, "--dir", str(tmp_path)]) == 0
        text = (tmp_path / f"{cls.key}.md").read_text(encoding="utf-8")
        assert page_blocks(text) == render_blocks(cls)


def test_it_finds_a_table_out_of_step(tmp_path):
    page = DOCS / "jam.md"
    stale = page.read_text(encoding="utf-8").replace("Game points that win a rubber.", "Points to win.")

    assert page_blocks(stale) != render_blocks(GAMES["jam"])


def test_it_indexes_every_game_page():
    index = (DOCS / "README.md").read_text(encoding="utf-8")

    for key in KEYS:
        assert f"({key}.md)" in index, key


# -- help text and valid declarations --------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_it_explains_every_field_option_and_rule(key):
    cls = GAMES[key]

    assert cls.name.strip()
    assert cls.summary.strip()
    for f in cls.fields:
        assert f.help.strip(), f"field {f.name} has no help text"
        assert f.kind.describe().strip(), f"field {f.name} has no description"
        for rule in f.rules:
            assert rule.text.strip(), f"a rule of {f.name} has no text"
    for o in cls.all_options():
        assert o.help.strip(), f"option {o.name} has no help text"
        assert o.default_label().strip()


#: What a page may not show of a declaration: a key (``made_test``), JSON (``"nullo"``, ``[]``,
#: ``null``, ``true``), the rule book's markdown marks.
NOT_WORDS = re.compile(r"_|`|\"|[{}\[\]]|\b(?:true|false|null)\b")


def declarations(cls: type[Game[Any]]) -> list[Any]:
    """Every field and option a page may show: the game's own and each variant's."""
    found = [*cls.fields, *cls.all_options()]
    for variant in cls.variants:
        found += [*(variant.fields or ()), *variant.options]
    return found


@pytest.mark.parametrize("key", KEYS)
def test_it_labels_every_field_and_option_in_words_for_the_pages(key):
    for declared in declarations(GAMES[key]):
        label = declared.label
        assert label.strip(), declared.name
        assert label != declared.name
        assert not label[0].islower(), (declared.name, label)
        assert not NOT_WORDS.search(label), (declared.name, label)
        assert not NOT_WORDS.search(declared.page_help()), (declared.name, declared.page_help())


@pytest.mark.parametrize("key", KEYS)
def test_it_says_every_option_value_in_words(key):
    for option in declarations(GAMES[key]):
        kind = option.kind
        if not isinstance(option, Option) or not isinstance(kind, Choice):
            continue
        for value in kind.values:
            words = kind.label(value)
            if isinstance(value, str) or words is not None:
                assert words, (option.name, value)
                assert words != value
                assert not NOT_WORDS.search(words), (option.name, value)


def test_it_keeps_the_api_names_and_help_beside_the_page_words():
    option = GAMES["coinche"].option("made_test")

    assert option.schema()["description"] == option.help
    assert "beat_defence" in option.help
    assert option.page_help() != option.help
    assert "beat_defence" not in option.page_help()
    assert option.kind.schema() == {"enum": ["beat_defence", "beat_defence_plus_two", "reach_bid"]}
    assert option.kind.label("beat_defence") == "bid reached, defence beaten"


@pytest.mark.parametrize("key", KEYS)
def test_it_declares_each_name_once(key):
    cls = GAMES[key]
    fields = [f.name for f in cls.fields]
    options = [o.name for o in cls.all_options()]

    assert len(set(fields)) == len(fields)
    assert len(set(options)) == len(options)


@pytest.mark.parametrize("key", KEYS)
def test_it_gives_every_game_a_first_dealer_option(key):
    cls = GAMES[key]
    kind = cls.option("first_dealer").kind

    assert isinstance(kind, Seat if cls.partnerships else SideRef)


@pytest.mark.parametrize("key", KEYS)
def test_it_names_each_preset_in_words_for_the_pages(key):
    cls = GAMES[key]
    assert set(cls.preset_names) == set(cls.presets)
    for preset in cls.presets:
        assert cls.preset_name(preset) != preset
        assert len(cls.preset_name(preset)) <= 60


@pytest.mark.parametrize("key", KEYS)
def test_it_uses_valid_defaults_and_presets(key):
    cls = GAMES[key]
    for count in {cls.min_sides, cls.max_sides}:
        sides = NAMES[:count]
        probe = Table(sides=sides, options={})
        for o in cls.all_options():
            problem = o.check(o.default_for(sides), probe)
            assert problem is None, f"default of {o.name}: {problem}"
        for preset, values in cls.presets.items():
            for name, value in values.items():
                problem = cls.option(name).check(value, probe)
                assert problem is None, f"preset {preset} sets {name}: {problem}"
    assert (cls.default_preset is None) == (not cls.presets)
    if cls.presets:
        assert cls.default_preset in cls.presets


@pytest.mark.parametrize("key", KEYS)
def test_it_registers_the_game_with_its_page_examples_and_sheets(key):
    cls = GAMES[key]

    assert key in DOCUMENTED_KEYS, "docs/games/README.md lists every game"
    assert (EXAMPLES / f"{key}.json").exists()
    assert list((DATA / key).glob("*.json")), "at least one golden score sheet"
    assert cls.__module__ == "games." + key.replace("-", "_")
    assert type(find_game(key)) is cls
    assert 2 <= cls.min_sides <= cls.max_sides
    if cls.partnerships:
        assert cls.min_sides == cls.max_sides == 2


def test_it_keeps_keys_and_aliases_unique():
    names = [n for cls in GAMES.values() for n in (cls.key, *cls.aliases)]

    assert len(names) == len(set(names))
    assert list(GAMES) == sorted(GAMES)


# -- the schema ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_it_prints_the_schema_from_the_command_line(key):
    done = subprocess.run(
        [sys.executable, "-m", "games", "schema", key],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["game"] == key
    for f in GAMES[key].fields:
        assert doc["entry"]["properties"][f.name]["description"] == f.help
    for o in GAMES[key].all_options():
        assert doc["options"]["properties"][o.name]["description"] == o.help


# -- no Django in the rule book -------------------------------------------------------------------------


def _imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module)
    return found


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_it_keeps_django_out_of_every_games_module(path):
    banned = [name for name in _imports(path) if name.split(".")[0] in {"django", "rest_framework", "celery"}]

    assert banned == []


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_it_gives_every_games_module_a_docstring(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))

    assert ast.get_docstring(tree), f"{path.name} needs a docstring saying what it does and does not do"


def test_it_imports_the_whole_rule_book_without_django():
    code = (
        "import importlib, pkgutil, sys, json, games\n"
        "for m in pkgutil.iter_modules(games.__path__):\n"
        "    if m.name != '__main__':\n"
        "        importlib.import_module('games.' + m.name)\n"
        "print(json.dumps(sorted(n for n in sys.modules if n.split('.')[0] in ('django', 'rest_framework'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60, check=False
    )

    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
