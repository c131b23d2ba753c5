"""The public pages: the club's matches, a match's scoreboard and its poll endpoint (ETag → 304)."""

import re

import pytest

from clubs.access import Actor
from scoring.links import table_token
from scoring.models import DealVersion, MatchStatus
from tests.factories import ClubFactory, UserFactory, make_match, organizer

pytestmark = pytest.mark.django_db

KIT_LOU = ["Kit", "Lou"]


def tally(kit, lou):
    return {"points": {"Kit": kit, "Lou": lou}}


def test_it_shows_the_scoreboard_with_totals_history_and_chart(client):
    match = make_match(sides=KIT_LOU, options={"target": 500}, deals=[tally(120, 80), tally(30, 95)])
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    html = response.text
    assert re.search(r'data-side="Kit">150<', html)
    assert re.search(r'data-side="Lou">175<', html)
    assert 'id="deal-2"' in html
    assert "Kit: 30 as entered" in html  # the breakdown
    assert "<svg" in html
    assert "polyline" in html
    assert "Playing to 500" in html
    assert f'hx-get="/matches/{match.pk}/board/"' in html
    match.refresh_from_db()
    assert match.deal_count == 2


def test_it_shows_nothing_private_on_the_public_page(client):
    match = make_match(sides=KIT_LOU, deals=[tally(1, 2)])
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    assert table_token(match) not in response.text
    assert "/t/" not in response.text
    assert "127.0.0.1" not in response.text
    assert "factory" not in response.text  # the actor of the deals


def test_it_shows_the_winner_banner(client):
    match = make_match(sides=KIT_LOU, options={"target": 100}, deals=[tally(120, 80)])
    response = client.get(f"/matches/{match.pk}/")
    assert "Kit wins" in response.text
    assert match.status == MatchStatus.FINISHED


def test_it_shows_the_structure_of_jam_rubbers(client):
    deal = {"tricks": {"Ida": 14, "Jo": 12}, "runs": {"Ida": [4], "Jo": []}}
    match = make_match(game="jam", sides=["Ida", "Jo"], options={"rubbers": 3}, deals=[deal])
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    assert "Rubbers" in response.text
    assert "Rubbers won: Ida 0 – Jo 0" in response.text


def test_it_shows_the_next_hand_size_of_back_alley(client):
    match = make_match(game="back-alley", sides=["NS", "EW"], seats=["Ann", "Bob", "Cy", "Dee"])
    response = client.get(f"/matches/{match.pk}/")
    assert "Hand size: 13 cards each" in response.text
    assert "Deals next: Ann (North)" in response.text
    assert "Ann (North) &amp; Cy (South)" in response.text  # who of each side sits where
    assert "Seat 0" not in response.text


def test_it_answers_404_for_an_unknown_match(client):
    assert client.get("/matches/999999/").status_code == 404
    assert client.get("/matches/999999/board/").status_code == 404


def test_it_refuses_to_post_to_the_scoreboard(client):
    match = make_match(sides=KIT_LOU)
    assert client.post(f"/matches/{match.pk}/").status_code == 405
    assert client.post(f"/matches/{match.pk}/board/").status_code == 405


def test_it_answers_304_while_the_board_is_unchanged(client):
    match = make_match(sides=KIT_LOU, deals=[tally(10, 20)])
    first = client.get(f"/matches/{match.pk}/board/")
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag == f'"{match.revision}"'
    assert 'id="board"' in first.text
    assert 'id="scoreline"' in first.text
    assert 'hx-swap-oob="true"' in first.text
    again = client.get(f"/matches/{match.pk}/board/", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag


def test_it_answers_200_with_a_new_etag_once_the_match_changed(client):
    match = make_match(sides=KIT_LOU, deals=[tally(10, 20)])
    etag = client.get(f"/matches/{match.pk}/board/")["ETag"]
    from scoring.services.deals import deal_record

    deal_record(match_id=match.pk, entry=tally(5, 5), actor=Actor(label="test"))
    response = client.get(f"/matches/{match.pk}/board/", headers={"If-None-Match": etag})
    assert response.status_code == 200
    match.refresh_from_db()
    assert response["ETag"] == f'"{match.revision}"' != etag
    assert re.search(r'data-side="Kit">15<', response.text)


def test_it_lists_a_clubs_matches_and_filters_them(client):
    club = ClubFactory()
    playing = make_match(club=club, sides=KIT_LOU, title="Table 1")
    done = make_match(club=club, sides=KIT_LOU, options={"target": 10}, deals=[tally(20, 0)], title="Table 2")
    response = client.get(f"/clubs/{club.slug}/")
    assert response.status_code == 200
    assert "Table 1" in response.text
    assert "Table 2" in response.text
    assert "New match" not in response.text
    finished = client.get(f"/clubs/{club.slug}/?status=finished")
    assert "Table 2" in finished.text
    assert "Table 1" not in finished.text
    assert {playing.status, done.status} == {MatchStatus.IN_PROGRESS, MatchStatus.FINISHED}


def test_it_offers_organizers_a_new_match(client):
    club = ClubFactory()
    client.force_login(organizer(club))
    response = client.get(f"/clubs/{club.slug}/")
    assert f"/clubs/{club.slug}/matches/new/" in response.text


def test_it_shows_the_manage_link_to_organizers_only(client):
    club = ClubFactory()
    match = make_match(club=club, sides=KIT_LOU)
    assert f"/matches/{match.pk}/manage/" not in client.get(f"/matches/{match.pk}/").text
    client.force_login(UserFactory())
    assert f"/matches/{match.pk}/manage/" not in client.get(f"/matches/{match.pk}/").text
    client.force_login(organizer(club))
    assert f"/matches/{match.pk}/manage/" in client.get(f"/matches/{match.pk}/").text
    assert DealVersion.objects.count() == 0
