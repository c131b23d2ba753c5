"""The home page lists the games and the matches in progress."""

import pytest
from django.utils.html import escape

from games import GAMES
from scoring.models import Match
from tests.demo_copy import demo_club

pytestmark = pytest.mark.django_db


def test_it_lists_every_game(client):
    response = client.get("/")
    assert response.status_code == 200
    for game in GAMES.values():
        assert game.name in response.text


def test_it_lists_matches_in_progress_after_the_demo(client):
    demo_club(with_admin=False)
    response = client.get("/")
    titles = [str(match) for match in Match.objects.filter(status="in_progress")]
    assert titles
    for title in titles:
        assert escape(title) in response.text


def test_it_names_the_games_of_the_matches_in_progress(client):
    demo_club(with_admin=False)
    page = client.get("/").text
    assert "La Coinche ·" in page
    assert "coinche ·" not in page
