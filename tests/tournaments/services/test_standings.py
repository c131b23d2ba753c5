"""tournaments.services.standings: the cached standings."""

from __future__ import annotations

import pytest

from tests.tournaments.factories import make_tournament, play_round, start_round
from tournaments import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_shares_ranks_of_entrants_equal_on_every_tiebreak():
    tournament = make_tournament(entrants=4, rounds=1, tiebreaks=["match-points"])
    play_round(start_round(tournament))
    rows = services.standings_recompute(tournament_id=tournament.pk)["rows"]
    assert [r["rank"] for r in rows] == ["1=", "1=", "3=", "3="]
