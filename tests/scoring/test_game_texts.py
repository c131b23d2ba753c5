"""The games' words in French and Dutch (#15): the catalogs of games/locale/ cover every text a game
marks (games/terms.py), every error a game can raise renders in both languages without a missing
placeholder, and the scorer page, the scoreboard, the API's errors and the translated rule pages
say them in the reader's language."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import trans_real
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games import GAMES, GameError
from games.common import exclusive_with
from games.docs import TRANSLATED, translated_page, translated_path
from scoring.game_texts import game_text, said_beside, translator
from scoring.links import table_token
from tests.factories import make_match
from tests.i18n import catalogs

ROOT = Path(__file__).resolve().parents[2]
GAMES_DIR = ROOT / "games"
LANGUAGES = ("fr", "nl")
MARKERS = {"term": (0, 1), "said": (0, 1), "problem": (0, 2), "counted": (0, 1)}


@pytest.fixture(scope="module", autouse=True)
def compiled_catalogs():
    """The games' catalogs compiled as bin/test does, and Django's cache of them dropped."""
    for po in GAMES_DIR.glob("locale/*/LC_MESSAGES/django.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po)], check=True)
    trans_real._translations = {}
    trans_real._default = None
    return


def _marked() -> list[tuple[str, str, str, str | None, str | None]]:
    """Every marker call in games/: (file, kind, context, template, code)."""
    found = []
    for path in sorted(GAMES_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in MARKERS or path.name == "terms.py":
                continue
            context_at, template_at = MARKERS[node.func.id]
            args = node.args
            literal = [
                a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in args
            ]
            code = _code(args[1]) if node.func.id == "problem" else None
            found.append(
                (f"{path.name}:{node.lineno}", node.func.id, literal[context_at], literal[template_at], code)
            )
    return found


def _code(node: ast.expr) -> str | None:
    """A problem's code: a literal, or ``code_of(inner, "default")`` (the inner problem's code)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "code_of":
        return _code(node.args[1])
    return None


MARKED = _marked()
PROBLEMS = [
    (where, context, template, code) for where, kind, context, template, code in MARKED if kind == "problem"
]


def test_every_marker_names_its_context_and_template_literally_so_makemessages_finds_it():
    hidden = [where for where, _, context, template, _ in MARKED if context is None or template is None]

    assert len(MARKED) > 700
    assert hidden == []


def test_every_error_code_is_snake_case():
    assert PROBLEMS
    assert [where for where, _, _, code in PROBLEMS if not re.fullmatch(r"[a-z][a-z0-9_]*", code or "")] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_text_has_a_translation_of_its_own(language):
    untranslated = []
    with translation.override(language):
        for where, _kind, context, template, _ in MARKED:
            said = translation.pgettext(context, template)
            if said == template and not catalogs.same_as_english_is_fine(template, language):
                untranslated.append((where, template))

    assert untranslated == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_error_a_game_can_raise_renders_with_only_the_english_placeholders(language):
    broken = []
    with translation.override(language):
        for where, context, template, _ in PROBLEMS:
            names = set(catalogs.PLACEHOLDER.findall(template))
            said = translation.pgettext(context, template)
            extra = set(catalogs.PLACEHOLDER.findall(said)) - names
            try:
                said % dict.fromkeys(names, "x")
            except (KeyError, ValueError, TypeError) as error:
                broken.append((where, repr(error)))
            if extra:
                broken.append((where, f"unknown placeholders {extra}"))

    assert broken == []


def _entries(key):
    names = [f.name for f in GAMES[key].fields]
    values = st.recursive(
        st.none() | st.booleans() | st.integers(-5, 300) | st.sampled_from(["Wij", "Zij", "A", "B", "x"]),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(st.sampled_from(["Wij", "Zij", "A", "B"]), inner, max_size=2)
        ),
        max_leaves=6,
    )
    return st.dictionaries(st.sampled_from(names), values, max_size=len(names))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_any_refused_entry_says_its_rule_in_french_and_dutch_with_the_english_code(key):
    game = GAMES[key]()
    sides = ["Wij", "Zij"] if game.partnerships or key in ("jam", "jo-jotte") else ["Wij", "Zij", "A"]

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(entry=_entries(key))
    def check(entry):
        error = _refusal(game, sides, entry)
        if error is None:
            return
        with translation.override("en"):
            assert game_text(error.rule) == error.rule
        for language in LANGUAGES:
            with translation.override(language):
                said = game_text(error.rule)
            assert isinstance(said, str)
            assert said
        assert re.fullmatch(r"[a-z][a-z0-9_]*", error.code)

    check()


def _refusal(game, sides, entry):
    try:
        game.replay({}, sides, [entry])
    except GameError as error:
        return error
    return None


# -- the pages and the API -----------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "label", "hint", "choice"),
    [
        ("fr", "Points de cartes", "dix de der compris", "Camp qui joue"),
        ("nl", "Kaartpunten", "de 10 van de laatste slag inbegrepen", "Spelende partij"),
    ],
)
def test_the_scorer_page_says_the_games_labels_and_hints_in_the_readers_language(
    client, language, label, hint, choice
):
    match = make_match(game="klaverjas", sides=["Wij", "Zij"], seats=["Ann", "Bob", "Cy", "Dee"])

    page = client.get(f"/t/{table_token(match)}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert label in page
    assert hint in page
    assert choice in page
    assert "Card points" not in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "line", "note"),
    [
        ("fr", "camp qui joue : Wij ; 92 + roem 20 = 112 contre 70 + roem 0 = 70 : réussi", "réussie"),
        ("nl", "spelende partij: Wij; 92 + roem 20 = 112 tegen 70 + roem 0 = 70: gehaald", "gehaald"),
    ],
)
def test_the_scoreboard_says_the_breakdown_in_the_readers_language(client, language, line, note):
    deal = {"playing": "Wij", "points": {"Wij": 92, "Zij": 70}, "roem": {"Wij": ["stuk"]}}
    match = make_match(
        game="klaverjas", sides=["Wij", "Zij"], seats=["Ann", "Bob", "Cy", "Dee"], deals=[deal]
    )

    page = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert line in page
    assert note in page
    assert " play: " not in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "rule"),
    [
        ("en", "points must add up to 162, not 160"),
        ("fr", "points\u00a0: le total doit être 162, pas 160"),
        ("nl", "points: het totaal moet 162 zijn, niet 160"),
    ],
)
def test_the_api_says_a_games_refusal_in_the_asked_language_with_the_same_code(language, rule):
    body = {"sides": ["Wij", "Zij"], "entry": {"playing": "Wij", "points": {"Wij": 100, "Zij": 60}}}

    response = APIClient().post(
        "/api/games/klaverjas/preview/", body, format="json", HTTP_ACCEPT_LANGUAGE=language
    )

    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["rule"], error["code"], error["field"]) == (rule, "wrong_total", "points")


@pytest.mark.django_db
def test_a_deal_refused_through_the_api_says_the_coinche_rule_in_french():
    match = make_match(game="coinche", sides=["NS", "EW"], seats=["Ann", "Bob", "Cy", "Dee"])
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Table {table_token(match)}")
    entry = {
        "taker": "NS",
        "bid": 100,
        "trump": "no-trump",
        "double": "none",
        "points": {"NS": 100, "EW": 62},
    }

    response = api.post(f"/api/matches/{match.pk}/deals/", entry, format="json", HTTP_ACCEPT_LANGUAGE="fr")

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "not_allowed"
    assert (
        error["rule"]
        == "trump : \"no-trump\" n'est pas permis avec ces options (no-trump seulement avec l'option no_trump, all-trump seulement avec all_trump)"
    )


# -- the rule pages in the players' language ------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "language"), [(k, lang) for k, langs in TRANSLATED.items() for lang in langs]
)
def test_the_translated_rule_pages_are_current(key, language):
    path = translated_path(GAMES[key], language, ROOT / "docs" / "games")

    assert path.exists(), "run `manage.py game_docs`"
    assert path.read_text(encoding="utf-8") == translated_page(GAMES[key], translator(language)), (
        "run `manage.py game_docs`"
    )


def test_the_dutch_klaverjas_page_keeps_the_native_words_with_a_dutch_explanation():
    page = (ROOT / "docs" / "games" / "klaverjas.nl.md").read_text(encoding="utf-8")

    assert "| *nat* | De spelende partij haalde niet meer dan de helft" in page
    assert "## Woordenlijst" in page


def test_a_template_says_a_games_words_through_the_filter():
    from django.template import Context, Template

    from games.facts import Tally

    heading = Tally("rubber", {"A": 1, "B": 0}, 2).heading
    shown = Template("{% load game_texts %}{{ heading|game_text }} · {{ plain|game_text }}")

    with translation.override("fr"):
        said = shown.render(Context({"heading": heading, "plain": "Ann"}))

    assert said == "robs gagnés · Ann"


class _Entry:
    """The bit of an entry context ``exclusive_with`` reads: which fields the entry gives."""

    def has(self, name: str) -> bool:
        return name in ("tricks", "runs")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "give either this field or Tricks and Runs, not both"),
        ("nl", "geef dit veld of Slagen en Reeksen, niet allebei"),
    ],
)
def test_a_refusal_that_lists_fields_names_each_by_its_label_on_a_page(language, said):
    """#28 item 11: JAM's "tricks and runs" stayed API keys (and English) on a Dutch page; the API
    keeps the keys."""
    broken = exclusive_with("tricks", "runs").check(None, _Entry())
    labels = {"en": {"tricks": "Tricks", "runs": "Runs"}, "nl": {"tricks": "Slagen", "runs": "Reeksen"}}

    with translation.override(language):
        assert said_beside(broken, labels[language]) == said
        assert said_beside(broken, {"points": "Punten"}) is None
    assert str(broken) == "give either this field or tricks and runs, not both"
