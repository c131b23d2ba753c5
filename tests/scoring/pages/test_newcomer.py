"""The newcomer's evening, through the pages only: open the demo club, start a Klaverjas match,
take its scorer link from the organizer page, play the 16 deals of a boompje with one correction,
and see the right winner."""

import html
import re

import pytest
from django.test import RequestFactory

from games import find_game
from scoring.models import Deal, Match, MatchStatus
from tests.demo_copy import demo_club

pytestmark = pytest.mark.django_db

#: 16 deals as a table plays them: (playing side, Wij's card points, roem items of the side that has them).
DEALS = [
    ("Wij", 92, {"Wij": "stuk"}),
    ("Zij", 87, {}),
    ("Wij", 70, {"Wij": "run3"}),
    ("Zij", 40, {"Zij": "run4"}),
    ("Wij", 101, {}),
    ("Zij", 81, {}),
    ("Wij", 162, {}),
    ("Zij", 55, {"Zij": "stuk"}),
    ("Wij", 88, {}),
    ("Zij", 99, {}),
    ("Wij", 64, {}),
    ("Zij", 30, {"Zij": "run3"}),
    ("Wij", 120, {"Wij": "run4"}),
    ("Zij", 77, {}),
    ("Wij", 95, {}),
    ("Zij", 62, {}),
]
ROEM = ("run3", "run4", "stuk", "four_of_a_kind", "four_jacks")


def entry(playing, wij, roem):
    out = {"playing": playing, "points": {"Wij": wij, "Zij": 162 - wij}}
    if roem:
        out["roem"] = {side: [item] for side, item in roem.items()}
    if wij == 162:
        out["pit"] = "Wij"
    return out


def post_data(playing, wij, roem):
    data = {"f.playing": f'"{playing}"', "f.points.0": str(wij), "f.points.1": str(162 - wij)}
    for side, item in roem.items():
        data[f"f.roem.{['Wij', 'Zij'].index(side)}.{ROEM.index(item)}"] = "1"
    if wij == 162:
        data["f.pit"] = '"Wij"'
    return data


def test_it_takes_a_newcomer_through_a_klaverjas_evening(client):
    demo_club(with_admin=True)
    home = client.get("/")
    assert 'href="/clubs/demo/"' in home.text

    # django-axes counts sign-ins per address: the sign-in names the request it came with.
    assert client.login(request=RequestFactory().post("/accounts/login/"), username="admin", password="admin")
    club_page = client.get("/clubs/demo/")
    assert "/clubs/demo/matches/new/" in club_page.text
    assert "?game=klaverjas" in client.get("/clubs/demo/matches/new/").text
    created = client.post(
        "/clubs/demo/matches/new/?game=klaverjas",
        {
            "game": "klaverjas",
            "title": "Newcomer's boompje",
            "side.0": "Wij",
            "side.1": "Zij",
            "seat.0": "Ann",
            "seat.1": "Bob",
            "seat.2": "Cy",
            "seat.3": "Dee",
        },
    )
    assert created.status_code == 302
    match = Match.objects.get(title="Newcomer's boompje")
    manage = client.get(created["Location"])
    assert 'class="qr"' in manage.text
    scorer_url = html.unescape(re.search(r'readonly value="([^"]+)"', manage.text).group(1))
    scorer = "/" + scorer_url.split("/", 3)[3]

    client.logout()  # the phone at the table has no account
    for deal in DEALS:
        assert client.post(scorer, post_data(*deal)).status_code == 302
    wrong = ("Zij", 40, {"Zij": "run4"})  # deal 4 was entered with the points the wrong way round
    right = ("Zij", 122, {"Zij": "run4"})
    edit = client.get(f"{scorer}deals/4/")
    assert 'name="version" value="1"' in edit.text
    assert client.post(f"{scorer}deals/4/", {**post_data(*right), "version": "1"}).status_code == 302

    expected = find_game("klaverjas").replay(
        match.options,
        match.sides,
        [entry(*d) for d in DEALS[:3]] + [entry(*right)] + [entry(*d) for d in DEALS[4:]],
    )
    assert expected.finished
    assert expected.result.winner is not None
    board = client.get(f"/matches/{match.pk}/")
    assert f"{expected.result.winner} wins" in board.text
    for side, total in expected.totals.items():
        assert f'data-side="{side}">{total}<' in board.text
    assert client.post(scorer, post_data(*wrong)).status_code == 409  # no 17th deal

    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    assert match.winner == expected.result.winner
    assert Deal.objects.filter(match=match).count() == 16
    assert Deal.objects.get(match=match, number=4).version == 2
