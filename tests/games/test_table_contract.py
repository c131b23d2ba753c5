"""The game owns its table and what is worth showing of it: every registered game answers who sits
where (compass seats, sides, partnerships and their names) and which facts of a match a scoreboard
shows (games/seats.py, games/facts.py, ``Game.seating``, ``Game.facts``, ``Game.deal_notes``)."""

from __future__ import annotations

from typing import Any

import pytest

from games import GAMES, find_game
from games.declaration import TableShape
from games.facts import Fact, Facts, Row, RowKind, Sheet
from games.match import MatchState
from games.seats import Place, compass, partnership_name, seat, side_of_seat
from tests.paths import valid_worked_examples

SHAPES = [
    pytest.param(key, when, shape, id=f"{key}: {shape.seats} seats")
    for key, cls in GAMES.items()
    for when, shape in cls.table_shapes()
]
PLAYED = [
    pytest.param(key, case, id=f"{key}: {case['name']}")
    for key in sorted(GAMES)
    for case in valid_worked_examples(key)
    if case["match"]["deals"]
]
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


def replayed(key: str, case: dict[str, Any]) -> MatchState[Any]:
    match = case["match"]
    return find_game(key).replay(match.get("options"), match["sides"], match["deals"])


def words(text: str) -> bool:
    """Shown text is words: not empty, no slug (``nullo_made``), no JSON (``{``)."""
    return bool(text.strip()) and "_" not in text and "{" not in text


# -- seats, sides and partnerships: every game, every table it can have ----------------------------


@pytest.mark.parametrize(("key", "when", "shape"), SHAPES)
def test_every_game_seats_every_table_it_can_have(key, when, shape: TableShape):
    cls = GAMES[key]
    options = {} if when is None else {when.option: when.values[0]}
    sides = NAMES[: shape.max_sides] if not shape.partnerships else ("Us", "Them")
    players = NAMES[: shape.seats] if shape.partnerships else ()

    seating = cls.seating(options, sides, players)

    assert seating.partnerships == shape.partnerships
    assert [party.name for party in seating.sides] == list(sides)
    if shape.partnerships:
        assert len(seating.places) == shape.seats
        assert [p.compass for p in seating.places] == list(compass(shape.seats))
        assert all(seating.plays_for(p.seat) == sides[p.seat % 2] for p in seating.places)
        assert [len(party.places) for party in seating.sides] == [shape.seats // 2] * 2
        assert all(party.several and party.seated for party in seating.sides)
        assert seating.players_of("Us") == partnership_name(players[0::2])
    else:
        assert [p.label for p in seating.places] == list(sides)
        assert not any(party.several for party in seating.sides)
        assert all(seating.players_of(side) == "" for side in sides)
    assert all(words(p.label) and "Seat" not in p.label for p in seating.places)


def test_partners_sit_across_at_north_and_south_against_east_and_west():
    assert compass(4) == ("North", "East", "South", "West")
    assert [side_of_seat(s) for s in range(4)] == [0, 1, 0, 1]
    four = seat(TableShape(4, 2, 2, True), ("NS", "EW"), ("Ann", "Bob", "Cy", "Dee"))
    assert [p.label for p in four.places] == ["Ann (North)", "Bob (East)", "Cy (South)", "Dee (West)"]
    assert [(party.players, party.seated) for party in four.sides] == [
        ("Ann & Cy", "Ann (North) & Cy (South)"),
        ("Bob & Dee", "Bob (East) & Dee (West)"),
    ]


def test_six_seats_go_round_the_compass_team_mates_alternating():
    six = seat(TableShape(6, 2, 2, True), ("Us", "Them"))
    assert [p.label for p in six.places] == [
        "North",
        "North-East",
        "South-East",
        "South",
        "South-West",
        "North-West",
    ]
    assert six.sides[0].seated == "North & South-East & South-West"
    assert six.players_of("Us") == ""  # nobody named yet


def test_a_side_named_after_its_players_is_not_named_twice():
    seating = seat(TableShape(4, 2, 2, True), ("Ann & Cy", "Bob & Dee"), ("Ann", "Bob", "Cy", "Dee"))
    assert seating.players_of("Ann & Cy") == ""
    assert seating.named_after_players("Ann & Cy")
    assert not seat(TableShape(4, 2, 2, True), ("NS", "EW"), ("Ann", "Bob", "Cy", "Dee")).named_after_players(
        "NS"
    )


def test_a_page_names_a_dealer_by_player_and_compass_seat_or_by_side():
    partnership = find_game("coinche").new_match(["NS", "EW"]).seating(["Ann", "Bob", "Cy", "Dee"])
    assert partnership.who(2) == "Cy (South)"
    assert find_game("coinche").new_match(["NS", "EW"]).seating().who(3) == "West"
    assert find_game("tally").new_match(["Kit", "Lou"]).seating().who("Lou") == "Lou"
    with pytest.raises(IndexError):
        partnership.place(4)


def test_a_partnership_is_named_by_one_rule():
    assert partnership_name(["Ann", "Cy"]) == "Ann & Cy"
    assert partnership_name(["Ann", "Cy", "Eve"]) == "Ann & Cy & Eve"
    assert Place(0, "North", "", "NS").label == "North"


def test_matching_trumps_teams_are_parties_named_by_the_same_rule():
    state = find_game("matching-trumps").new_match(["Ann", "Bob", "Cy", "Dee"], {"teams": [[0, 2], [1, 3]]})
    seating = state.seating()
    assert [team.name for team in seating.teams] == ["Ann & Cy", "Bob & Dee"]
    assert seating.named_after_players("Ann & Cy")
    assert not seating.named_after_players("Ann")


# -- what is worth showing: every game, every worked example ----------------------------------------


@pytest.mark.parametrize(("key", "case"), PLAYED)
def test_every_game_says_what_is_worth_showing_in_words(key, case):
    state = replayed(key, case)

    facts = state.facts()

    assert isinstance(facts, Facts)
    for fact in (*facts.lines, *facts.upcoming):
        assert words(fact.label), fact
        assert words(fact.text), fact
    for sheet in facts.sheets:
        assert words(sheet.title)
        assert all(len(row.cells) == len(sheet.head) for row in sheet.rows), sheet.title
    if state.finished:
        assert facts.upcoming == ()
    for record in state.deals:
        notes = state.deal_notes(record)
        assert all(words(note) for note in notes), notes


@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_answers_before_the_first_deal(key):
    cls = GAMES[key]
    sides = ["Us", "Them"] if cls.min_sides <= 2 <= cls.max_sides else list(NAMES[: cls.min_sides])
    state = find_game(key).new_match(sides)
    assert isinstance(state.facts(), Facts)
    assert state.entry_context().clean == {}


def test_coinche_shows_the_held_pot_and_the_rounded_sheet():
    # 80♥ tied at 81 each under tie_rule litige: EW score 80, the taker's 80 wait in the pot.
    tie = {"taker": "NS", "bid": 80, "trump": "hearts", "points": {"NS": 81, "EW": 81}}
    plain = find_game("coinche").replay({"tie_rule": "litige"}, ["NS", "EW"], [tie])
    assert plain.facts().lines == (Fact("Held pot", "80 points, for the next contract made"),)
    assert plain.deal_notes(plain.deals[0]) == ("litige", "NS 80♥", "pot 80")
    rounded = find_game("coinche").replay({"rounding": "total"}, ["NS", "EW"], [])
    assert rounded.facts().lines[0].label == "Score sheet, rounded to 10"
    assert rounded.facts().target == 1000


def test_jam_shows_its_rubbers_and_no_match_target():
    entry = {"tricks": {"Ida": 14, "Jo": 12}, "runs": {"Ida": [4], "Jo": []}}
    state = find_game("jam").replay(None, ["Ida", "Jo"], [entry])
    facts = state.facts()
    assert facts.target is None
    assert facts.sheets == (
        Sheet(
            "Rubbers",
            ("", "Ida", "Jo", "Winner"),
            (Row(("Rubber 1", "3", "0", "playing")),),
            ("Rubbers won: Ida 0 – Jo 0",),
        ),
    )
    assert state.deal_notes(state.deals[0]) == ("rubber 1",)


def test_jo_jotte_draws_its_sheet_above_and_below_the_line():
    # Ely declares hearts and wins 100 to 60 with a sequence of 3 (20 above): 100 below.
    entry = {
        "declarer": "Ely",
        "contract": "hearts",
        "tricks": {"Ely": 6, "Jo": 3},
        "trick_points": {"Ely": 100, "Jo": 60},
        "melds": {"Ely": [{"meld": "sequence", "length": 3, "top": "K", "suit": "clubs"}]},
    }
    state = find_game("jo-jotte").replay(None, ["Ely", "Jo"], [entry])
    sheet = state.facts().sheets[0]
    assert [(row.kind, row.cells) for row in sheet.rows] == [
        (RowKind.ABOVE, ("deal 1", "20", "0")),
        (RowKind.LINE, ("the line", "", "")),
        (RowKind.BELOW, ("deal 1", "100", "0")),
        (RowKind.TOTAL, ("Game 1: Ely won", "100", "0")),
        (RowKind.TOTAL, ("Game 2 (playing)", "0", "0")),
    ]
    assert state.facts().lines == (Fact("Held pot", "none"),)
    assert state.deal_notes(state.deals[0]) == ("declarer won", "game 1")


def test_back_alley_parcellus_and_matching_trumps_say_what_the_next_deal_needs():
    back_alley = find_game("back-alley").new_match(["Us", "Them"])
    assert back_alley.facts().upcoming == (Fact("Hand size", "13 cards each"),)
    parcellus = find_game("parcellus").new_match(["West", "North", "South"])
    assert parcellus.facts().upcoming == (Fact("Pass cards", "to the left"),)
    trumps = find_game("matching-trumps").new_match(["A", "B", "C"])
    assert trumps.facts().upcoming == (Fact("Leads", "B"),)
    assert trumps.facts().deals == 6


def test_klaverjas_notes_a_kraak():
    entry = {"playing": "Wij", "points": {"Wij": 92, "Zij": 70}, "kraak": "kraak"}
    state = find_game("klaverjas").replay({"kraken": "whole_score"}, ["Wij", "Zij"], [entry])
    assert state.deal_notes(state.deals[0]) == ("made", "kraak × 2")


def test_a_match_cut_after_a_number_of_deals_lasts_that_many():
    # Its end is the deal count, not the game's target (#14, point 2: not "Playing to 1000").
    state = find_game("coinche").new_match(["NS", "EW"], deal_limit=8)
    assert (state.facts().target, state.facts().deals) == (None, 8)
