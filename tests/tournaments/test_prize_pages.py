"""The prize list's pages: the printable prize page (a preview while the evening runs), the CSV
export, the links from the console and the public page, and the projector's prize list once the
evening is over."""

from __future__ import annotations

import csv
import io

import pytest

from tests.tournaments.factories import make_tournament, play_round, start_round
from tests.tournaments.test_prizes_api import EVERYTHING, played
from tests.translated import spoken
from tournaments.models import Tournament
from tournaments.services.standings import standings_recompute

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

FORMULE_VAN_4 = {"rule": "every_fourth", "extras": ["booby"]}


def page(client, tournament: Tournament, language: str = "en") -> str:
    response = client.get(f"/tournaments/{tournament.pk}/prizes/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return spoken(response.content.decode())


def test_the_prize_page_lists_the_winners_in_the_order_they_choose(client):
    tournament = played(10, prizes=FORMULE_VAN_4)
    rows = tournament.standings["rows"]

    said = page(client, tournament)

    # Ten entrants, Formule-van-4: places 1-4 and 8, then the 10th's booby prize.
    titles = ["Place 1", "Place 2", "Place 3", "Place 4", "Place 8", "Booby prize"]
    winners = [rows[n - 1]["name"] for n in (1, 2, 3, 4, 8, 10)]
    at = [said.index(f"{turn} {title}") for turn, title in enumerate(titles, start=1)]
    assert at == sorted(at)
    for here, next_one, winner in zip(at, [*at[1:], len(said)], winners, strict=True):
        assert f" {winner} " in said[here:next_one]
    assert "Places 1 to 4, then every 4th (8, 12, 16…); Booby prize" in said
    assert "If the evening ended now" not in said


def test_the_prize_page_speaks_french_and_dutch(client):
    tournament = played(6, prizes=EVERYTHING)

    french, dutch = page(client, tournament, "fr"), page(client, tournament, "nl")

    assert "Liste des lots" in french
    assert "Prix de la lanterne rouge" in french
    assert "ils se partagent ce prix" in french  # the three winners scored 10 each
    assert "Prijzenlijst" in dutch
    assert "Poedelprijs" in dutch
    assert "Puntenkampioen" in dutch


def test_while_the_evening_runs_the_page_says_it_is_a_preview(client):
    tournament = played(6, rounds=2, play=1, prizes={"rule": "places", "places": 2})

    said = page(client, tournament)

    assert "If the evening ended now: the standings may still change." in said
    assert "Place 2" in said


def test_without_a_prize_rule_the_page_says_so(client):
    tournament = make_tournament(entrants=4)

    assert "This event has no prize rule." in page(client, tournament)
    assert client.get("/tournaments/999999/prizes/").status_code == 404


def test_the_csv_has_one_line_per_prize_in_choosing_order_and_no_formula(client):
    tournament = played(6, prizes=EVERYTHING)
    tournament.entrants.filter(pk=tournament.standings["rows"][0]["entrant"]).update(name="=HYPERLINK(1)")
    standings_recompute(tournament_id=tournament.pk)

    response = client.get(f"/tournaments/{tournament.pk}/prizes.csv")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    lines = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [line["choose"] for line in lines] == ["1", "2", "3", "4", "5", "6"]
    assert [line["kind"] for line in lines] == ["place"] * 3 + ["most_points", "best_match", "booby"]
    assert lines[0]["name"] == "'=HYPERLINK(1)"
    assert lines[3]["points"] == "10"
    assert lines[3]["tie"] == "shared"


def test_the_console_and_the_public_page_link_to_it_once_there_is_a_rule(client, boss, club):
    with_rule = make_tournament(club=club, entrants=4, rounds=1, prizes=FORMULE_VAN_4)
    without = make_tournament(club=club, entrants=4)
    link = f"/tournaments/{with_rule.pk}/prizes/"

    running = client.get(f"/tournaments/{with_rule.pk}/").content.decode()
    assert link in running
    assert "Prize list, if it ended now" in spoken(running)
    assert "/prizes/" not in client.get(f"/tournaments/{without.pk}/").content.decode()
    assert "/prizes/" not in client.get(f"/tournaments/{without.pk}/console/").content.decode()

    play_round(start_round(with_rule))
    console = spoken(client.get(f"/tournaments/{with_rule.pk}/console/").content.decode())
    assert "Print the prize list" in console
    assert "Prize list, if it ended now" not in console


def test_the_projector_shows_the_prize_list_after_the_final_standings(client):
    tournament = played(6, prizes=EVERYTHING)

    html = client.get(f"/tournaments/{tournament.pk}/projector/").content.decode()

    assert 'class="projector-columns final with-prizes"' in html
    said = spoken(html)
    assert said.index("Final standings") < said.index("Prize list") < said.index("Booby prize")


def test_the_projector_has_no_prize_list_without_a_rule(client):
    tournament = played(6)

    html = client.get(f"/tournaments/{tournament.pk}/projector/").content.decode()

    assert "Final standings" in spoken(html)
    assert "projector-prizes" not in html
