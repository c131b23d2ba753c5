"""Tournament services: create, register, draw rounds, read results, adjust, rank, reconcile."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry
from clubs.models import Player
from scoring.models import Match, MatchStatus
from scoring.services import deal_correct, deal_record
from tests.factories import ClubFactory
from tests.tournaments.factories import (
    TABLE,
    add_entrants,
    current_match,
    make_tournament,
    play_round,
    play_table,
    start_round,
    winning_entry,
)
from tournaments import services
from tournaments.models import (
    Entrant,
    Round,
    RoundStatus,
    TableAssignment,
    TableGame,
    TableStatus,
    Tournament,
    TournamentStatus,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]
ORGANIZER = Actor(label="boss")


# -- creating --------------------------------------------------------------------------------------


def test_it_creates_a_tournament_with_the_game_options_frozen():
    tournament = services.tournament_create(
        club=ClubFactory(),
        name="  Coinche night ",
        game_key="coinche",
        format="swiss",
        match_format="deals:8",
        entrant_kind="partnership",
        preset="ffb",
        rounds=5,
    )
    tournament.refresh_from_db()
    assert tournament.name == "Coinche night"
    assert tournament.status == TournamentStatus.REGISTRATION
    assert tournament.preset == "ffb"
    assert tournament.options["preset"] == "ffb"
    assert tournament.options["target"] == 1000  # every effective option, not only the given ones
    assert tournament.match_format == "deals:8"
    assert tournament.rounds_planned == 5
    assert tournament.tiebreaks[0] == "match-points"
    assert tournament.points == {"win": 2, "draw": 1, "loss": 0}


def test_it_freezes_jam_best_of_three_as_the_games_own_rubbers():
    tournament = make_tournament(game="jam", format="single-elimination", match_format="best-of:3")
    assert tournament.options["rubbers"] == 3
    assert "first_dealer" not in tournament.options  # it names a side: decided at each table


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": " "}, "name"),
        ({"game_key": "bridge"}, "game"),
        ({"format": "ladder"}, "format"),
        ({"match_format": "best-of:2"}, "match_format"),
        ({"match_format": "deals:0"}, "match_format"),
        ({"entrant_kind": "teams"}, "entrant_kind"),
        ({"game_key": "coinche", "entrant_kind": "individual"}, "entrant_kind"),
        ({"game_key": "parcellus"}, "format"),
        ({"format": "individual"}, "format"),
        ({"format": "round-robin", "rounds": 3}, "rounds"),
        ({"rounds": 0}, "rounds"),
        ({"options": {"target": "many"}}, "target"),
        ({"options": {"colour": "red"}}, "colour"),
        ({"options": {"first_dealer": "Ann"}}, "first_dealer"),
        ({"options": []}, "options"),
        ({"tiebreaks": ["luck"]}, "tiebreaks"),
        ({"tiebreaks": []}, "tiebreaks"),
        ({"points": {"win": 0}}, "points"),
        ({"points": {"goal": 1}}, "points"),
        ({"settings": {"third_place": True}}, "settings"),
        ({"settings": {"first_round": "alphabetical"}}, "settings"),
    ],
)
def test_it_refuses_a_bad_tournament_naming_the_field(changes, field):
    arguments = {
        "club": ClubFactory(),
        "name": "Cup",
        "game_key": "tally",
        "format": "swiss",
        "match_format": "game",
        "entrant_kind": "individual",
        **changes,
    }
    with pytest.raises(InvalidEntry) as caught:
        services.tournament_create(**arguments)
    assert caught.value.field == field
    assert not Tournament.objects.exists()


def test_it_records_a_random_first_round_seed_so_the_draw_can_be_replayed():
    tournament = make_tournament(settings={"first_round": "random"})
    assert isinstance(tournament.settings["seed"], int)


# -- entrants --------------------------------------------------------------------------------------


def test_it_registers_partnerships_with_their_players_as_club_members():
    tournament = make_tournament(game="coinche", entrant_kind="partnership", match_format="deals:4")
    made = services.entrants_register(
        tournament_id=tournament.pk,
        rows=[
            {"name": "Aces", "players": ["Ann", "Bob"], "club": "Lyon", "seed": 1},
            {"name": "Kings", "players": ["Cy", "Dee"], "seed": "2"},
        ],
    )
    assert [e.name for e in made] == ["Aces", "Kings"]
    aces = Entrant.objects.get(name="Aces")
    assert aces.affiliation == "Lyon"
    assert sorted(p.name for p in aces.players.all()) == ["Ann", "Bob"]
    assert Entrant.objects.get(name="Kings").seed == 2
    assert Player.objects.filter(name="Ann", membership__club=tournament.club).count() == 1
    tournament.refresh_from_db()
    assert tournament.revision >= 1


def test_it_registers_all_or_nothing_naming_the_bad_row():
    tournament = make_tournament()
    with pytest.raises(InvalidEntry) as caught:
        services.entrants_register(
            tournament_id=tournament.pk, rows=[{"name": "Ann"}, {"name": "Bob"}, {"name": "Ann"}]
        )
    assert caught.value.field == "name"
    assert caught.value.extra["row"] == 2
    assert not Entrant.objects.exists()


def test_it_parses_an_entrants_csv():
    rows = services.parse_entrants_csv(
        "\ufeffName,Players,Club,Seed\nAces,Ann;Bob,Lyon,1\n\nKings,Cy / Dee,,\n"
    )
    assert rows == [
        {"name": "Aces", "players": ["Ann", "Bob"], "club": "Lyon", "seed": "1"},
        {"name": "Kings", "players": ["Cy", "Dee"]},
    ]
    with pytest.raises(InvalidEntry):
        services.parse_entrants_csv("who,what\nAnn,x\n")


def test_it_closes_entries_of_a_bracket_once_it_started():
    tournament = make_tournament(format="single-elimination", entrants=4)
    start_round(tournament)
    with pytest.raises(Conflict):
        services.entrant_register(tournament_id=tournament.pk, name="Late")
    assert tournament.entrants.count() == 4


# -- Swiss -----------------------------------------------------------------------------------------


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
    assert match.title == "Spring cup · round 1, table 1"
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


def test_it_reads_the_result_as_soon_as_the_match_finishes(django_capture_on_commit_callbacks):
    tournament = make_tournament(entrants=2, rounds=1)
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

    table.refresh_from_db()
    assert table.result[str(second)]["outcome"] == "win"
    tournament.refresh_from_db()
    assert tournament.standings["rows"][0]["entrant"] == second


def test_it_shares_ranks_of_entrants_equal_on_every_tiebreak():
    tournament = make_tournament(entrants=4, rounds=1, tiebreaks=["match-points"])
    play_round(start_round(tournament))
    rows = services.standings_recompute(tournament_id=tournament.pk)["rows"]
    assert [r["rank"] for r in rows] == ["1=", "1=", "3=", "3="]


# -- series, adjustments, withdrawals --------------------------------------------------------------


def test_it_plays_a_best_of_three_series_as_several_matches():
    tournament = make_tournament(entrants=2, rounds=1, match_format="best-of:3", options={"target": 10})
    table = start_round(tournament).tables.get()
    first, second = table.entrants

    play_table(table, first)
    assert table.status == TableStatus.PLAYING
    assert table.games.count() == 2  # game 2 opened at once
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
    assert current_match(table).title.endswith("game 3")


def test_it_lets_the_organizer_set_a_result_with_a_reason_and_take_it_back():
    tournament = make_tournament(entrants=2, rounds=1)
    table = start_round(tournament).tables.get()
    first, second = table.entrants

    with pytest.raises(InvalidEntry) as caught:
        services.table_adjust(table_id=table.pk, winner=second, reason=" ", actor=ORGANIZER)
    assert caught.value.field == "reason"
    with pytest.raises(InvalidEntry):
        services.table_adjust(table_id=table.pk, winner=999999, reason="typo", actor=ORGANIZER)

    services.table_adjust(
        table_id=table.pk, winner=second, points={str(second): 7}, reason="wrong sheet", actor=ORGANIZER
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


def test_it_leaves_a_withdrawn_entrant_out_of_the_next_rounds():
    tournament = make_tournament(entrants=4, rounds=2)
    play_round(start_round(tournament))
    quitter = tournament.entrants.get(name="Ann")
    services.entrant_withdraw(entrant_id=quitter.pk)

    second = start_round(tournament)
    seated = {e for t in second.tables.all() for e in t.entrants} | set(second.byes)
    assert quitter.pk not in seated
    assert len(second.byes) == 1
    rows = services.standings_recompute(tournament_id=tournament.pk)["rows"]
    assert next(r for r in rows if r["entrant"] == quitter.pk)["withdrawn"] is True


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


# -- round robin, tables, individual ---------------------------------------------------------------


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


def test_it_redraws_partners_in_an_individual_event_and_ranks_players():
    tournament = make_tournament(
        game="coinche", format="individual", entrant_kind="individual", entrants=8, rounds=2
    )
    the_round = start_round(tournament)
    table = the_round.tables.order_by("number").first()
    match = current_match(table)
    names = {e.pk: e.name for e in tournament.entrants.all()}
    seats = [names[e] for e in table.entrants]
    assert match.seats == seats
    assert match.sides == [f"{seats[0]} & {seats[2]}", f"{seats[1]} & {seats[3]}"]
    play_table(table, table.entrants[1])
    assert table.result[str(table.entrants[1])]["outcome"] == "win"
    assert table.result[str(table.entrants[3])]["outcome"] == "win"  # the partner wins too
    assert table.result[str(table.entrants[0])]["outcome"] == "loss"


# -- brackets --------------------------------------------------------------------------------------


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


# -- catching up -----------------------------------------------------------------------------------


def test_it_catches_up_on_results_whose_tasks_were_lost():
    tournament = make_tournament(entrants=4, rounds=2)
    the_round = start_round(tournament)
    for table in the_round.tables.all():
        play_table(table, table.entrants[0], sync=False)  # the match_changed task never ran
    assert not TableAssignment.objects.filter(status=TableStatus.FINISHED).exists()

    done = services.tournaments_reconcile()

    assert done["tables"] == 2
    assert done["standings"] == 1
    the_round.refresh_from_db()
    assert the_round.status == RoundStatus.COMPLETE
    tournament.refresh_from_db()
    assert tournament.standings_revision == tournament.revision
    assert [r["match-points"] for r in tournament.standings["rows"]] == [2, 2, 0, 0]
    assert services.tournaments_reconcile() == {"rounds": 0, "tables": 0, "standings": 0, "brackets": 0}


def test_it_draws_a_round_whose_task_was_lost():
    tournament = make_tournament(entrants=4, rounds=2)
    opened = services.round_start(tournament_id=tournament.pk)
    Round.objects.filter(pk=opened.pk).update(created_at=opened.created_at.replace(year=2000))
    services.tournaments_reconcile()
    opened.refresh_from_db()
    assert opened.status == RoundStatus.PLAYING
    assert opened.tables.count() == 2
