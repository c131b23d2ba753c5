"""The contracts: each value checked on its own and turned into a service's typed argument; the
first problem named by its field (and, in a list, its row). No database: nothing here needs one."""

from __future__ import annotations

from typing import Any

import pytest

from clubs.errors import InvalidEntry
from tournaments.contracts import (
    EntrantChange,
    EntrantInput,
    TableResultInput,
    TournamentChange,
    TournamentCreate,
    validated,
)
from tournaments.pairing.base import FirstRound
from tournaments.pairing.formats import EntrantKind, EventSettings, Format
from tournaments.pairing.match_format import FormatKind
from tournaments.services import EntrantSpec, TableDecision
from tournaments.standings import PointScheme

CUP = {
    "name": "Cup",
    "game": "tally",
    "format": "swiss",
    "match_format": "game",
    "entrant_kind": "individual",
}


def refusal(contract: Any, data: Any, **kwargs: Any) -> InvalidEntry:
    with pytest.raises(InvalidEntry) as caught:
        validated(contract, data, **kwargs)
    return caught.value


# -- creating a tournament -------------------------------------------------------------------------


def test_it_turns_a_tournament_body_into_typed_arguments():
    body = {
        **CUP,
        "name": "  Coinche night ",
        "game": "Coinche",
        "match_format": "deals:8",
        "entrant_kind": "partnership",
        "rounds": 5,
        "tiebreaks": ["match-points", "buchholz"],
        "points": {"win": 3},
        "settings": {"first_round": "random"},
        "club": "lyon",
    }
    arguments = validated(TournamentCreate, body)
    assert arguments["name"] == "Coinche night"
    assert arguments["game"].key == "coinche"
    assert (arguments["format"], arguments["entrant_kind"]) == (Format.SWISS, EntrantKind.PARTNERSHIP)
    assert (arguments["match_format"].kind, arguments["match_format"].count) == (FormatKind.DEALS, 8)
    assert arguments["tiebreaks"] == ("match-points", "buchholz")
    assert arguments["points"] == PointScheme(win=3)
    assert arguments["settings"] == EventSettings(first_round=FirstRound.RANDOM)
    assert arguments["club"] == "lyon"


@pytest.mark.parametrize(
    ("given", "text"),
    [
        ({"match_format": "deals", "match_length": 4}, "deals:4"),
        ({"match_format": "best-of", "match_length": 5}, "best-of:5"),
        ({"match_format": "best-of"}, "best-of:3"),
        ({"match_format": "best-of:7"}, "best-of:7"),
        ({"match_format": "rubber", "match_length": None}, "rubber"),
    ],
)
def test_it_reads_the_match_format_as_a_kind_and_a_number_or_as_one_text(given, text):
    assert validated(TournamentCreate, {**CUP, **given})["match_format"].text == text


def test_it_says_an_even_best_of_in_words():
    problem = refusal(TournamentCreate, {**CUP, "match_format": "best-of", "match_length": 4})
    assert problem.rule.startswith("a best of N needs an odd number of games")


@pytest.mark.parametrize("typed", ["FFB", "ffb", " Ffb "])
def test_it_takes_the_preset_in_any_case(typed):
    assert validated(TournamentCreate, {**CUP, "game": "coinche", "preset": typed})["preset"] == "ffb"


def test_it_reads_the_match_format_as_the_game_plays_it():
    arguments = validated(TournamentCreate, {**CUP, "game": "jam", "match_format": "best-of:3"})
    assert arguments["match_format"].option_overrides == {"rubbers": 3}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": " "}, "name"),
        ({"name": 5}, "name"),
        ({"game": "bridge"}, "game"),
        ({"format": "ladder"}, "format"),
        ({"match_format": "best-of:2"}, "match_format"),
        ({"match_format": "deals:0"}, "match_format"),
        ({"entrant_kind": "teams"}, "entrant_kind"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": "5"}, "rounds"),
        ({"rounds": True}, "rounds"),
        ({"options": []}, "options"),
        ({"tiebreaks": ["luck"]}, "tiebreaks"),
        ({"tiebreaks": []}, "tiebreaks"),
        ({"tiebreaks": ["buchholz", "buchholz"]}, "tiebreaks"),
        ({"points": {"win": 0}}, "points"),
        ({"points": {"goal": 1}}, "points"),
        ({"points": {"draw": 101}}, "points"),
        ({"settings": {"first_round": "alphabetical"}}, "settings"),
        ({"settings": {"cycles": 5}}, "settings"),
        ({"settings": {"third_place": "yes"}}, "settings"),
        ({"settings": {"colour": 1}}, "settings"),
        ({"settings": []}, "settings"),
        ({"colour": "red"}, "colour"),
        ({"match_format": "deals"}, "match_length"),
        ({"match_format": "deals", "match_length": 0}, "match_length"),
        ({"match_format": "best-of", "match_length": 4}, "match_length"),
        ({"match_format": "game", "match_length": 4}, "match_length"),
        ({"match_format": "deals:4", "match_length": 4}, "match_length"),
        ({"game": "coinche", "preset": "belote"}, "preset"),
        ({"preset": "ffb"}, "preset"),
    ],
)
def test_it_refuses_a_bad_tournament_naming_the_field(changes, field):
    assert refusal(TournamentCreate, {**CUP, **changes}).field == field


@pytest.mark.parametrize("missing", ["name", "game", "format", "match_format", "entrant_kind"])
def test_it_names_a_missing_field(missing):
    problem = refusal(TournamentCreate, {k: v for k, v in CUP.items() if k != missing})
    assert (problem.field, problem.rule) == (missing, f"{missing} is required")


def test_it_refuses_a_body_that_is_not_an_object_and_names_an_unknown_key():
    assert (refusal(TournamentCreate, [1, 2]).field, refusal(TournamentCreate, [1, 2]).rule) == (
        None,
        "the body must be a JSON object",
    )
    unknown = refusal(TournamentCreate, {**CUP, "zebra": 1, "colour": "red"})
    assert (unknown.field, unknown.rule) == ("colour", "'colour' is not a field of a tournament")


def test_it_takes_a_change_of_format_tiebreaks_or_rounds_and_nothing_else():
    assert validated(TournamentChange, {"format": "round-robin", "rounds": None}) == {
        "format": Format.ROUND_ROBIN,
        "rounds": None,
    }
    name = refusal(TournamentChange, {"name": "x"})
    assert (name.field, name.rule) == ("name", "'name' cannot be changed")


# -- entrants --------------------------------------------------------------------------------------


def test_it_turns_an_entrant_into_its_spec_reading_digits_as_numbers():
    spec = validated(EntrantInput, {"name": "Kings", "players": ["Cy", " Dee "], "seed": "2", "club": None})
    assert spec == EntrantSpec("Kings", players=("Cy", "Dee"), seed=2)
    assert validated(EntrantInput, {"name": "Jacks", "seed": "", "rating": "-40"}).rating == -40
    assert validated(EntrantInput, {"player": 7}) == EntrantSpec("", player=7)


@pytest.mark.parametrize(
    ("entrant", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "x" * 121}, "name"),
        ({"name": "A", "players": "Ann"}, "players"),
        ({"name": "A", "players": ["Ann", ""]}, "players"),
        ({"name": "A", "players": ["x" * 81]}, "players"),
        ({"name": "A", "seed": 0}, "seed"),
        ({"name": "A", "seed": 1.5}, "seed"),
        ({"name": "A", "rating": True}, "rating"),
        ({"name": "A", "colour": "red"}, "colour"),
        ({"players": ["Ann"]}, "name"),
        ({"player": 0}, "player"),
        ({"player": "Ann"}, "player"),
    ],
)
def test_it_refuses_a_bad_entrant_naming_the_field(entrant, field):
    assert refusal(EntrantInput, entrant).field == field


def test_it_names_the_row_of_a_bad_entrant_in_a_list():
    problem = refusal(EntrantInput, [{"name": "Ann"}, {"name": "Bob"}, 7], many=True)
    assert (problem.field, problem.rule, problem.extra) == (
        None,
        "each entrant must be an object with a name",
        {"row": 2},
    )
    assert refusal(EntrantInput, [{"name": "Ann"}, {"seed": 1}], many=True).extra == {"row": 1}


def test_it_takes_a_withdrawal_as_true_or_false_only():
    assert validated(EntrantChange, {"withdrawn": False}) == {"withdrawn": False}
    assert (
        refusal(EntrantChange, {"withdrawn": "yes"}).field,
        refusal(EntrantChange, {"withdrawn": "yes"}).rule,
    ) == (
        "withdrawn",
        "withdrawn must be true or false",
    )
    unknown = refusal(EntrantChange, {"withdrawn": True, "why": "ill"})
    assert (unknown.field, unknown.rule) == (
        "why",
        "'why' is not a field of an entrant's change: send withdrawn, checked_in or paid",
    )
    nothing = refusal(EntrantChange, {})
    assert (nothing.field, nothing.rule) == (None, "send at least one of withdrawn, checked_in or paid")


# -- a table's result ------------------------------------------------------------------------------


def test_it_turns_a_result_into_a_decision():
    assert validated(
        TableResultInput, {"winner": 7, "points": {"7": 3}, "reason": " sheet "}
    ) == TableDecision(reason="sheet", winner=7, points={7: 3})
    assert validated(TableResultInput, {"winner": None, "reason": "agreed"}) == TableDecision(reason="agreed")
    assert validated(TableResultInput, {"forfeit": [7], "reason": "x" * 400}) == TableDecision(
        reason="x" * 300, forfeit=(7,)
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"winner": 3, "reason": " "}, "reason"),
        ({"winner": 3}, "reason"),
        ({"winner": "3", "reason": "x"}, "winner"),
        ({"winner": True, "reason": "x"}, "winner"),
        ({"reason": "x"}, "winner"),
        ({"forfeit": [], "reason": "x"}, "forfeit"),
        ({"forfeit": 3, "reason": "x"}, "forfeit"),
        ({"winner": 3, "points": {"a": 1}, "reason": "x"}, "points"),
        ({"winner": 3, "points": {"3": "many"}, "reason": "x"}, "points"),
    ],
)
def test_it_refuses_a_bad_result_naming_the_field(body, field):
    assert refusal(TableResultInput, body).field == field
