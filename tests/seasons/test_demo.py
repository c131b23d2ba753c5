"""The demo season: at least four Klaverjas evenings with individual entrants and re-drawn
partners, its table, player pages and ratings; and ``manage.py ratings_backtest``."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from clubs.demo import load_demo
from clubs.models import Player
from seasons.models import Rating, Season
from seasons.players import player_view
from seasons.selectors import privacy
from tests.conftest import leave_no_rows

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        made = load_demo(with_admin=False)
    yield made
    leave_no_rows(django_db_blocker)


def test_the_demo_season_has_four_klaverjas_evenings_of_individuals_with_redrawn_partners(demo):
    season = Season.objects.get(club=demo.club)
    tournaments = [e.tournament for e in season.evenings.select_related("tournament")]

    assert season.game_key == "klaverjas"
    assert len(tournaments) >= 4
    assert {(t.format, t.entrant_kind) for t in tournaments} == {("individual", "individual")}
    anneke = Player.objects.get(name="Anneke")
    view = player_view(anneke, lambda club_id: privacy(club_id, organizer=False))
    assert view is not None
    assert len(view.partners) >= 3
    assert len(view.evenings) >= 4
    assert min(e.day for e in view.evenings).isoformat() == "2025-09-04"
    rows = season.table["rows"]
    assert len([r for r in rows if r["rank"] is not None]) == 8
    assert [r for r in rows if r["rank"] is None] != []  # Ingrid, one evening: below the line
    assert season.table["provisional"] is True
    assert Rating.objects.filter(club=demo.club, family="klaverjas").count() == 9


def test_the_backtest_prints_the_log_loss_of_the_club_history(demo):
    out = io.StringIO()

    call_command("ratings_backtest", "klaverjassen", club=demo.club.slug, stdout=out)

    line = out.getvalue()
    assert line.startswith("demo klaverjas: log-loss ")
    assert "over 24 matches" in line
    with pytest.raises(CommandError):
        call_command("ratings_backtest", "chess", stdout=out)
