"""#23 item 12: names sort as people sort them ("Émilie" with the E's, not after "Zoé"), and a
pasted pair keeps the order it was typed in ("Émilie Laurent & François Simon"), at the table,
in the API and in the evening's file, whatever the players' ids and the database's collation."""

from __future__ import annotations

import pytest

from clubs.models import Club, Player
from tests.factories import ClubFactory
from tests.tournaments.factories import make_tournament, start_round
from tournaments import selectors
from tournaments.travel.document import evening_body

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

PAIR = "Émilie Laurent & François Simon"


def pasted(client, club: Club):
    """A coinche evening of two pairs pasted in the console, François known to the club first (so
    his id is the smaller one)."""
    club.players.add(Player.objects.create(name="François Simon"))
    tournament = make_tournament(club=club, game="coinche", entrant_kind="partnership")
    url = f"/tournaments/{tournament.pk}/console/list/"
    assert client.post(url, {"entrants": f"{PAIR}\nZoé Martin & Anne Roy\n"}).status_code == 302
    return tournament


def test_a_pasted_pair_keeps_the_order_typed_at_its_table(client, boss, club):
    tournament = pasted(client, club)
    players = selectors.entrant_players(tournament)
    assert ["Émilie Laurent", "François Simon"] in players.values()
    assert ["Zoé Martin", "Anne Roy"] in players.values()
    match = start_round(tournament).tables.get().games.get().match
    assert PAIR in match.sides
    assert "Zoé Martin & Anne Roy" in match.sides


def test_the_evening_file_numbers_entrants_and_players_by_name_as_people_sort_them(client, boss, club):
    tournament = pasted(client, club)
    body = evening_body(tournament)
    assert [e["name"] for e in body["entrants"]] == [PAIR, "Zoé Martin & Anne Roy"]
    assert [p["name"] for p in body["players"]] == [
        "Anne Roy",
        "Émilie Laurent",
        "François Simon",
        "Zoé Martin",
    ]


def test_the_clubs_sort_by_name_as_people_sort_them(client):
    for name in ("Zwolle", "Échiquier", "Amsterdam"):
        ClubFactory(name=name)
    page = client.get("/").content.decode()
    assert page.index("Amsterdam") < page.index("Échiquier") < page.index("Zwolle")


def test_the_api_lists_a_club_s_players_as_people_sort_them(client, boss, club):
    for name in ("Zoé", "Émilie", "Anne"):
        club.players.add(Player.objects.create(name=name))
    listed = client.get(f"/api/players/?club={club.slug}").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert [p["name"] for p in rows] == ["Anne", "Émilie", "Zoé"]


def test_the_evening_file_keeps_each_pair_in_the_order_typed(client, boss, club):
    body = evening_body(pasted(client, club))
    names = {p["id"]: p["name"] for p in body["players"]}
    pairs = [[names[p] for p in e["players"]] for e in body["entrants"]]
    assert pairs == [["Émilie Laurent", "François Simon"], ["Zoé Martin", "Anne Roy"]]
