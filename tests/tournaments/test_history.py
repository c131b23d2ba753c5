"""#28 item 12 (and #23's "every round can be found again"): the public page lists every earlier
round with its results, a round robin has its cross table, and a finished evening names its
winner (they were only in the CSV)."""

from __future__ import annotations

import pytest

from tests.tournaments.factories import make_tournament, play_round, start_round
from tournaments import services
from tournaments.history import round_robin_cross_table
from tournaments.selectors import cached_standings
from tournaments.standings.cross import Meeting, cross_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_the_cross_table_puts_each_meeting_in_both_cells():
    results = [
        {
            "1": {"outcome": "win", "points": 10, "against": 3},
            "2": {"outcome": "loss", "points": 3, "against": 10},
        },
        {
            "3": {"outcome": "draw", "points": 5, "against": 5},
            "1": {"outcome": "draw", "points": 5, "against": 5},
        },
        {
            "1": {"outcome": "win", "points": 7, "against": 1},
            "2": {"outcome": "loss", "points": 1, "against": 7},
        },
        {"9": {"outcome": "win", "points": 7, "against": 1}},  # a bye: no meeting
    ]

    cells = cross_table([1, 2, 3], results)

    assert cells[0][1] == (Meeting("win", 10, 3), Meeting("win", 7, 1))
    assert cells[1][0] == (Meeting("loss", 3, 10), Meeting("loss", 1, 7))
    assert cells[2][0] == (Meeting("draw", 5, 5),)
    assert cells[1][2] == ()
    assert cells[0][0] == ()


def test_a_finished_round_robin_shows_every_round_its_cross_table_and_its_winner(client):
    tournament = make_tournament(format="round-robin", entrants=4)
    names = dict(tournament.entrants.values_list("pk", "name"))
    first = start_round(tournament)
    for _ in range(3):
        play_round(tournament.rounds.order_by("-number").first())
        tournament.refresh_from_db()
        if tournament.status == "finished":
            break
        start_round(tournament)
    services.standings_recompute(tournament_id=tournament.pk)  # what the worker does after a result
    tournament.refresh_from_db()
    assert tournament.status == "finished"

    page = client.get(f"/tournaments/{tournament.pk}/").text

    assert 'id="cross-table"' in page
    assert "The 2 earlier rounds" in page
    assert f'id="round-{first.number}"' in page
    standings = cached_standings(tournament)
    leader = standings.public_rows[0]
    assert f"Winner: {leader.name}" in page or "Shared first place:" in page
    cross = round_robin_cross_table(tournament, standings)
    assert cross is not None
    assert all(len(cell) == 1 for row in cross.rows for cell in row.cells if cell is not None)
    assert {row.name for row in cross.rows} == set(names.values())


def test_a_swiss_in_progress_has_no_winner_and_no_cross_table(client):
    tournament = make_tournament(entrants=4, rounds=3)
    play_round(start_round(tournament))
    start_round(tournament)

    page = client.get(f"/tournaments/{tournament.pk}/").text

    assert 'id="cross-table"' not in page
    assert "Winner:" not in page
    assert "The earlier round" in page
