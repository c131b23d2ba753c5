"""The "Club rules" fieldset of the new-tournament page and of the console's format form: every
rule posted through the same contract as the API (a refusal beside its own box, in the page's
words), the fee typed in euros, the AOBK preset, the console showing and changing what is stored,
and a late arrival registered from the console."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.tournaments.factories import make_tournament, start_round
from tests.tournaments.test_pages_registration import create, section
from tournaments.club_rule_form import cents_to_euros, euros_to_cents
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

KLAVERJAS = {
    "name": "Klaverjasmiddag",
    "match_format": "deals",
    "match_length": "16",
    "entrant_kind": "partnership",
    "rounds": "4",
}


def test_the_new_tournament_page_has_the_club_rules_in_every_language(client, boss):
    for language, legend in (("en", "Club rules"), ("fr", "Règlement du club"), ("nl", "Clubreglement")):
        page = client.get("/tournaments/new/?game=klaverjas", HTTP_ACCEPT_LANGUAGE=language).text
        assert f"<legend>{legend}</legend>" in page
        for name in ("bye_scores", "bye_points", "bye_max", "absent_points", "fee", "require_paid"):
            assert f'name="{name}"' in page
        assert page.count('type="checkbox" name="prize_extras"') == 3


def test_a_new_tournament_takes_every_rule_of_the_club(client, boss, club):
    response = create(
        client,
        club,
        "klaverjas",
        **KLAVERJAS,
        bye_scores="points",
        bye_points="1600",
        bye_outcome="win",
        bye_max="1",
        absent_points="1450",
        absent_outcome="loss",
        fee="5,00",
        require_check_in="on",
        require_paid="on",
        prize_rule="every_fourth",
        prize_extras=["booby", "most_points"],
        blind_rounds="1",
    )

    assert response.status_code == 302
    made = Tournament.objects.get(name="Klaverjasmiddag")
    assert made.bye == {"game_points": 1600, "outcome": "win", "max_per_entrant": 1}
    assert made.absent == {"game_points": 1450, "outcome": "loss"}
    assert (made.fee, made.require_check_in, made.require_paid, made.blind_rounds) == (500, True, True, 1)
    assert made.prizes == {"rule": "every_fourth", "places": None, "extras": ["booby", "most_points"]}


def test_the_aobk_preset_fills_what_sitting_out_and_missing_a_round_score(client, boss, club):
    create(client, club, "klaverjas", **KLAVERJAS, rule_preset="aobk")

    made = Tournament.objects.get(name="Klaverjasmiddag")
    assert made.bye == {"game_points": 1600, "outcome": "win", "max_per_entrant": 1}
    assert made.absent == {"game_points": 1450, "outcome": "loss"}


def test_no_rule_given_keeps_the_formats_usual(client, boss, club):
    create(client, club, "klaverjas", **KLAVERJAS)

    made = Tournament.objects.get(name="Klaverjasmiddag")
    assert (made.bye, made.absent, made.prizes, made.fee) == ({}, {}, {}, None)


@pytest.mark.parametrize(
    ("fields", "box", "said"),
    [
        ({"fee": "5,5x"}, "fee", "Write the fee in euros, for example 5,00"),
        ({"fee": "2000"}, "fee", "The entry fee is at most 1000.00 €"),
        ({"bye_scores": "points"}, "bye_points", "points for sitting out must be a whole number"),
        ({"prize_rule": "places"}, "prize_places", "how many places is required when rule is places"),
    ],
)
def test_a_refused_rule_is_said_beside_its_box(client, boss, club, fields, box, said):
    response = create(client, club, "klaverjas", **KLAVERJAS, **fields)

    assert response.status_code == 422
    error = response.text.split(f'id="id_{box}_error">', 1)[1].split("</p>", 1)[0]
    assert said.lower() in error.lower()
    assert not Tournament.objects.exists()


def test_the_console_shows_the_stored_rules_and_changes_them(client, boss, club):
    tournament = make_tournament(
        club=club, bye={"game_points": "average", "outcome": "draw"}, fee=450, prizes={"rule": "everyone"}
    )
    url = f"/tournaments/{tournament.pk}/console/"
    page = section(client.get(url).text, "format")
    assert '<option value="average" selected>' in page
    assert 'name="fee" value="4.50"' in page

    done = client.post(
        f"{url}format/",
        {"format": "swiss", "tiebreak_0": "match-points", "fee": "4,00", "prize_rule": "everyone"},
        follow=True,
    )

    tournament.refresh_from_db()
    assert "Format, tiebreaks and rules saved." in done.text
    assert (tournament.fee, tournament.bye, tournament.prizes["rule"]) == (400, {}, "everyone")


def test_a_late_arrival_is_registered_from_the_console_and_told_when_it_joins(client, boss, club):
    tournament = make_tournament(club=club, entrants=4, rounds=3)
    url = f"/tournaments/{tournament.pk}/console/"
    assert 'name="joins_round"' not in client.get(url).text
    start_round(tournament)
    assert 'name="joins_round"' in section(client.get(url).text, "entrants")

    done = client.post(f"{url}entrants/", {"name": "Late"}, follow=True)

    assert "Late registered: joins at round 2." in done.text
    assert tournament.entrants.get(name="Late").joins_round == 2
    assert "Absent (arriving later): Late" in done.text
    assert "Absent (arriving later): Late" in client.get(f"/tournaments/{tournament.pk}/").text


@pytest.mark.parametrize(
    ("typed", "cents"), [("5,00", 500), ("5.5", 550), ("5", 500), (" €4,50 ", 450), ("", None)]
)
def test_a_fee_is_typed_in_euros_with_a_comma_or_a_dot(typed, cents):
    assert euros_to_cents(typed) == cents


def test_a_fee_is_shown_with_the_languages_decimal_mark():
    with translation.override("fr"):
        assert cents_to_euros(500) == "5,00"
    with translation.override("en"):
        assert cents_to_euros(450) == "4.50"
