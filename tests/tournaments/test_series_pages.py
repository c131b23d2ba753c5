"""#28 item 4: a series says it is a series. After game 1 of a best of 3 the table's page said
"🏆 De Harten wins!" as if the match were over, game 2 showed no series score, and the cards read
"1 0 pts". The scorer page, the scoreboard and the cards now show the series so far, and the
winner of the series only once it is decided."""

from __future__ import annotations

import pytest

from scoring.links import scorer_path
from tests.factories import make_match
from tests.tournaments.factories import add_entrants, current_match, make_tournament, play_table, start_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture
def series():
    tournament = make_tournament(
        game="coinche", format="single-elimination", match_format="best-of:3", entrant_kind="partnership"
    )
    add_entrants(tournament, 2, partners=True)
    table = start_round(tournament).tables.get()
    return tournament, table


def test_game_1_is_a_game_won_not_the_match(client, series):
    _tournament, table = series
    winner = table.entrants[0]
    first = play_table(table, winner, confirm=False)
    us, them = first.sides

    page = client.get(scorer_path(first)).text
    board = client.get(f"/matches/{first.pk}/").text

    for text in (page, board):
        assert f"Game 1 won by {us}" in text
        assert "🏆" not in text
        assert f"Best of 3: {us} 1 – {them} 0 · game 1" in text


def test_game_2_shows_the_series_and_the_cards_say_what_the_count_is(client, series):
    tournament, table = series
    play_table(table, table.entrants[0])
    second = current_match(table)
    us, them = second.sides
    assert second.pk != table.games.order_by("sequence").first().match_id

    board = client.get(f"/matches/{second.pk}/").text
    cards = client.get(f"/tournaments/{tournament.pk}/").text

    assert f"Best of 3: {us} 1 – {them} 0 · game 2" in board
    assert "🏆" not in board
    assert '<b class="live-total">1</b> <small>game won · 0 pts</small>' in cards
    assert ">W1-1<" not in cards  # a bracket slot's id is no table number


def test_the_trophy_waits_for_the_series_to_be_decided(client, series):
    _tournament, table = series
    play_table(table, table.entrants[0])
    last = play_table(table, table.entrants[0])
    us, them = last.sides

    board = client.get(f"/matches/{last.pk}/").text

    assert f"🏆 Series won by {us}: 2–0" in board
    assert f"Best of 3: {us} 2 – {them} 0 · game 2" in board


def test_a_friendly_match_still_just_has_a_winner(client):
    match = make_match(sides=["Ann", "Bob"], deal_limit=1, deals=[{"points": {"Ann": 3, "Bob": 1}}])

    board = client.get(f"/matches/{match.pk}/").text

    assert "🏆 Ann wins!" in board
    assert "Best of" not in board
