"""The console offers the next round only when the service would start it (#23 item 3, #24's
"views restate service rules"): no "Start round 2" while round 1 plays (it says why instead), no
round 4 of a 3-round event, and "Draw the bracket" again after a draw that failed."""

from __future__ import annotations

import pytest

from tests.tournaments.factories import make_tournament, play_round, start_round
from tournaments.models import Round, RoundStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def console(client, tournament) -> str:
    return client.get(f"/tournaments/{tournament.pk}/console/").text


def test_the_next_round_is_offered_only_once_this_one_is_complete(client, boss, club):
    tournament = make_tournament(club=club, entrants=4, rounds=3)
    first = start_round(tournament)

    playing = console(client, tournament)
    assert "Start round 2" not in playing
    assert 'class="muted start-refused"' in playing

    play_round(first)
    assert "Start round 2" in console(client, tournament)


def test_a_three_round_event_never_offers_round_4(client, boss, club):
    tournament = make_tournament(club=club, entrants=4, rounds=3)
    for _ in range(3):
        play_round(start_round(tournament))

    page = console(client, tournament)

    assert "Start round 4" not in page


def test_a_bracket_whose_draw_failed_is_offered_its_draw_again(client, boss, club):
    tournament = make_tournament(club=club, format="single-elimination", entrants=4)
    Round.objects.create(
        club=club, tournament=tournament, number=1, status=RoundStatus.FAILED, label="Semi-finals"
    )

    assert "Draw the bracket" in console(client, tournament)
    start_round(tournament)
    assert "Draw the bracket" not in console(client, tournament)
