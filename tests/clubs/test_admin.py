"""The admin: clubs and players under their own app, and the addresses they had before the move."""

import pytest
from django.contrib.auth import get_user_model
from django.utils.html import escape

from clubs.demo import load_demo
from clubs.models import Club
from scoring.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client):
    user = get_user_model().objects.create_superuser("boss", "boss@example.invalid", "a-good-password")
    client.force_login(user)
    return user


def test_the_admin_login_page_is_served(client):
    assert client.get("/admin/login/").status_code == 200


def test_an_organizer_sees_clubs_and_matches_in_the_admin(client, boss):
    load_demo(with_admin=False)
    assert client.get("/admin/clubs/club/").status_code == 200
    response = client.get("/admin/scoring/match/")
    assert response.status_code == 200
    assert escape(str(Match.objects.first())) in response.text


def test_the_addresses_of_clubs_and_players_before_the_move_lead_to_them(client, boss):
    club = Club.objects.create(name="North", slug="north")

    response = client.get(f"/admin/scoring/club/{club.pk}/change/?_changelist_filters=q%3Dn")

    assert response.status_code == 301
    assert response["Location"] == f"/admin/clubs/club/{club.pk}/change/?_changelist_filters=q%3Dn"
    assert client.get("/admin/scoring/player/")["Location"] == "/admin/clubs/player/"
    assert client.get(response["Location"]).status_code == 200


def test_a_club_links_to_its_page(client, boss):
    club = Club.objects.create(name="North", slug="north")

    assert club.get_absolute_url() == "/clubs/north/"
    assert client.get(club.get_absolute_url()).status_code == 200


def test_a_tournament_table_s_match_is_found_by_its_event(client, boss):
    load_demo(with_admin=False)
    match = Match.objects.filter(title_parts__isnull=False).first()
    response = client.get("/admin/scoring/match/", {"q": match.title_parts["event"].upper()})
    assert response.status_code == 200
    assert escape(str(match)) in response.text
    assert "Rummy night (tally)" not in response.text  # a friendly match's title
