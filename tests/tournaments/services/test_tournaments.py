"""tournaments.services.tournaments: creating a tournament and changing its format, tiebreaks or
rounds. The arguments here are typed, as the creation contract hands them over; the contract's own
refusals are in tests/tournaments/test_contracts.py."""

from __future__ import annotations

from typing import Any

import pytest

from clubs.errors import Conflict, InvalidEntry
from games import find_game
from tests.factories import ClubFactory
from tests.tournaments.factories import make_tournament, start_round
from tournaments import services
from tournaments.models import Tournament, TournamentStatus
from tournaments.pairing.formats import EntrantKind, EventSettings, Format
from tournaments.pairing.match_format import parse_match_format

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def create(*, game: str = "tally", match_format: str = "game", **changes: Any) -> Tournament:
    """``tournament_create`` with typed arguments: a Tally Swiss of individuals unless changed."""
    arguments: dict[str, Any] = {
        "club": ClubFactory(),
        "name": "Cup",
        "game": find_game(game),
        "format": Format.SWISS,
        "match_format": parse_match_format(match_format, game),
        "entrant_kind": EntrantKind.INDIVIDUAL,
        **changes,
    }
    return services.tournament_create(**arguments)


def test_it_creates_a_tournament_with_the_game_options_frozen():
    tournament = create(
        name="Coinche night",
        game="coinche",
        match_format="deals:8",
        entrant_kind=EntrantKind.PARTNERSHIP,
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
        ({"game": "coinche", "entrant_kind": EntrantKind.INDIVIDUAL}, "entrant_kind"),
        ({"game": "parcellus"}, "format"),
        ({"format": Format.INDIVIDUAL}, "format"),
        ({"format": Format.ROUND_ROBIN, "rounds": 3}, "rounds"),
        ({"options": {"target": "many"}}, "target"),
        ({"options": {"colour": "red"}}, "colour"),
        ({"options": {"first_dealer": "Ann"}}, "first_dealer"),
        ({"settings": EventSettings(third_place=True)}, "settings"),
        ({"format": Format.TABLES, "game": "parcellus", "settings": EventSettings(table_size=4)}, "settings"),
    ],
)
def test_it_refuses_values_that_do_not_fit_together_naming_the_field(changes, field):
    with pytest.raises(InvalidEntry) as caught:
        create(**changes)
    assert caught.value.field == field
    assert not Tournament.objects.exists()


def test_it_records_a_random_first_round_seed_so_the_draw_can_be_replayed():
    tournament = make_tournament(settings={"first_round": "random"})
    assert isinstance(tournament.settings["seed"], int)


def test_it_stores_the_match_points_given_and_a_bye_only_when_given():
    assert create(points=services_points(win=3)).points == {"win": 3, "draw": 1, "loss": 0}
    assert create(points=services_points(bye=1)).points == {"win": 2, "draw": 1, "loss": 0, "bye": 1}


def services_points(**given: int):
    from tournaments.standings import PointScheme

    return PointScheme(**given)


def test_it_changes_the_format_before_round_1_with_that_formats_tiebreaks():
    tournament = make_tournament(entrants=4, rounds=3, settings={"first_round": "random"})

    changed = services.tournament_configure(tournament_id=tournament.pk, format=Format.ROUND_ROBIN)

    changed.refresh_from_db()
    assert changed.format == "round-robin"
    assert changed.tiebreaks[:2] == ["match-points", "head-to-head"]
    assert changed.rounds_planned is None  # a round robin plans its own
    assert "first_round" not in changed.settings  # not a setting of a round robin
    assert changed.revision == tournament.revision + 1


def test_it_refuses_a_new_format_once_a_round_was_played_and_fewer_rounds_than_played():
    tournament = make_tournament(entrants=4, rounds=3)
    start_round(tournament)
    with pytest.raises(Conflict) as caught:
        services.tournament_configure(tournament_id=tournament.pk, format=Format.ROUND_ROBIN)
    assert caught.value.field == "format"
    services.tournament_configure(tournament_id=tournament.pk, rounds=1)  # one played: one is enough
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 1
    assert tournament.format == "swiss"
