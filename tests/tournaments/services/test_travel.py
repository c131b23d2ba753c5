"""tournaments.services.travel: an arriving tournament takes its evening file's evening id, and no
other column of it changes (no revision bump: the arrival settles the standings itself)."""

from __future__ import annotations

import uuid

import pytest

from tests.tournaments.factories import make_tournament
from tournaments.models import Tournament
from tournaments.services.travel import tournament_evening_set

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_gives_the_tournament_the_evening_id():
    tournament = make_tournament(entrants=2)
    evening = uuid.uuid4()
    answered = tournament_evening_set(tournament=tournament, evening=evening)
    assert answered is tournament
    assert answered.evening == evening
    assert Tournament.objects.get(pk=tournament.pk).evening == evening


def test_it_writes_that_column_alone():
    tournament = make_tournament(entrants=2)
    Tournament.objects.filter(pk=tournament.pk).update(name="Renamed meanwhile")
    before = Tournament.objects.filter(pk=tournament.pk).values().get()
    evening = uuid.uuid4()
    tournament_evening_set(tournament=tournament, evening=evening)
    assert Tournament.objects.filter(pk=tournament.pk).values().get() == {**before, "evening": evening}


def test_it_changes_only_that_tournament():
    tournament, other = make_tournament(), make_tournament()
    kept = other.evening
    tournament_evening_set(tournament=tournament, evening=uuid.uuid4())
    assert Tournament.objects.get(pk=other.pk).evening == kept
