"""The demo tournaments: loaded twice they are the same, and each can be run to its end."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from scoring.models import Match
from scoring.result_states import Action
from scoring.services.results import result_act
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import play_round, play_table, start_round
from tournaments import services
from tournaments.demo import COINCHE, JAM, load_tournament_demo
from tournaments.models import Round, RoundStatus, TableAssignment, TableStatus, Tournament, TournamentStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_loads_the_demo_tournaments_mid_way_and_only_once():
    club = ClubFactory()
    swiss, knockout = load_tournament_demo(club)
    again = load_tournament_demo(club)

    assert [t.pk for t in again] == [swiss.pk, knockout.pk]
    assert Tournament.objects.filter(club=club).count() == 2
    assert (swiss.name, swiss.entrants.count(), swiss.rounds_planned) == (COINCHE, 12, 5)
    first, second = Round.objects.filter(tournament=swiss).order_by("number")
    assert set(first.tables.values_list("status", flat=True)) == {"finished"}
    assert set(
        Match.objects.filter(tournament_game__table__round=first).values_list("result_status", flat=True)
    ) == {"final"}
    statuses = list(second.tables.order_by("number").values_list("status", flat=True))
    assert statuses == ["finished"] * 2 + ["playing"] * 4
    results = second.tables.order_by("number").values_list("games__match__result_status", flat=True)
    assert list(results) == ["confirmed", "confirmed", "submitted", "disputed", "open", "open"]
    swiss.refresh_from_db()
    assert len(swiss.standings["rows"]) == 12
    assert knockout.name == JAM
    assert (
        TableAssignment.objects.filter(round__tournament=knockout, status=TableStatus.FINISHED).count() == 2
    )


def test_an_organizer_can_finish_the_demo_swiss_of_twelve_partnerships():
    swiss, _ = load_tournament_demo(ClubFactory())
    second = Round.objects.get(tournament=swiss, number=2)
    disputed = Match.objects.get(tournament_game__table__round=second, result_status="disputed")
    result_act(match_id=disputed.pk, action=Action.RESOLVE, actor=Actor(label="director", user=organizer()))
    services.table_sync(match_id=disputed.pk)
    play_round(second)
    for _ in range(3):
        play_round(start_round(swiss))
    swiss.refresh_from_db()
    assert swiss.status == TournamentStatus.FINISHED
    assert Round.objects.filter(tournament=swiss, status=RoundStatus.COMPLETE).count() == 5
    rows = services.standings_recompute(tournament_id=swiss.pk)["rows"]
    assert rows[0]["rank"] == "1"
    assert sum(r["played"] for r in rows) == 5 * 12


def test_an_organizer_can_finish_the_demo_jam_bracket_to_a_champion():
    _, knockout = load_tournament_demo(ClubFactory())
    for _ in range(6):
        open_tables = TableAssignment.objects.filter(round__tournament=knockout, status=TableStatus.PLAYING)
        for table in open_tables:
            play_table(table, table.entrants[0])
            services.bracket_advance(tournament_id=knockout.pk)
    knockout.refresh_from_db()
    assert knockout.status == TournamentStatus.FINISHED
    assert knockout.bracket["champion"] in knockout.bracket["seeds"]
