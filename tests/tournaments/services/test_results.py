"""tournaments.services.results: a table's result from its matches, or from the organizer."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from clubs.errors import InvalidEntry
from scoring.services.deals import deal_correct, deal_record
from scoring.services.matches import match_abandon
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
from tournaments.models import TableStatus, TournamentStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]
ORGANIZER = Actor(label="boss")


def test_it_reads_the_result_as_soon_as_the_match_finishes(django_capture_on_commit_callbacks):
    tournament = make_tournament(entrants=2, rounds=1, confirmation="none")
    the_round = start_round(tournament)
    table = the_round.tables.get()
    match = current_match(table)
    winner = table.entrants[1]

    with django_capture_on_commit_callbacks(execute=True):  # scoring announces; the task runs in-process
        deal_record(match_id=match.pk, entry=winning_entry(match, 1), actor=TABLE)

    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    assert table.result[str(winner)]["outcome"] == "win"
    assert table.result[str(table.entrants[0])]["outcome"] == "loss"
    assert table.result[str(winner)]["points"] == 10
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert tournament.standings_revision == tournament.revision
    assert tournament.standings["rows"][0]["entrant"] == winner
    assert tournament.standings["rows"][0]["rank"] == "1"


def test_it_follows_a_correction_that_changes_the_winner(django_capture_on_commit_callbacks):
    tournament = make_tournament(entrants=2, rounds=1)
    table = start_round(tournament).tables.get()
    first, second = table.entrants
    match = play_table(table, first)
    assert table.result[str(first)]["outcome"] == "win"

    with django_capture_on_commit_callbacks(execute=True):
        deal_correct(
            match_id=match.pk, number=1, entry=winning_entry(match, 1), expected_version=1, actor=TABLE
        )
        accept(match, winner=1)  # the other side accepts the corrected result

    table.refresh_from_db()
    assert table.result[str(second)]["outcome"] == "win"
    tournament.refresh_from_db()
    assert tournament.standings["rows"][0]["entrant"] == second


def test_it_plays_a_best_of_three_series_as_several_matches():
    tournament = make_tournament(entrants=2, rounds=1, match_format="best-of:3", options={"target": 10})
    table = start_round(tournament).tables.get()
    first, second = table.entrants

    play_table(table, first)
    assert table.status == TableStatus.PLAYING
    assert table.games.count() == 2  # game 2 opened at once
    game_2 = table.games.get(sequence=2).match
    assert game_2.title_parts == {"event": tournament.name, "round": 1, "table": 1, "game": 2}
    assert str(game_2) == f"{tournament.name} · round 1, table 1, game 2"
    play_table(table, second)
    assert table.status == TableStatus.PLAYING
    play_table(table, first)

    assert table.status == TableStatus.FINISHED
    assert table.games.count() == 3
    assert table.result[str(first)] | {} == {
        "side": 0,
        "outcome": "win",
        "points": 21,
        "against": 12,
        "games": 2,
        "deals": 2,
    }
    assert str(current_match(table)).endswith("game 3")


def test_it_lets_the_organizer_set_a_result_with_a_reason_and_take_it_back():
    tournament = make_tournament(entrants=2, rounds=1)
    table = start_round(tournament).tables.get()
    first, second = table.entrants

    with pytest.raises(InvalidEntry):
        services.table_adjust(table_id=table.pk, winner=999999, reason="typo", actor=ORGANIZER)

    services.table_adjust(
        table_id=table.pk, winner=second, points={second: 7}, reason="wrong sheet", actor=ORGANIZER
    )
    table.refresh_from_db()
    assert table.status == TableStatus.ADJUSTED
    assert table.result[str(second)]["outcome"] == "win"
    assert table.result[str(second)]["points"] == 7
    assert (table.reason, table.adjusted_by) == ("wrong sheet", "boss")
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED

    play_table(table, first)  # the table plays on: the organizer's word stands
    assert table.result[str(second)]["outcome"] == "win"

    services.table_reset(table_id=table.pk, actor=ORGANIZER)
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    assert table.result[str(first)]["outcome"] == "win"


def test_it_records_a_forfeit():
    tournament = make_tournament(entrants=4, rounds=2)
    table = start_round(tournament).tables.order_by("number").first()
    first, second = table.entrants
    services.table_forfeit(table_id=table.pk, entrants=[first], reason="did not show", actor=ORGANIZER)
    table.refresh_from_db()
    assert table.status == TableStatus.FORFEIT
    assert table.result[str(second)]["outcome"] == "win"
    assert table.result[str(first)]["outcome"] == "loss"
    with pytest.raises(InvalidEntry):
        services.table_forfeit(table_id=table.pk, entrants=[12345], reason="x", actor=ORGANIZER)


def test_it_applies_the_organizers_decision_a_forfeit_when_it_names_one_else_a_result():
    tournament = make_tournament(entrants=2, rounds=1)
    table = start_round(tournament).tables.get()
    first, second = table.entrants

    services.table_decide(
        table_id=table.pk,
        decision=services.TableDecision(reason="no show", forfeit=(first,)),
        actor=ORGANIZER,
    )
    table.refresh_from_db()
    assert (table.status, table.result[str(second)]["outcome"]) == (TableStatus.FORFEIT, "win")

    services.table_decide(
        table_id=table.pk, decision=services.TableDecision(reason="agreed"), actor=ORGANIZER
    )
    table.refresh_from_db()
    assert (table.status, table.result[str(first)]["outcome"]) == (TableStatus.ADJUSTED, "draw")
    assert table.reason == "agreed"


def test_it_refuses_a_draw_in_a_bracket_and_points_for_someone_not_at_the_table():
    tournament = make_tournament(format="single-elimination", entrants=2)
    table = start_round(tournament).tables.get()
    with pytest.raises(InvalidEntry) as draw:
        services.table_adjust(table_id=table.pk, winner=None, reason="tied", actor=ORGANIZER)
    with pytest.raises(InvalidEntry) as stranger:
        services.table_adjust(
            table_id=table.pk, winner=table.entrants[0], points={999999: 3}, reason="x", actor=ORGANIZER
        )
    with pytest.raises(InvalidEntry) as both:
        services.table_forfeit(table_id=table.pk, entrants=table.entrants, reason="x", actor=ORGANIZER)
    assert (draw.value.field, stranger.value.field, both.value.field) == ("winner", "points", "forfeit")
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING


@pytest.mark.parametrize("abandoned", [False, True])
def test_a_winner_set_on_a_table_with_deals_keeps_the_points_played_so_far(abandoned):
    tournament = make_tournament(entrants=2, rounds=1, match_format="deals:3")
    table = start_round(tournament).tables.get()
    first, second = table.entrants
    match = current_match(table)
    deal_record(match_id=match.pk, entry=winning_entry(match, 0), actor=TABLE)
    deal_record(match_id=match.pk, entry=winning_entry(match, 0), actor=TABLE)
    if abandoned:
        match_abandon(match_id=match.pk, reason="the players left", actor=ORGANIZER)

    services.table_adjust(table_id=table.pk, winner=second, reason="slow play", actor=ORGANIZER)

    table.refresh_from_db()
    assert table.result[str(second)]["outcome"] == "win"
    assert (table.result[str(first)]["points"], table.result[str(second)]["points"]) == (20, 2)
    services.table_adjust(table_id=table.pk, winner=second, points={second: 5}, reason="x", actor=ORGANIZER)
    table.refresh_from_db()
    assert table.result[str(second)]["points"] == 5  # points given are the director's
