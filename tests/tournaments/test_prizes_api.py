"""``GET /api/tournaments/{id}/prizes/``: the prize list in the order winners choose, from the
stored standings and the event's prize rule; public, conditional, in the OpenAPI schema."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.factories import make_tournament, play_round, start_round
from tournaments.models import Tournament
from tournaments.services.standings import standings_recompute

pytestmark = pytest.mark.django_db

EVERYTHING = {"rule": "places", "places": 3, "extras": ["booby", "most_points", "best_match"]}


def played(entrants: int = 6, *, rounds: int = 1, play: int | None = None, **kwargs) -> Tournament:
    """An event of ``entrants`` players with ``play`` rounds played (every round unless said; the
    first listed at each table wins 10 to 1) and its standings stored."""
    tournament = make_tournament(entrants=entrants, rounds=rounds, **kwargs)
    for _ in range(rounds if play is None else play):
        play_round(start_round(tournament))
    standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament


def url(tournament: Tournament) -> str:
    return f"/api/tournaments/{tournament.pk}/prizes/"


def test_the_prize_list_follows_the_rule_and_the_standings(in_process_tasks):
    tournament = played(prizes=EVERYTHING)
    rows = tournament.standings["rows"]

    response = APIClient().get(url(tournament))

    assert response.status_code == 200
    body = response.json()
    assert body["rule"] == EVERYTHING
    assert body["final"] is True
    prizes = body["prizes"]
    assert [p["kind"] for p in prizes] == ["place", "place", "place", "most_points", "best_match", "booby"]
    assert [p["choose"] for p in prizes] == [1, 2, 3, 4, 5, 6]
    for place, prize in enumerate(prizes[:3], start=1):
        row = rows[place - 1]
        assert (prize["place"], prize["rank"]) == (place, row["rank"])
        assert prize["entrant"] == {"id": row["entrant"], "name": row["name"]}
        # The three winners scored 10 each, the losers 1: any tie left by the tie-breaks is said.
        assert prize["tied"] == row["rank"].endswith("=")
        assert bool(prize["note"]) == prize["tied"]
    booby = prizes[-1]
    assert (booby["entrant"]["id"], booby["place"]) == (rows[-1]["entrant"], 6)
    # Three winners of 10 points each: the best total and the best match are tied three ways.
    most = prizes[3]
    assert (most["points"], most["tied"], most["tie"], len(most["tied_with"])) == (10, True, "shared", 2)
    assert prizes[4]["round"] == 1
    assert "share" in most["note"]


def test_no_prize_rule_gives_an_empty_list():
    tournament = make_tournament(entrants=4)

    response = APIClient().get(url(tournament))

    assert response.status_code == 200
    assert response.json() == {"rule": None, "final": False, "hidden": False, "prizes": []}


def test_an_unknown_tournament_is_404():
    response = APIClient().get("/api/tournaments/999999/prizes/")

    assert response.status_code == 404
    assert response.json()["error"]["code"]


def test_during_the_evening_the_list_is_as_it_would_be_if_it_ended_now(in_process_tasks):
    tournament = played(rounds=2, play=1, prizes={"rule": "everyone"})
    assert tournament.status != "finished"

    body = APIClient().get(url(tournament)).json()

    assert body["final"] is False
    assert [p["place"] for p in body["prizes"]] == [1, 2, 3, 4, 5, 6]


def test_a_withdrawn_entrant_wins_nothing_and_the_next_moves_up(in_process_tasks):
    tournament = played(prizes={"rule": "everyone"})
    gone = tournament.standings["rows"][0]["entrant"]
    tournament.entrants.filter(pk=gone).update(withdrawn=True)
    standings_recompute(tournament_id=tournament.pk)

    prizes = APIClient().get(url(tournament)).json()["prizes"]

    assert gone not in [p["entrant"]["id"] for p in prizes]
    assert [p["place"] for p in prizes] == [1, 2, 3, 4, 5]


def test_it_answers_304_while_nothing_changed(in_process_tasks):
    tournament = played(prizes=EVERYTHING)
    api = APIClient()
    etag = api.get(url(tournament))["ETag"]

    assert api.get(url(tournament), HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_notes_are_in_the_readers_language(in_process_tasks):
    tournament = played(prizes=EVERYTHING)

    most = APIClient().get(url(tournament), HTTP_ACCEPT_LANGUAGE="nl").json()["prizes"][3]

    assert most["title"] == "Puntenkampioen"
    assert "delen" in most["note"]


def test_the_schema_documents_it(client):
    schema = client.get("/api/schema/?format=json").json()

    operation = schema["paths"]["/api/tournaments/{id}/prizes/"]["get"]
    assert "order winners choose" in operation["summary"]
    assert set(operation["responses"]) >= {"200", "404"}
