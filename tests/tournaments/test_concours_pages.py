"""A concours through the API and the new-tournament page: created with its draw and ranking,
refused with a 4xx naming the field when it is not one, and its parties said as parties."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import organizer
from tests.tournaments.factories import add_entrants, make_tournament, start_round
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

CONCOURS = {
    "name": "Concours de la Saint-Martin",
    "game": "belote",
    "format": "concours",
    "match_format": "deals:12",
    "entrant_kind": "partnership",
}


@pytest.fixture
def api(club):
    client = APIClient()
    client.force_authenticate(organizer(club))
    return client


def test_the_api_creates_a_concours_with_its_settings(api):
    body = {**CONCOURS, "settings": {"draw": "random", "ranking": "parties-won"}}
    response = api.post("/api/tournaments/", body, format="json")

    assert response.status_code == 201, response.json()
    created = response.json()
    assert created["format"] == "concours"
    assert created["settings"]["draw"] == "random"
    assert created["settings"]["ranking"] == "parties-won"
    assert "seed" in created["settings"]
    assert created["tiebreaks"] == ["parties-won", "points-marked", "points-conceded", "lots"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"game": "jam", "entrant_kind": "individual", "match_format": "deals:12"}, "format"),
        ({"game": "parcellus", "entrant_kind": "individual"}, "format"),
        ({"entrant_kind": "individual"}, "entrant_kind"),
        ({"match_format": "game"}, "match_format"),
        ({"match_format": "best-of:3"}, "match_format"),
        ({"settings": {"draw": "by-hat"}}, "settings"),
        ({"settings": {"ranking": "elo"}}, "settings"),
        ({"format": "swiss", "settings": {"ranking": "points"}}, "settings"),
    ],
)
def test_the_api_refuses_what_is_not_a_concours_naming_the_field(api, changes, field):
    response = api.post("/api/tournaments/", {**CONCOURS, **changes}, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["field"] == field
    assert not Tournament.objects.exists()


def test_the_refusal_says_which_games_play_a_concours(api):
    body = {**CONCOURS, "game": "parcellus", "entrant_kind": "individual"}
    rule = api.post("/api/tournaments/", body, format="json").json()["error"]["rule"]
    assert (
        rule
        == "a concours is for team games of two partnerships (belote, coinche, klaverjas); Parcellus is not one"
    )


def new_concours(client: Client, club, **fields: str):
    body = {
        "club": club.slug,
        "game": "belote",
        "name": "Concours du samedi",
        "format": "concours",
        "match_format": "deals",
        "match_length": "12",
        "entrant_kind": "partnership",
        **fields,
    }
    return client.post(f"/tournaments/new/?game={body['game']}", body)


def test_the_new_tournament_page_creates_a_concours_with_its_ranking(client, boss, club):
    response = new_concours(client, club, draw="rotation", ranking="parties-won")

    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.settings["draw"] == "rotation"
    assert tournament.tiebreaks[0] == "parties-won"


def test_the_new_tournament_page_refuses_a_concours_of_one_game_beside_the_match_format(client, boss, club):
    response = new_concours(client, club, match_format="game", match_length="")
    assert response.status_code == 422
    error = response.text.split('id="id_match_format_error">', 1)[1].split("</p>")[0]
    assert "deals:N" in error
    assert not Tournament.objects.exists()


def test_the_pages_say_parties_in_french(client, boss, club):
    tournament = make_tournament(
        club=club, game="belote", format="concours", entrant_kind="partnership", match_format="deals:12"
    )
    add_entrants(tournament, 5, partners=True)
    client.cookies["django_language"] = "fr"
    console = client.get(f"/tournaments/{tournament.pk}/console/", HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Lancer la partie 1" in console
    start_round(tournament)
    services.standings_recompute(tournament_id=tournament.pk)
    public = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Partie 1" in public
    assert "Points marqués" in public
    assert "Points concédés" in public
    assert not re.search(r"\bRonde 1\b", public)
    console = client.get(f"/tournaments/{tournament.pk}/console/", HTTP_ACCEPT_LANGUAGE="fr").text
    assert "1/4 parties" in console
    assert "<h2>Parties</h2>" in console
    assert (
        "La partie 1 n’est pas terminée : les tables 1 et 2 n’ont pas encore de résultat confirmé" in console
    )


def test_a_concours_rematch_is_said_in_games_not_rounds():
    from django.utils import translation

    from tournaments.reasons import flag_reason

    with translation.override("fr"):
        assert (
            flag_reason("these teams met in round 2") == "ces équipes se sont déjà rencontrées, à la partie 2"
        )
        assert "ronde" not in flag_reason("these teams met in rounds 1 and 3")
    with translation.override("nl"):
        assert "partijen 1 en 3" in flag_reason("these teams met in rounds 1 and 3")
