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


def test_it_tells_the_apps_above_once_the_recomputed_standings_are_committed(
    django_capture_on_commit_callbacks,
):
    from tournaments.signals import results_changed

    tournament = make_tournament(entrants=2)
    heard = []

    def listener(sender, *, tournament_id, **kwargs):
        heard.append(tournament_id)

    results_changed.connect(listener)
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            services.standings_recompute(tournament_id=tournament.pk)
        assert heard == []
        for callback in callbacks:
            callback()
    finally:
        results_changed.disconnect(listener)
    assert heard == [tournament.pk]
