"""Six-handed Auction Forty-Five (``players = 6``, docs/games/auction-forty-five.md, "Club variants"):
two teams of three alternating round the table, seats and the dealer 0-5, the scoring unchanged.

Every expected number was worked out by hand (in the ids or the comments), never copied from the
program's output.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import GameError, OptionError, SidesError, find_game
from tests.games.cli_support import run_cli

GAME = find_game("auction-forty-five")
SIDES = ["Us", "Them"]
SIX = {"players": 6}


def deal(bidder, bid, us, them, high_trump):
    return {"bidder": bidder, "bid": bid, "tricks": {"Us": us, "Them": them}, "high_trump": high_trump}


MADE_20 = deal("Us", 20, 3, 2, "Us")  # Us 15 + 5 = 20 >= 20: 25; Them 10


def test_it_seats_two_teams_of_three():
    shape = GAME.table_shape(GAME.resolve_options(tuple(SIDES), SIX).options)

    assert (shape.seats, shape.min_sides, shape.max_sides, shape.partnerships) == (6, 2, 2, True)
    assert GAME.table_shape(GAME.resolve_options(tuple(SIDES)).options).seats == 4


def test_it_passes_the_deal_round_six_seats():
    doc = GAME.replay({**SIX, "first_dealer": 4}, SIDES, [MADE_20] * 3).as_json()

    assert [d["dealer"] for d in doc["deals"]] == [4, 5, 0]
    assert (doc["next_dealer"], doc["next_deal"]) == (1, {"dealer": 1})
    assert doc["totals"] == {"Us": 75, "Them": 30}  # 3 x 25, 3 x 10


def test_it_deals_from_seat_0_to_seat_5_by_default():
    doc = GAME.replay({**SIX, "target": 500}, SIDES, [MADE_20] * 6).as_json()  # 6 x 25 = 150 < 500

    assert [d["dealer"] for d in doc["deals"]] == [0, 1, 2, 3, 4, 5]
    assert doc["next_dealer"] == 0


def test_it_echoes_the_number_of_players():
    assert GAME.new_match(SIDES, SIX).as_json()["options"]["players"] == 6
    assert GAME.new_match(SIDES).as_json()["options"]["players"] == 4


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"first_dealer": 4}, "first_dealer"),  # four players: seats 0-3
        ({"first_dealer": 5}, "first_dealer"),
        ({**SIX, "first_dealer": 6}, "first_dealer"),
        ({**SIX, "first_dealer": -1}, "first_dealer"),
        ({**SIX, "first_dealer": 5.0}, "first_dealer"),
        ({**SIX, "first_dealer": "5"}, "first_dealer"),
        ({"players": 5}, "players"),
        ({"players": 8}, "players"),
        ({"players": "6"}, "players"),
        ({"players": 6.0}, "players"),
        ({"players": None}, "players"),
    ],
)
def test_it_refuses_a_seat_or_player_count_the_table_does_not_have(options, field):
    with pytest.raises(OptionError) as caught:
        GAME.new_match(SIDES, options)
    assert (caught.value.deal, caught.value.field) == (None, field)


@pytest.mark.parametrize("sides", [["Us"], ["A", "B", "C"], ["A", "B", "C", "D", "E", "F"]])
def test_it_still_lists_two_sides(sides):
    with pytest.raises(SidesError):
        GAME.new_match(sides, SIX)


def test_it_refuses_a_bad_option_before_counting_the_sides():
    with pytest.raises(OptionError):
        GAME.new_match(["A", "B", "C"], {"players": 5})


@pytest.mark.slow  # python -m games in a subprocess
def test_it_prints_the_six_seat_schema_from_the_command_line():
    run = run_cli(["schema", "auction-forty-five", "--option", "players=6"])

    assert run.code == 0, run.doc
    assert run.doc["table"] == {"seats": 6, "sides": {"min": 2, "max": 2}, "partnerships": True}
    assert run.doc["options"]["properties"]["first_dealer"]["maximum"] == 5
    assert run.doc["effective_options"]["players"] == 6


@pytest.mark.slow  # python -m games in a subprocess
def test_it_lists_the_six_seat_table():
    listed = {g["key"]: g for g in run_cli(["list"]).doc}

    assert listed["auction-forty-five"]["seats"] == 4
    assert listed["auction-forty-five"]["other_tables"] == [
        {"when": {"players": [6]}, "seats": 6, "sides": {"min": 2, "max": 2}, "partnerships": True}
    ]


@pytest.mark.slow  # python -m games in a subprocess
def test_it_scores_a_six_handed_match_from_the_command_line():
    run = run_cli(
        ["score", "auction-forty-five", "--option", "players=6", "--option", "first_dealer=5"],
        {"sides": SIDES, "deals": [MADE_20, deal("Them", 30, 0, 5, "Them")]},
    )

    assert run.code == 0, run.doc
    # 25-10, then Them make 30: 60 -> 25-70
    assert run.doc["totals"] == {"Us": 25, "Them": 70}
    assert [d["dealer"] for d in run.doc["deals"]] == [5, 0]


# -- the scoring is the four-handed game's ------------------------------------------------------------


@st.composite
def deals(draw):
    us = draw(st.integers(0, 5))
    bidder = draw(st.sampled_from(SIDES))
    takers = [s for s, n in (("Us", us), ("Them", 5 - us)) if n]
    return deal(
        bidder, draw(st.sampled_from([15, 20, 25, 30])), us, 5 - us, draw(st.sampled_from([None, *takers]))
    )


def _refusal(state, entry):
    try:
        state.play(entry)
    except GameError as error:
        return error.deal, error.field
    return None


@settings(max_examples=60, deadline=None)
@given(
    entries=st.lists(deals(), max_size=10),
    options=st.fixed_dictionaries(
        {},
        optional={
            "made_bid_scores": st.sampled_from(["bid_plus_high_trump", "all_points", "bid_only"]),
            "end_rule": st.sampled_from(["bidder_out_first", "higher_total"]),
            "defenders_score_at_100": st.booleans(),
        },
    ),
)
def test_it_scores_six_players_exactly_as_four(entries, options):
    four = GAME.new_match(SIDES, options)
    six = GAME.new_match(SIDES, {**options, **SIX})
    for entry in entries:
        refused = _refusal(four, entry)
        assert _refusal(six, entry) == refused  # the same entry is refused the same way
        if refused:
            break
        four, six = four.play(entry), six.play(entry)

    assert [d["scores"] for d in six.as_json()["deals"]] == [d["scores"] for d in four.as_json()["deals"]]
    assert six.as_json()["outcome"] == four.as_json()["outcome"]
    assert [d["dealer"] for d in six.as_json()["deals"]] == [i % 6 for i in range(len(six.deals))]
