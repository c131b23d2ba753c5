"""tournaments.services.brackets: elimination brackets drawn, advanced and reseated."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.models import MatchStatus
from scoring.services.deals import deal_correct
from tests.tournaments.factories import (
    TABLE,
    accept,
    current_match,
    make_tournament,
    play_table,
    start_round,
    winning_entry,
)
from tournaments import services
from tournaments.models import Round, RoundStatus, TableAssignment, TableStatus, TournamentStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_runs_a_jam_bracket_of_eight_best_of_three_rubbers_to_a_champion():
    tournament = make_tournament(
        game="jam", format="single-elimination", match_format="best-of:3", entrants=8
    )
    start_round(tournament)
    rounds = list(Round.objects.filter(tournament=tournament))
    assert [(r.number, r.label) for r in rounds] == [(1, "Quarter-finals")]
    quarter = rounds[0]
    assert quarter.tables.count() == 4
    assert current_match(quarter.tables.first()).options["rubbers"] == 3

    seeds = {e.seed: e.pk for e in tournament.entrants.all()}
    for table in quarter.tables.all():
        play_table(table, min(table.entrants, key=lambda e: -e))  # the higher id (lower seed) wins
        services.bracket_advance(tournament_id=tournament.pk)
    semis = Round.objects.get(tournament=tournament, number=2)
    assert semis.label == "Semi-finals"
    assert semis.tables.count() == 2
    first_semi = current_match(semis.tables.get(number=1))
    assert first_semi.title_parts == {"event": tournament.name, "round": "Semi-finals", "table": 1, "game": 1}
    with translation.override("fr"):
        assert str(first_semi) == f"{tournament.name} · Demi-finales, table 1"
    for table in semis.tables.all():
        play_table(table, table.entrants[0])
        services.bracket_advance(tournament_id=tournament.pk)
    final = Round.objects.get(tournament=tournament, number=3).tables.get()
    play_table(final, final.entrants[1])
    state = services.bracket_advance(tournament_id=tournament.pk)

    tournament.refresh_from_db()
    assert state is not None
    assert state.finished
    assert tournament.status == TournamentStatus.FINISHED
    assert tournament.bracket["champion"] == final.entrants[1]
    assert tournament.bracket["placings"][0] == {"label": "1", "entrants": [final.entrants[1]]}
    assert sorted(seeds.values()) == sorted(tournament.bracket["seeds"])
    assert all(r.status == RoundStatus.COMPLETE for r in Round.objects.filter(tournament=tournament))
    rows = services.standings_recompute(tournament_id=tournament.pk)["rows"]
    assert rows[0]["entrant"] == final.entrants[1]
    assert rows[1]["entrant"] == final.entrants[0]
    assert rows[2]["rank"] == "3="


def test_it_gives_the_top_seeds_the_byes_of_a_short_bracket():
    tournament = make_tournament(format="single-elimination", entrants=6)
    start_round(tournament)
    first = Round.objects.get(tournament=tournament, number=1)
    assert first.tables.count() == 2
    byes = sorted(e for f in first.flags if f["flag"] == "bye" for e in f["entrants"])
    seeds = {e.seed: e.pk for e in tournament.entrants.all()}
    assert byes == sorted([seeds[1], seeds[2]])
    assert first.byes == []  # a bracket bye is not a bye in the standings


def test_it_advances_a_bracket_past_a_withdrawn_entrant():
    tournament = make_tournament(format="single-elimination", entrants=4)
    start_round(tournament)
    semis = list(Round.objects.get(tournament=tournament, number=1).tables.order_by("number"))
    play_table(semis[0], semis[0].entrants[0])
    services.bracket_advance(tournament_id=tournament.pk)
    quitter = semis[0].entrants[0]
    services.entrant_withdraw(entrant_id=quitter)
    play_table(semis[1], semis[1].entrants[0])
    services.bracket_advance(tournament_id=tournament.pk)

    final = Round.objects.get(tournament=tournament, number=2).tables.get()
    assert final.status == TableStatus.FORFEIT
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert tournament.bracket["champion"] == semis[1].entrants[0]


def test_it_reseats_the_next_slot_when_a_correction_changes_a_winner():
    tournament = make_tournament(format="single-elimination", entrants=4)
    start_round(tournament)
    semis = list(Round.objects.get(tournament=tournament, number=1).tables.order_by("number"))
    match = play_table(semis[0], semis[0].entrants[0])
    play_table(semis[1], semis[1].entrants[0])
    services.bracket_advance(tournament_id=tournament.pk)
    final = Round.objects.get(tournament=tournament, number=2).tables.get()
    assert semis[0].entrants[0] in final.entrants

    deal_correct(match_id=match.pk, number=1, entry=winning_entry(match, 1), expected_version=1, actor=TABLE)
    accept(match, winner=1)
    services.table_sync(match_id=match.pk)
    services.bracket_advance(tournament_id=tournament.pk)
    final.refresh_from_db()
    assert semis[0].entrants[1] in final.entrants
    assert final.games.count() == 2
    assert final.games.order_by("sequence").first().match.status == MatchStatus.ABANDONED


def test_it_runs_a_double_elimination_to_a_champion():
    tournament = make_tournament(format="double-elimination", entrants=4, settings={"reset": False})
    start_round(tournament)
    for _ in range(10):
        open_tables = TableAssignment.objects.filter(round__tournament=tournament, status=TableStatus.PLAYING)
        if not open_tables:
            break
        for table in open_tables:
            play_table(table, min(table.entrants))
        services.bracket_advance(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert tournament.bracket["champion"] == min(e.pk for e in tournament.entrants.all())
