"""tournaments.services.entrants: registering entrants and withdrawing them."""

from __future__ import annotations

import pytest

from clubs.errors import Conflict, InvalidEntry
from clubs.models import Player
from scoring.models import Match, MatchStatus
from scoring.services.deals import deal_record
from tests.tournaments.factories import (
    TABLE,
    current_match,
    make_tournament,
    play_round,
    play_table,
    start_round,
    winning_entry,
)
from tournaments import services
from tournaments.models import Entrant, Round, RoundStatus, TableStatus
from tournaments.services import EntrantSpec

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_registers_partnerships_with_their_players_as_club_members():
    tournament = make_tournament(game="coinche", entrant_kind="partnership", match_format="deals:4")
    made = services.entrants_register(
        tournament_id=tournament.pk,
        entrants=[
            EntrantSpec("Aces", players=("Ann", "Bob"), club="Lyon", seed=1),
            EntrantSpec("Kings", players=("Cy", "Dee"), seed=2),
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
            tournament_id=tournament.pk, entrants=[EntrantSpec("Ann"), EntrantSpec("Bob"), EntrantSpec("Ann")]
        )
    assert caught.value.field == "name"
    assert caught.value.extra["row"] == 2
    assert not Entrant.objects.exists()


def test_it_closes_entries_of_a_bracket_once_it_started():
    tournament = make_tournament(format="single-elimination", entrants=4)
    start_round(tournament)
    with pytest.raises(Conflict):
        services.entrant_register(tournament_id=tournament.pk, entrant=EntrantSpec("Late"))
    assert tournament.entrants.count() == 4


def test_it_names_no_row_for_a_single_entrant_and_refuses_what_the_tournament_does_not_take():
    tournament = make_tournament(game="coinche", format="individual", entrant_kind="individual")
    with pytest.raises(InvalidEntry) as long_name:
        services.entrant_register(tournament_id=tournament.pk, entrant=EntrantSpec("x" * 81))
    with pytest.raises(InvalidEntry) as two_players:
        services.entrant_register(tournament_id=tournament.pk, entrant=EntrantSpec("Ann", players=("A", "B")))
    with pytest.raises(InvalidEntry) as nobody:
        services.entrants_register(tournament_id=tournament.pk, entrants=[])
    assert (long_name.value.field, long_name.value.extra) == ("name", {})
    assert two_players.value.field == "players"
    assert nobody.value.rule == "give at least one entrant"
    assert not Entrant.objects.exists()


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


def test_it_refuses_a_partnership_of_one_player_and_takes_one_named_alone_or_in_full():
    tournament = make_tournament(game="coinche", entrant_kind="partnership", match_format="deals:4")
    with pytest.raises(InvalidEntry) as alone:
        services.entrant_register(tournament_id=tournament.pk, entrant=EntrantSpec("Eve", players=("Eve",)))
    assert alone.value.field == "players"
    assert alone.value.rule == "a partnership is 2 players: list all 2 (Ann & Bob), or none"
    services.entrant_register(tournament_id=tournament.pk, entrant=EntrantSpec("Les As"))
    services.entrant_register(
        tournament_id=tournament.pk, entrant=EntrantSpec("Ann & Bob", players=("Ann", "Bob"))
    )
    assert tournament.entrants.count() == 2


def test_it_counts_the_partners_of_a_six_handed_table():
    tournament = make_tournament(
        game="auction-forty-five", entrant_kind="partnership", options={"players": 6}, rounds=1
    )
    with pytest.raises(InvalidEntry, match="a partnership is 3 players"):
        services.entrant_register(tournament_id=tournament.pk, entrant=EntrantSpec("Two", players=("A", "B")))
    three = services.entrant_register(
        tournament_id=tournament.pk, entrant=EntrantSpec("Three", players=("A", "B", "C"))
    )
    assert three.players.count() == 3


def test_it_removes_an_entrant_before_round_1_and_only_withdraws_one_after():
    tournament = make_tournament(entrants=5, rounds=2)
    eve = tournament.entrants.get(name="Ely")
    services.entrant_remove(entrant_id=eve.pk)
    assert not Entrant.objects.filter(pk=eve.pk).exists()
    tournament.refresh_from_db()
    assert tournament.revision > 0

    start_round(tournament)
    ann = tournament.entrants.get(name="Ann")
    with pytest.raises(Conflict, match="withdraw the entrant instead"):
        services.entrant_remove(entrant_id=ann.pk)
    assert Entrant.objects.filter(pk=ann.pk).exists()


def test_an_individual_entrant_is_the_clubs_player_of_its_name_across_evenings():
    first = make_tournament()
    second = make_tournament(club=first.club, name="Autumn cup")

    for tournament in (first, second):
        services.entrants_register(
            tournament_id=tournament.pk, entrants=[EntrantSpec("Ann"), EntrantSpec("Bob")]
        )

    ann = Player.objects.get(name="Ann", membership__club=first.club)
    assert sorted(Entrant.objects.filter(players=ann).values_list("tournament_id", flat=True)) == [
        first.pk,
        second.pk,
    ]


def test_an_individual_entrant_may_name_a_member_by_id():
    tournament = make_tournament()
    services.entrants_register(tournament_id=tournament.pk, entrants=[EntrantSpec("Ann")])
    ann = Player.objects.get(name="Ann")
    later = make_tournament(club=tournament.club, name="Autumn cup")

    made = services.entrant_register(tournament_id=later.pk, entrant=EntrantSpec("", player=ann.pk))

    assert made.name == "Ann"
    assert list(made.players.all()) == [ann]


def test_it_refuses_a_player_id_of_another_club_or_for_a_partnership():
    stranger = Player.objects.create(name="Zed")
    tournament = make_tournament()
    partnership = make_tournament(game="coinche", entrant_kind="partnership", match_format="deals:4")

    for target, field in ((tournament, "player"), (partnership, "player")):
        with pytest.raises(InvalidEntry) as caught:
            services.entrant_register(tournament_id=target.pk, entrant=EntrantSpec("Zed", player=stranger.pk))
        assert caught.value.field == field
    assert not Entrant.objects.exists()


# -- #28 item 11: names are the same whatever their case and spaces; a player plays in one pair --


def test_a_name_with_a_trailing_space_or_another_case_is_already_entered():
    tournament = make_tournament(game="coinche", entrant_kind="partnership", match_format="deals:4")
    services.entrant_register(
        tournament_id=tournament.pk, entrant=EntrantSpec("Roemers", players=("Ann", "Bob"))
    )

    for same in ("roemers ", " ROEMERS", "Roemers"):
        with pytest.raises(InvalidEntry) as caught:
            services.entrant_register(
                tournament_id=tournament.pk, entrant=EntrantSpec(same, players=("Cy", "Dee"))
            )
        assert caught.value.field == "name"
    assert list(tournament.entrants.values_list("name", flat=True)) == ["Roemers"]


def test_a_name_is_stored_without_its_outer_spaces():
    tournament = make_tournament()
    made = services.entrant_register(tournament_id=tournament.pk, entrant=EntrantSpec("  Ria "))
    assert made.name == "Ria"
    assert made.players.get().name == "Ria"


def test_a_player_already_in_a_pair_is_refused_in_another_naming_the_field():
    tournament = make_tournament(game="coinche", entrant_kind="partnership", match_format="deals:4")
    services.entrant_register(
        tournament_id=tournament.pk, entrant=EntrantSpec("Aces", players=("Ann", "Bob"))
    )

    with pytest.raises(InvalidEntry) as caught:
        services.entrant_register(
            tournament_id=tournament.pk, entrant=EntrantSpec("Kings", players=("Cy", "ann"))
        )

    assert caught.value.field == "players"
    assert str(caught.value) == "players: ann already plays in the partnership Aces"
    assert list(tournament.entrants.values_list("name", flat=True)) == ["Aces"]


def test_one_list_may_not_put_a_player_in_two_pairs_nor_twice_in_one():
    tournament = make_tournament(game="coinche", entrant_kind="partnership", match_format="deals:4")
    with pytest.raises(InvalidEntry) as caught:
        services.entrants_register(
            tournament_id=tournament.pk,
            entrants=[
                EntrantSpec("Aces", players=("Ann", "Bob")),
                EntrantSpec("Kings", players=("Bob", "Cy")),
            ],
        )
    assert (caught.value.field, caught.value.extra["row"]) == ("players", 1)
    with pytest.raises(InvalidEntry, match="named twice"):
        services.entrant_register(
            tournament_id=tournament.pk, entrant=EntrantSpec("Twins", players=("Ann", "ANN"))
        )
    assert not Entrant.objects.exists()


def test_a_withdrawn_pair_frees_its_players():
    tournament = make_tournament(game="coinche", entrant_kind="partnership", match_format="deals:4")
    aces = services.entrant_register(
        tournament_id=tournament.pk, entrant=EntrantSpec("Aces", players=("Ann", "Bob"))
    )
    Entrant.objects.filter(pk=aces.pk).update(withdrawn=True)

    kings = services.entrant_register(
        tournament_id=tournament.pk, entrant=EntrantSpec("Kings", players=("Ann", "Cy"))
    )

    assert sorted(p.name for p in kings.players.all()) == ["Ann", "Cy"]


def _deal_played(table) -> Match:
    """One deal entered at ``table``, its match still in progress (the first side leads 10–1)."""
    match = current_match(table)
    deal_record(match_id=match.pk, entry=winning_entry(match, 0), actor=TABLE)
    match.refresh_from_db()
    assert match.status == MatchStatus.IN_PROGRESS
    return match


def test_withdrawing_an_entrant_mid_round_in_swiss_gives_its_table_to_the_opponent_and_completes_the_round():
    tournament = make_tournament(entrants=4, rounds=2, match_format="deals:3")
    first = start_round(tournament)
    done, open_table = first.tables.order_by("number")
    play_table(done, done.entrants[0])
    match = _deal_played(open_table)
    quitter, opponent = open_table.entrants

    services.entrant_withdraw(entrant_id=quitter)

    open_table.refresh_from_db()
    first.refresh_from_db()
    match.refresh_from_db()
    assert open_table.status == TableStatus.FORFEIT
    assert open_table.result[str(opponent)]["outcome"] == "win"
    assert open_table.result[str(quitter)]["outcome"] == "loss"
    assert open_table.reason == f"withdrawn: {Entrant.objects.get(pk=quitter).name}"
    assert match.status == MatchStatus.ABANDONED  # stopped, its deal kept readable
    assert match.deal_count == 1
    assert first.status == RoundStatus.COMPLETE
    assert start_round(tournament).number == 2  # the round no longer blocks the next


def test_withdrawing_an_entrant_mid_match_in_a_knock_out_advances_its_opponent():
    tournament = make_tournament(format="single-elimination", entrants=4, match_format="deals:3")
    start_round(tournament)
    semis = list(Round.objects.get(tournament=tournament, number=1).tables.order_by("number"))
    play_table(semis[1], semis[1].entrants[0])
    _deal_played(semis[0])
    quitter, opponent = semis[0].entrants

    services.entrant_withdraw(entrant_id=quitter)
    services.bracket_advance(tournament_id=tournament.pk)

    semis[0].refresh_from_db()
    assert semis[0].status == TableStatus.FORFEIT
    final = Round.objects.get(tournament=tournament, number=2).tables.get()
    assert sorted(final.entrants) == sorted([opponent, semis[1].entrants[0]])


def test_putting_an_entrant_back_in_leaves_the_forfeit_and_a_finished_table_stays_as_played():
    tournament = make_tournament(entrants=4, rounds=2, match_format="deals:3")
    done, open_table = start_round(tournament).tables.order_by("number")
    play_table(done, done.entrants[0])
    _deal_played(open_table)
    services.entrant_withdraw(entrant_id=done.entrants[1])  # its table has a result already
    done.refresh_from_db()
    assert done.status == TableStatus.FINISHED
    open_table.refresh_from_db()
    assert open_table.status == TableStatus.PLAYING

    services.entrant_withdraw(entrant_id=open_table.entrants[0])
    services.entrant_withdraw(entrant_id=open_table.entrants[0], withdrawn=False)
    open_table.refresh_from_db()
    assert open_table.status == TableStatus.FORFEIT
