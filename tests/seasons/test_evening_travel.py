"""An evening of a season brought up to date from a later file (a fast-forward): the tournament
keeps its id here, so it stays in its season, and once the import commits the season's table
is recomputed (through ``tournaments.signals.results_changed``, as after any result)."""

from __future__ import annotations

import pytest

from clubs.travel.arrival import Arrival
from clubs.travel.envelope import dumps
from seasons import services
from seasons.models import Season
from tests.seasons.conftest import play_evening
from tests.tournaments.factories import play_round, start_round
from tests.tournaments.travel.conftest import exported, gone
from tournaments.models import Tournament
from tournaments.travel.service import import_evening

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_a_season_follows_its_evening_brought_up_to_date(
    club, season: Season, django_capture_on_commit_callbacks
) -> None:
    evening = play_evening(club, "Night 1", ("Ann", "Bob", "Cy", "Dee"), rounds=2, played=1)
    first = exported(evening)
    play_round(start_round(evening))
    second = exported(evening)
    gone(evening)
    import_evening(data=dumps(first), club=club)
    copy = Tournament.objects.get(evening=evening.evening)
    services.season_attach(season_id=season.pk, tournament_id=copy.pk)
    before = services.season_recompute(season_id=season.pk).table
    with django_capture_on_commit_callbacks(execute=True):
        assert import_evening(data=dumps(second), club=club).arrival is Arrival.UPDATED
    season.refresh_from_db()
    assert season.evenings.get().tournament_id == copy.pk
    assert season.table != before
    assert season.table == services.season_recompute(season_id=season.pk).table
