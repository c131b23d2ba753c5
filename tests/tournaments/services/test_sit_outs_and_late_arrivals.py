"""Sitting out and arriving late, through the real services: a bye scores the event's bye rule, the
draw honours its cap and says when every entrant has reached it, a late arrival joins at the next
round (or the one it names) and the rounds it missed score the absent rule; a round robin or a
bracket refuses it, naming the rule."""

from __future__ import annotations

import pytest

from clubs.errors import Conflict
from tests.tournaments.factories import add_entrants, make_tournament, play_round, start_round
from tournaments import services
from tournaments.models import Round
from tournaments.selectors import standing_rows
from tournaments.services import EntrantSpec

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

KLAVERJAS = {
    "bye": {"game_points": 1600, "outcome": "win", "max_per_entrant": 1},
    "absent": {"game_points": 1450, "outcome": "loss"},
    "tiebreaks": ["match-points", "game-points-for"],
}


def rows(tournament):
    return {row.entrant: row for row in standing_rows(tournament)}


def test_a_bye_scores_the_events_rule():
    tournament = make_tournament(entrants=5, rounds=3, **KLAVERJAS)
    first = start_round(tournament)
    play_round(first)
    (out,) = first.byes

    row = rows(tournament)[out]
    assert (row.values["game-points-for"], row.match_points, row.played) == (1600, 2, 0)


def test_without_a_rule_a_swiss_bye_is_a_win_and_no_points_as_before():
    tournament = make_tournament(entrants=5, rounds=3)
    first = start_round(tournament)
    play_round(first)
    (out,) = first.byes

    row = rows(tournament)[out]
    assert (row.values.get("game-points-for", 0), row.match_points) == (0, 2)


def test_the_draw_says_when_every_entrant_has_sat_out_the_most_the_rule_allows():
    tournament = make_tournament(entrants=3, rounds=4, **KLAVERJAS)
    sat_out = []
    for _ in range(4):
        the_round = start_round(tournament)
        sat_out += the_round.byes
        play_round(the_round)

    assert sorted(sat_out[:3]) == sorted(tournament.entrants.values_list("pk", flat=True))
    last = Round.objects.get(tournament=tournament, number=4)
    (bye,) = [flag for flag in last.flags if flag["flag"] == "bye"]
    assert "the most the club's rule allows (1)" in bye["reason"]


def test_a_late_arrival_joins_the_next_round_and_its_missed_round_scores_the_absent_rule():
    tournament = make_tournament(entrants=4, rounds=3, **KLAVERJAS)
    first = start_round(tournament)
    (late,) = services.entrants_register(tournament_id=tournament.pk, entrants=[EntrantSpec("Late")])
    play_round(first)

    late.refresh_from_db()
    first.refresh_from_db()
    assert late.joins_round == 2
    assert first.absent == [late.pk]
    row = rows(tournament)[late.pk]
    assert (row.values["game-points-for"], row.match_points, row.played) == (1450, 0, 0)

    second = start_round(tournament)
    assert late.pk in {e for t in second.tables.all() for e in t.entrants} | set(second.byes)
    assert second.absent == []


def test_a_late_arrival_may_name_a_later_round_and_misses_the_ones_before():
    tournament = make_tournament(entrants=4, rounds=3, **KLAVERJAS)
    play_round(start_round(tournament))
    (late,) = services.entrants_register(
        tournament_id=tournament.pk, entrants=[EntrantSpec("Late", joins_round=3)]
    )

    second = start_round(tournament)
    assert second.absent == [late.pk]
    assert late.pk not in {e for t in second.tables.all() for e in t.entrants} | set(second.byes)
    play_round(second)
    assert rows(tournament)[late.pk].values["game-points-for"] == 2 * 1450
    assert late.pk in {e for t in start_round(tournament).tables.all() for e in t.entrants}


def test_a_late_arrival_cannot_join_a_round_already_drawn():
    tournament = make_tournament(entrants=4, rounds=3)
    start_round(tournament)
    with pytest.raises(Conflict) as refused:
        services.entrants_register(tournament_id=tournament.pk, entrants=[EntrantSpec("Late", joins_round=1)])
    assert refused.value.field == "joins_round"
    assert "2 or later" in refused.value.rule


def test_without_an_absent_rule_a_late_arrival_scores_nothing_for_the_rounds_it_missed():
    tournament = make_tournament(entrants=4, rounds=3)
    first = start_round(tournament)
    (late,) = services.entrants_register(tournament_id=tournament.pk, entrants=[EntrantSpec("Late")])
    play_round(first)

    row = rows(tournament)[late.pk]
    assert (row.match_points, row.played, row.game_points) == (0, 0, 0)


@pytest.mark.parametrize("format", ["round-robin", "single-elimination"])
def test_a_round_robin_or_a_bracket_refuses_a_late_arrival_naming_the_rule(format):
    tournament = make_tournament(format=format, entrants=4)
    start_round(tournament)
    with pytest.raises(Conflict) as refused:
        add_entrants(tournament, 1)
    assert refused.value.code == "late_entry_closed"
    assert "draws every entrant from round 1" in refused.value.rule


def test_a_round_robin_refuses_a_later_first_round_before_it_starts():
    tournament = make_tournament(format="round-robin", entrants=3)
    with pytest.raises(Conflict) as refused:
        services.entrants_register(tournament_id=tournament.pk, entrants=[EntrantSpec("Late", joins_round=2)])
    assert refused.value.field == "joins_round"
