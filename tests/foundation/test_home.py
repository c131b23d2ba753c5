"""The home page lists the games and the matches in progress."""

import pytest

from clubs.demo import load_demo
from clubs.models import Club, Player
from games import GAMES
from scoring.models import Match

pytestmark = pytest.mark.django_db


def test_it_lists_every_game(client):
    response = client.get("/")
    assert response.status_code == 200
    for game in GAMES.values():
        assert game.name in response.text


def test_it_lists_matches_in_progress_after_the_demo(client):
    load_demo(with_admin=False)
    response = client.get("/")
    titles = list(Match.objects.filter(status="in_progress").values_list("title", flat=True))
    assert titles
    for title in titles:
        assert title in response.text


def test_the_demo_is_idempotent():
    load_demo(with_admin=True)
    counts = (Club.objects.count(), Player.objects.count(), Match.objects.count())
    load_demo(with_admin=True)
    assert (Club.objects.count(), Player.objects.count(), Match.objects.count()) == counts
    assert Player.objects.count() == 24  # the scoring demo's 12, and 12 more in the Coinche Swiss
    from tournaments.models import Tournament

    assert sorted(Tournament.objects.values_list("game_key", "format")) == [
        ("coinche", "swiss"),
        ("jam", "single-elimination"),
    ]


def test_the_admin_login_page_is_served(client):
    assert client.get("/admin/login/").status_code == 200


def test_an_organizer_sees_clubs_and_matches_in_the_admin(client):
    from django.contrib.auth import get_user_model

    load_demo(with_admin=False)
    admin = get_user_model().objects.create_superuser("boss", "boss@example.invalid", "a-good-password")
    client.force_login(admin)
    assert client.get("/admin/clubs/club/").status_code == 200
    response = client.get("/admin/scoring/match/")
    assert response.status_code == 200
    assert Match.objects.first().title in response.text
