"""A tournament table's title and the round that closed a result, stored in English, said in the
reader's language when a page is drawn (scoring/titles.py); a title typed by hand stays as typed."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.titles import said_round, said_title


@pytest.mark.parametrize(
    ("language", "title", "said"),
    [
        ("en", "Spring cup · round 2, table 3", "Spring cup · round 2, table 3"),
        ("fr", "Spring cup · round 2, table 3", "Spring cup · ronde 2, table 3"),
        ("nl", "Spring cup · round 2, table 3, game 2", "Spring cup · ronde 2, tafel 3, partij 2"),
        ("fr", "Cup · Semi-finals, table 1", "Cup · Demi-finales, table 1"),
        ("nl", "Ann v Bob", "Ann v Bob"),
        ("fr", "JAM: Ida v Jo", "JAM: Ida v Jo"),
    ],
)
def test_a_generated_title_is_said_in_the_language(language, title, said):
    with translation.override(language):
        assert said_title(title) == said


@pytest.mark.parametrize(("language", "said"), [("en", "round 2"), ("fr", "ronde 2"), ("nl", "ronde 2")])
def test_the_closing_rounds_name_is_said_in_the_language(language, said):
    with translation.override(language):
        assert said_round("round 2") == said
        assert said_round("") == ""
