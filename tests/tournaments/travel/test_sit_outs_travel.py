"""An evening with the club's bye and absent rules and a late arrival moves whole: the rules, the
late arrival's first round and the rounds it missed arrive, so the standings are the same."""

from __future__ import annotations

import pytest

from clubs.travel.envelope import dumps
from tests.factories import ClubFactory
from tests.tournaments.factories import make_tournament, play_round, start_round
from tests.tournaments.travel.conftest import exported, gone
from tournaments.models import Tournament
from tournaments.services import EntrantSpec, entrants_register, standings_recompute
from tournaments.travel.document import evening_body
from tournaments.travel.service import import_evening

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_the_rules_and_a_late_arrivals_missed_rounds_travel_with_the_evening():
    club = ClubFactory(slug="pitslag")
    tournament = make_tournament(
        club=club,
        entrants=4,
        rounds=3,
        bye={"game_points": 1600, "outcome": "win", "max_per_entrant": 1},
        absent={"game_points": 1450, "outcome": "loss"},
    )
    first = start_round(tournament)
    entrants_register(tournament_id=tournament.pk, entrants=[EntrantSpec("Late")])
    play_round(first)
    play_round(start_round(tournament))
    standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    rows = tournament.standings["rows"]
    document = exported(tournament)
    body = gone(tournament)

    import_evening(data=dumps(document), club=club, other_club=False)

    copy = Tournament.objects.get(club=club)
    assert evening_body(copy) == body
    late = copy.entrants.get(name="Late")
    assert late.joins_round == 2
    assert copy.rounds.get(number=1).absent == [late.pk]
    assert copy.bye["game_points"] == 1600
    fresh = standings_recompute(tournament_id=copy.pk)["rows"]
    assert [(r["name"], r["match-points"]) for r in fresh] == [(r["name"], r["match-points"]) for r in rows]
