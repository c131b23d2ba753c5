"""tournaments.services.common: the lock every write takes first, and what a change of results
sets off."""

from __future__ import annotations

import pytest

from clubs.errors import NotFound
from tests.tournaments.factories import make_tournament
from tournaments import tasks
from tournaments.services.common import after_commit, follow_ups_once, lock_tournament, results_changed

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


def test_follow_ups_asked_for_again_and_again_are_sent_once_each(django_capture_on_commit_callbacks):
    """The demo's hundred and fifty results recomputed the standings (and every season after them)
    once per result: its parts now gather their follow-ups."""
    with django_capture_on_commit_callbacks() as callbacks, follow_ups_once():
        for _ in range(3):
            after_commit(tasks.standings_recompute, 1)
        after_commit(tasks.standings_recompute, 2)
        after_commit(tasks.bracket_advance, 1)
    assert len(callbacks) == 3


def _fails_after_asking() -> None:
    with follow_ups_once():
        after_commit(tasks.standings_recompute, 1)
        raise RuntimeError("the write failed")


def test_follow_ups_left_by_an_error_are_not_sent(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks, pytest.raises(RuntimeError):
        _fails_after_asking()
    assert callbacks == []
    with django_capture_on_commit_callbacks() as callbacks:
        after_commit(tasks.standings_recompute, 1)
    assert len(callbacks) == 1
