"""tournaments.services.rounds: starting a round and drawing it, in each format that is drawn round by round."""

from __future__ import annotations

import pytest

from clubs.errors import Conflict
from scoring.models import Match
from tests.tournaments.factories import add_entrants, current_match, make_tournament, play_round, start_round
from tournaments import services
from tournaments.models import (
    Round,
    RoundStatus,
    TableAssignment,
    TableGame,
    TableStatus,
    Tournament,
    TournamentStatus,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_draws_a_swiss_round_and_opens_a_match_at_each_table():
    tournament = make_tournament(game="coinche", entrant_kind="partnership", match_format="deals:4", rounds=3)
    add_entrants(tournament, 4, partners=True)

    opened = services.round_start(tournament_id=tournament.pk)
    assert opened.status == RoundStatus.BUILDING
    assert opened.task_id
    services.round_pair(round_id=opened.pk)

    the_round = Round.objects.get(pk=opened.pk)
    assert the_round.status == RoundStatus.PLAYING
    tables = list(the_round.tables.order_by("number"))
    assert len(tables) == 2
    ids = {e.name: e.pk for e in tournament.entrants.all()}
    assert set(tables[0].entrants) == {ids["Team Ann"], ids["Team Cy"]}  # seed 1 v 3, 2 v 4
    assert set(tables[1].entrants) == {ids["Team Bob"], ids["Team Dee"]}
    match = current_match(tables[0])
    names = {e.pk: e.name for e in tournament.entrants.all()}
    assert match.sides == [names[e] for e in tables[0].entrants]
    assert len(match.seats) == 4  # partners sit across: seats 0/2 and 1/3
    assert match.deal_limit == 4
    assert match.options["preset"] == tournament.options["preset"]
    assert (match.title, match.title_parts) == (
        "",
        {"event": "Spring cup", "round": 1, "table": 1, "game": 1},
    )
    assert str(match) == "Spring cup · round 1, table 1"
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING

    services.round_pair(round_id=opened.pk)  # a task delivered twice changes nothing
    assert TableGame.objects.count() == 2
    assert Match.objects.count() == 2


def test_it_gives_the_bye_of_an_odd_field_and_counts_it_as_a_win():
    tournament = make_tournament(entrants=5, rounds=2)
    the_round = start_round(tournament)
    assert len(the_round.byes) == 1
    assert any(flag["flag"] == "bye" for flag in the_round.flags)
    play_round(the_round)
    standings = services.standings_recompute(tournament_id=tournament.pk)
    bye_row = next(r for r in standings["rows"] if r["entrant"] == the_round.byes[0])
    assert bye_row["match-points"] == 2
    assert bye_row["played"] == 0


def test_it_refuses_a_round_while_the_last_one_is_being_played():
    tournament = make_tournament(entrants=4, rounds=3)
    start_round(tournament)
    with pytest.raises(Conflict) as caught:
        services.round_start(tournament_id=tournament.pk)
    assert "round 1" in caught.value.rule
    assert Round.objects.filter(tournament=tournament).count() == 1


def test_it_refuses_a_round_without_enough_entrants():
    tournament = make_tournament(entrants=1)
    with pytest.raises(Conflict):
        services.round_start(tournament_id=tournament.pk)
    assert not Round.objects.exists()


def test_it_runs_a_swiss_to_the_end_and_ranks_by_match_points():
    tournament = make_tournament(entrants=6, rounds=3)
    for _ in range(3):
        the_round = start_round(tournament)
        play_round(the_round)
        the_round.refresh_from_db()
        assert the_round.status == RoundStatus.COMPLETE
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    with pytest.raises(Conflict):
        services.round_start(tournament_id=tournament.pk)

    rows = services.standings_recompute(tournament_id=tournament.pk)["rows"]
    assert len(rows) == 6
    assert sum(r["match-points"] for r in rows) == 18  # nine tables, a win each
    assert [r["played"] for r in rows] == [3] * 6
    points = [r["match-points"] for r in rows]
    assert points == sorted(points, reverse=True)
    pairs = [frozenset(t.entrants) for t in TableAssignment.objects.filter(round__tournament=tournament)]
    assert len(pairs) == len(set(pairs)) == 9  # no rematch in three rounds of six


def test_it_marks_a_round_that_cannot_be_drawn_as_failed_and_lets_it_be_drawn_again():
    tournament = make_tournament(game="coinche", entrant_kind="individual", format="individual", entrants=4)
    for entrant in tournament.entrants.all()[:1]:
        services.entrant_withdraw(entrant_id=entrant.pk)
    Tournament.objects.filter(pk=tournament.pk).update(status=TournamentStatus.RUNNING)
    opened = Round.objects.create(club=tournament.club, tournament=tournament, number=1)
    services.round_pair(round_id=opened.pk)
    opened.refresh_from_db()
    assert opened.status == RoundStatus.FAILED
    assert "4 players" in opened.flags[0]["reason"]

    services.entrant_withdraw(entrant_id=tournament.entrants.first().pk, withdrawn=False)
    again = start_round(tournament)
    assert again.number == 1
    assert again.status == RoundStatus.PLAYING


def test_it_runs_a_round_robin_and_gives_walkovers_against_a_withdrawn_entrant():
    tournament = make_tournament(format="round-robin", entrants=4)
    first = start_round(tournament)
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 3
    play_round(first)
    quitter = tournament.entrants.get(name="Dee")
    services.entrant_withdraw(entrant_id=quitter.pk)

    second = start_round(tournament)
    walkover = next(t for t in second.tables.all() if quitter.pk in t.entrants)
    assert walkover.status == TableStatus.FORFEIT
    assert walkover.result[str(quitter.pk)]["outcome"] == "loss"
    assert not walkover.games.exists()
    play_round(second)
    play_round(start_round(tournament))
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    met = {frozenset(t.entrants) for t in TableAssignment.objects.filter(round__tournament=tournament)}
    assert len(met) == 6  # everyone met everyone


def test_it_seats_multi_seat_tables():
    tournament = make_tournament(format="tables", entrants=8, rounds=2, settings={"table_size": 4})
    the_round = start_round(tournament)
    tables = list(the_round.tables.all())
    assert [len(t.entrants) for t in tables] == [4, 4]
    match = current_match(tables[0])
    assert len(match.sides) == 4
    play_round(the_round)
    rows = services.standings_recompute(tournament_id=tournament.pk)["rows"]
    assert sorted(r["match-points"] for r in rows) == [0, 0, 0, 0, 0, 0, 2, 2]
