"""tournaments.services.common: the lock every write takes first, and what a change of results
sets off."""

from __future__ import annotations

import pytest

from clubs.errors import NotFound
from tests.tournaments.factories import make_tournament
from tournaments.services.common import lock_tournament, results_changed

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_answers_not_found_for_a_tournament_that_does_not_exist():
    with pytest.raises(NotFound) as caught:
        lock_tournament(999999)
    assert caught.value.status == 404


def test_it_bumps_the_revision_and_recomputes_the_standings_after_the_commit(
    django_capture_on_commit_callbacks,
):
    tournament = make_tournament(entrants=2)
    before = tournament.revision

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        results_changed(tournament)

    assert len(callbacks) == 2  # the standings recomputed, then the apps above told (signals)
    tournament.refresh_from_db()
    assert tournament.revision == before + 1
    assert tournament.standings_revision == tournament.revision
