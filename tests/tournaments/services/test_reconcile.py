"""tournaments.services.reconcile: catching up on tasks that were lost."""

from __future__ import annotations

import pytest

from tests.tournaments.factories import make_tournament, play_table, start_round
from tournaments import services
from tournaments.models import Round, RoundStatus, TableAssignment, TableStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_catches_up_on_results_whose_tasks_were_lost():
    tournament = make_tournament(entrants=4, rounds=2)
    the_round = start_round(tournament)
    for table in the_round.tables.all():
        play_table(table, table.entrants[0], sync=False)  # the match_changed task never ran
    assert not TableAssignment.objects.filter(status=TableStatus.FINISHED).exists()

    done = services.tournaments_reconcile()

    assert done["tables"] == 2
    assert done["standings"] == 1
    the_round.refresh_from_db()
    assert the_round.status == RoundStatus.COMPLETE
    tournament.refresh_from_db()
    assert tournament.standings_revision == tournament.revision
    assert [r["match-points"] for r in tournament.standings["rows"]] == [2, 2, 0, 0]
    assert services.tournaments_reconcile() == {"rounds": 0, "tables": 0, "standings": 0, "brackets": 0}


def test_it_draws_a_round_whose_task_was_lost():
    tournament = make_tournament(entrants=4, rounds=2)
    opened = services.round_start(tournament_id=tournament.pk)
    Round.objects.filter(pk=opened.pk).update(created_at=opened.created_at.replace(year=2000))
    services.tournaments_reconcile()
    opened.refresh_from_db()
    assert opened.status == RoundStatus.PLAYING
    assert opened.tables.count() == 2
