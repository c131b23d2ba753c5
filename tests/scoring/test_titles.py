"""A tournament table's title and the round that closed a result, stored as data, said in the
reader's language when a page is drawn (scoring/titles.py); a title typed by hand stays as typed."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.titles import TitleParts, said_round, said_title
from tests.factories import make_match

SPRING = {"event": "Spring cup", "round": 2, "table": 3, "game": 1}


@pytest.mark.parametrize(
    ("language", "title", "parts", "said"),
    [
        ("en", "", SPRING, "Spring cup · round 2, table 3"),
        ("fr", "", SPRING, "Spring cup · ronde 2, table 3"),
        ("nl", "", {**SPRING, "game": 2}, "Spring cup · ronde 2, tafel 3, partij 2"),
        (
            "fr",
            "",
            {"event": "Cup", "round": "Semi-finals", "table": 1, "game": 1},
            "Cup · Demi-finales, table 1",
        ),
        ("nl", "", {"event": "Cup", "round": "Game 3", "table": 2, "game": 1}, "Cup · Partij 3, tafel 2"),
        ("nl", "Ann v Bob", None, "Ann v Bob"),
        ("fr", "JAM: Ida v Jo", None, "JAM: Ida v Jo"),
        ("fr", "Spring cup · round 2, table 3", None, "Spring cup · round 2, table 3"),  # typed: as typed
    ],
)
def test_a_generated_title_is_said_in_the_language(language, title, parts, said):
    with translation.override(language):
        assert said_title(title, parts) == said


@pytest.mark.parametrize(("language", "said"), [("en", "round 2"), ("fr", "ronde 2"), ("nl", "ronde 2")])
def test_the_closing_rounds_name_is_said_in_the_language(language, said):
    with translation.override(language):
        assert said_round(2) == said
        assert said_round("") == said_round(None) == ""


def test_the_parts_read_what_they_store():
    parts = TitleParts(event="Spring cup", round="Semi-finals", table=4, game=2)
    assert parts.as_json() == {"event": "Spring cup", "round": "Semi-finals", "table": 4, "game": 2}
    assert TitleParts.of(parts.as_json()) == parts
    assert TitleParts.of({"event": "Cup", "round": 1, "table": 2}) == TitleParts("Cup", 1, 2, 1)
    assert TitleParts.of(None) is None


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Spring cup · round 2, table 3, game 2"),
        ("fr", "Spring cup · ronde 2, table 3, partie 2"),
        ("nl", "Spring cup · ronde 2, tafel 3, partij 2"),
    ],
)
def test_a_match_with_parts_is_named_by_them(language, said):
    match = make_match(title_parts=TitleParts("Spring cup", 2, 3, game=2))
    match.refresh_from_db()
    assert (match.title, match.title_parts) == ("", {**SPRING, "game": 2})
    with translation.override(language):
        assert str(match) == said
