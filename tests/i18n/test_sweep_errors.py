"""Refusals the #15 sweep found said half in English: a game's rule put into a services' sentence
as written (a correction that breaks a later deal; a tournament's options the game refuses)."""

from __future__ import annotations

import pytest
from django.utils import translation

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry
from scoring.services.deals import deal_correct
from tests.factories import make_match
from tests.tournaments.factories import make_tournament

pytestmark = pytest.mark.django_db

ACTOR = Actor(label="phone", ip="127.0.0.1")


def points(ann: int, ben: int) -> dict:
    return {"points": {"Ann": ann, "Ben": ben}}


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_a_correction_that_breaks_a_later_deal_says_the_games_rule_in_the_language(language):
    match = make_match(options={"target": 10}, deals=[points(3, 4), points(5, 4)])
    with translation.override("en"), pytest.raises(Conflict) as english:
        deal_correct(match_id=match.pk, number=1, entry=points(10, 0), expected_version=1, actor=ACTOR)
    with translation.override(language), pytest.raises(Conflict) as said:
        deal_correct(match_id=match.pk, number=1, entry=points(10, 0), expected_version=1, actor=ACTOR)
    why = str(english.value.rule).split(": ", 1)[1]
    assert why not in str(said.value.rule), said.value.rule
    assert "2" in str(said.value.rule)


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_a_tournaments_options_the_game_refuses_say_its_rule_in_the_language_with_its_code(language):
    with translation.override("en"), pytest.raises(InvalidEntry) as english:
        make_tournament(game="tally", options={"target": "lots"})
    with translation.override(language), pytest.raises(InvalidEntry) as said:
        make_tournament(game="tally", options={"target": "lots"})
    assert str(said.value.rule) != str(english.value.rule)
    assert (said.value.code, said.value.field) == (english.value.code, english.value.field)
