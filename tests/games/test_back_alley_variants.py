"""Back Alley club variants (docs/games/back-alley.md, "Club variants"): the five-player individual
game (``scoring = individual``, preset ``individual``), its table, entry, board levels, rainbow and
end, and the ``down-up-20`` sequence; clause by clause, then properties.

Every expected number was worked out by hand (the arithmetic is in the ids or the comments), never
copied from the program's output.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import GameError, IllegalDealError, OptionError, SidesError, find_game
from tests.games.cli_support import run_cli

GAME = find_game("back-alley")
FIVE = ["Ann", "Bob", "Cy", "Dee", "Eve"]
SOLO = {"preset": "individual"}
#: Hand sizes of down-up-20: 10 down to 1, a second 1, up to 10.
DOWN_UP_20 = [*range(10, 0, -1), *range(1, 11)]


def zeros(n, taker="Ann"):
    """Everyone bids 0 and ``taker`` takes all n tricks: the taker scores n, the others 0."""
    return {"bids": dict.fromkeys(FIVE, 0), "tricks": {s: n if s == taker else 0 for s in FIVE}}


def solo(bids, tricks, **more):
    return {
        "bids": dict(zip(FIVE, bids, strict=True)),
        "tricks": dict(zip(FIVE, tricks, strict=True)),
        **more,
    }


def lead_in(k):
    """The first k deals of the game, each taken by Ann with everyone bidding 0."""
    return [zeros(n) for n in DOWN_UP_20[:k]]


def doc(deals, options=SOLO, sides=FIVE):
    return GAME.replay(options, sides, deals).as_json()


def last_scores(deals, options=SOLO):
    return list(doc(deals, options)["deals"][-1]["scores"].values())


def refused(deals, options=SOLO, sides=FIVE):
    with pytest.raises(GameError) as caught:
        GAME.replay(options, sides, deals)
    return caught.value.deal, caught.value.field


# -- the table: five sides, checked after the options ------------------------------------------------


def test_it_seats_five_players_without_partners():
    shape = GAME.table_shape(GAME.resolve_options(tuple(FIVE), SOLO).options)

    assert (shape.seats, shape.min_sides, shape.max_sides, shape.partnerships) == (5, 5, 5, False)


@pytest.mark.parametrize("count", [2, 4, 6])
def test_it_refuses_a_wrong_number_of_players_for_the_individual_game(count):
    assert refused([], sides=[*FIVE, "Flo"][:count]) == (None, "sides")


def test_it_refuses_five_sides_for_the_partnership_game():
    assert refused([], options=None) == (None, "sides")


def test_it_checks_the_names_before_the_options():
    # step 1 (names) fails before step 2 (a bad option)
    assert refused([], {"preset": "individual", "board_scale": "steep"}, ["Ann", "Ann"]) == (None, "sides")
    assert refused([], {"preset": "individual"}, ["Ann", "", "Cy", "Dee", "Eve"]) == (None, "sides")


def test_it_checks_the_options_before_the_number_of_sides():
    # step 2 (a bad option) fails before step 3 (three sides fit no game)
    assert refused([], {"preset": "individual", "board_scale": "steep"}, FIVE[:3]) == (None, "board_scale")


def test_it_counts_the_sides_for_the_scoring_the_options_choose():
    # two sides and scoring = individual from the options: the count is wrong for the individual game
    with pytest.raises(SidesError):
        GAME.new_match(["Us", "Them"], {"scoring": "individual", "deal_sequence": "down-up-20"})


# -- options -----------------------------------------------------------------------------------------


def test_it_sets_the_individual_options_from_the_preset():
    options = doc([])["options"]

    assert options == {
        "preset": "individual",
        "deal_sequence": "down-up-20",
        "failed_board": "per_trick",
        "scoring": "individual",
        "board_scale": "linear",
        "first_dealer": "Ann",
    }


def test_it_plays_the_individual_game_from_the_options_alone():
    options = {"scoring": "individual", "deal_sequence": "down-up-20", "board_scale": "doubling"}

    assert doc([zeros(10)], options)["deals"][0]["scores"]["Ann"] == 10


@pytest.mark.parametrize(
    "options",
    [
        {"scoring": "individual"},  # deal_sequence stays down-up-26
        {"preset": "individual", "deal_sequence": "down-up-26"},
        {"preset": "down-up-25", "scoring": "individual"},
    ],
)
def test_it_deals_the_individual_game_down_up_20_only(options):
    assert refused([], options) == (None, "deal_sequence")


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"preset": "individual", "first_dealer": 0}, "first_dealer"),
        ({"preset": "individual", "first_dealer": "Zed"}, "first_dealer"),
        ({"preset": "individual", "scoring": "solo"}, "scoring"),
        ({"preset": "individual", "board_scale": "exponential"}, "board_scale"),
        ({"preset": "individual", "board_scale": None}, "board_scale"),
    ],
)
def test_it_refuses_a_bad_individual_option(options, field):
    with pytest.raises(OptionError) as caught:
        GAME.new_match(FIVE, options)
    assert (caught.value.deal, caught.value.field) == (None, field)


def test_it_refuses_a_side_name_as_the_first_dealer_of_the_partnership_game():
    with pytest.raises(OptionError) as caught:
        GAME.new_match(["Us", "Them"], {"first_dealer": "Us"})
    assert caught.value.field == "first_dealer"


def test_it_passes_the_deal_to_the_next_player_from_the_first_dealer():
    played = doc(lead_in(7), {**SOLO, "first_dealer": "Dee"})

    assert [d["dealer"] for d in played["deals"]] == ["Dee", "Eve", "Ann", "Bob", "Cy", "Dee", "Eve"]
    assert played["next_deal"] == {"dealer": "Ann", "hand_size": 3}


# -- the entry ---------------------------------------------------------------------------------------

GOOD = solo([3, 2, 0, 1, 5], [3, 4, 0, 0, 3])


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({**GOOD, "dead": True}, "dead"),
        ({"dead": True}, "dead"),
        (solo([3, "pass", 0, 1, 5], [3, 4, 0, 0, 3]), "bids"),
        (solo([3, "Board", 0, 1, 5], [3, 4, 0, 0, 3]), "bids"),
        (solo([3, "double-board", 0, 1, 5], [3, 4, 0, 0, 3]), "bids"),
        (solo([3, 11, 0, 1, 5], [3, 4, 0, 0, 3]), "bids"),
        (solo([3, -1, 0, 1, 5], [3, 4, 0, 0, 3]), "bids"),
        (solo([3, 2.0, 0, 1, 5], [3, 4, 0, 0, 3]), "bids"),
        ({**GOOD, "bids": {"Ann": 3, "Bob": 2, "Cy": 0, "Dee": 1}}, "bids"),
        ({**GOOD, "bids": [3, 2, 0, 1, 5]}, "bids"),
        ({k: v for k, v in GOOD.items() if k != "bids"}, "bids"),
        ({k: v for k, v in GOOD.items() if k != "tricks"}, "tricks"),
        (solo([3, 2, 0, 1, 5], [3, 4, 0, 0, 2]), "tricks"),
        (solo([3, 2, 0, 1, 5], [3, 4, 0, 0, 11]), "tricks"),
        ({**GOOD, "rainbow": ["Ann"]}, "rainbow"),
        ({**GOOD, "rainbow": "Ann"}, "rainbow"),
        ({**GOOD, "trump": "no-trump"}, "trump"),
        ({**GOOD, "melds": []}, "melds"),
    ],
)
def test_it_refuses_a_bad_individual_entry(entry, field):
    assert refused([entry]) == (0, field)


def test_it_refuses_a_bid_above_the_hand_size():
    # the 6th deal has 5 cards: a bid of 6 is too many
    assert refused([*lead_in(5), solo([6, 0, 0, 0, 0], [5, 0, 0, 0, 0])]) == (5, "bids")


def test_it_refuses_a_rainbow_named_twice_or_a_stranger_in_a_four_card_deal():
    four = solo([0, 0, 0, 0, 0], [4, 0, 0, 0, 0])

    assert refused([*lead_in(6), {**four, "rainbow": ["Ann", "Ann"]}]) == (6, "rainbow")
    assert refused([*lead_in(6), {**four, "rainbow": ["Zed"]}]) == (6, "rainbow")


def test_it_refuses_a_rainbow_in_the_partnership_game_even_on_a_dead_deal():
    partnership = {"bids": [4, 2, 3, 2], "tricks": {"Us": 8, "Them": 5}}

    assert refused([{**partnership, "rainbow": ["Us"]}], None, ["Us", "Them"]) == (0, "rainbow")
    assert refused([{"dead": True, "rainbow": ["Us"]}], None, ["Us", "Them"]) == (0, "rainbow")
    assert doc([{**partnership, "rainbow": []}], None, ["Us", "Them"])["totals"] == {"Us": 36, "Them": 21}


def test_it_offers_each_game_its_own_fields():
    partnership = GAME.resolve_options(("Us", "Them")).options
    individual = GAME.resolve_options(tuple(FIVE), SOLO).options

    assert [f.name for f in GAME.entry_fields(partnership)] == ["dead", "bids", "tricks", "trump"]
    # no dead deal in the individual game: the field is out of play (only false is accepted)
    assert [f.name for f in GAME.entry_fields(individual)] == ["bids", "tricks", "rainbow", "trump"]
    assert [f.name for f in GAME.entry_shape(individual)] == ["dead", "bids", "tricks", "rainbow", "trump"]
    assert doc([{**GOOD, "dead": False}])["deals"][0]["dead"] is False


# -- scoring -----------------------------------------------------------------------------------------

SCORING = [
    # (id, entry of the 1st deal (10 cards), scores Ann..Eve)
    (
        "bid 3 take 3: 9; bid 2 take 4: 6 + 2 = 8; 0 take 0: 0; 1 take 0: -3; 5 take 3: -15",
        GOOD,
        [9, 8, 0, -3, -15],
    ),
    (
        "0 take 2: 2; 5 take 7: 15 + 2 = 17; 3 take 1: -9",
        solo([0, 0, 5, 3, 0], [2, 0, 7, 1, 0]),
        [2, 0, 17, -9, 0],
    ),
    (
        "a board made alone (level 1): 6 x 10 = 60; the others bid 0 and took nothing",
        solo(["board", 0, 0, 0, 0], [10, 0, 0, 0, 0]),
        [60, 0, 0, 0, 0],
    ),
    (
        "bid 10 take 10 is a number bid: 30",
        solo([10, 0, 0, 0, 0], [10, 0, 0, 0, 0]),
        [30, 0, 0, 0, 0],
    ),
]


@pytest.mark.parametrize(("case", "entry", "scores"), SCORING, ids=[c[0] for c in SCORING])
def test_it_scores_each_player_alone(case, entry, scores):
    assert last_scores([entry]) == scores


def test_it_levels_boards_in_bidding_order_from_the_dealer():
    # 6th deal (5 cards), Ann deals: bidding order Bob, Cy, Dee, Eve, Ann. Boards by Bob, Cy, Dee are
    # levels 1, 2, 3; Dee makes it: 18 x 5 = 90; Bob -6 x 5 = -30; Cy -12 x 5 = -60; Ann bid 1: -3.
    sixth = solo([1, "board", "board", "board", 0], [0, 0, 0, 5, 0])
    played = doc([*lead_in(5), sixth])["deals"][-1]

    assert list(played["scores"].values()) == [-3, -30, -60, 90, 0]
    assert played["contracts"] == {
        "Ann": {"type": "number", "value": 1},
        "Bob": {"type": "board", "level": 1},
        "Cy": {"type": "board", "level": 2},
        "Dee": {"type": "board", "level": 3},
        "Eve": {"type": "zero"},
    }


def test_it_levels_the_same_boards_otherwise_when_another_player_deals():
    # The same 6th deal with Cy dealing first: deal 6 is dealt by Cy, bidding order Dee, Eve, Ann, Bob,
    # Cy. Dee level 1 (6 x 5 = 30 made), Bob level 2 (-60), Cy level 3 (-90).
    sixth = solo([1, "board", "board", "board", 0], [0, 0, 0, 5, 0])

    assert last_scores([*lead_in(5), sixth], {**SOLO, "first_dealer": "Cy"}) == [-3, -60, -90, 30, 0]


@pytest.mark.parametrize(
    ("scale", "values"),
    [("linear", [6, 12, 18, 24, 30]), ("doubling", [6, 12, 24, 48, 96])],
)
def test_it_values_five_board_levels_by_board_scale(scale, values):
    # 10th deal (1 card), Ann deals first so deal 10 is dealt by Eve: bidding order Ann, Bob, Cy, Dee,
    # Eve, levels 1-5 in that order. Eve takes the one trick: levels 1-4 fail (-v x 1), level 5 makes.
    tenth = solo(["board"] * 5, [0, 0, 0, 0, 1])
    scores = last_scores([*lead_in(9), tenth], {**SOLO, "board_scale": scale})

    assert scores == [-values[0], -values[1], -values[2], -values[3], values[4]]


def test_it_adds_eight_for_a_rainbow_whatever_became_of_the_bid():
    # 7th deal (4 cards), Bob deals: Ann bid 2 took 2: 6 + 8 = 14; Bob's board (level 1) failed:
    # -6 x 4 + 8 = -16; Dee and Eve bid 1 took 1: 3 each.
    seventh = solo([2, "board", 0, 1, 1], [2, 0, 0, 1, 1], rainbow=["Ann", "Bob"])
    played = doc([*lead_in(6), seventh])["deals"][-1]

    assert list(played["scores"].values()) == [14, -16, 0, 3, 3]
    assert played["rainbow"] == ["Ann", "Bob"]
    assert played["hand_size"] == 4
    assert played["dead"] is False


def test_it_ignores_failed_board_in_the_individual_game():
    # 1st deal: Ann's board fails with 9 of 10: -6 x 10 = -60 under either penalty
    entry = solo(["board", 0, 0, 0, 0], [9, 1, 0, 0, 0])

    assert last_scores([entry], {**SOLO, "failed_board": "times_five"}) == [-60, 1, 0, 0, 0]
    assert last_scores([entry]) == [-60, 1, 0, 0, 0]


# -- the end -----------------------------------------------------------------------------------------


def test_it_ends_after_twenty_deals_with_the_highest_total():
    # Ann takes every trick of all 20 deals: 2 x 55 = 110
    played = GAME.replay(SOLO, FIVE, lead_in(20))

    assert played.finished
    assert played.result.winner == "Ann"
    assert played.totals["Ann"] == 110
    assert played.as_json()["next_deal"] is None
    with pytest.raises(IllegalDealError) as caught:
        played.play(zeros(10))
    assert (caught.value.deal, caught.value.field) == (20, None)


def test_it_draws_when_the_highest_total_is_shared():
    deals = [zeros(n, "Ann" if k < 10 else "Bob") for k, n in enumerate(DOWN_UP_20)]
    played = doc(deals)

    assert played["totals"] == {"Ann": 55, "Bob": 55, "Cy": 0, "Dee": 0, "Eve": 0}
    assert played["outcome"] == {"finished": True, "winner": None, "draw": True}


def test_it_deals_twenty_hand_sizes_to_partnerships_too():
    sizes = []
    match = GAME.new_match(["Us", "Them"], {"deal_sequence": "down-up-20"})
    while not match.finished:
        n = match.as_json()["next_deal"]["hand_size"]
        sizes.append(n)
        match = match.play({"bids": [1, "pass", "pass", "pass"], "tricks": {"Us": n, "Them": 0}})

    assert sizes == DOWN_UP_20


# -- schema, command line ----------------------------------------------------------------------------


@pytest.mark.slow  # python -m games in a subprocess
def test_it_prints_the_individual_entry_schema_for_the_preset():
    run = run_cli(["schema", "back-alley", "--preset", "individual"])

    assert run.code == 0, run.doc
    assert run.doc["table"] == {"seats": 5, "sides": {"min": 5, "max": 5}, "partnerships": False}
    assert run.doc["entry"]["properties"]["bids"]["type"] == "object"
    assert run.doc["entry"]["required"] == ["bids", "tricks"]
    assert "first_dealer" not in run.doc["effective_options"]


@pytest.mark.slow  # python -m games in a subprocess
def test_it_refuses_a_side_name_in_the_schema_options_where_no_sides_are_known():
    run = run_cli(["schema", "back-alley", "--preset", "individual", "--option", "first_dealer=Ann"])

    assert (run.code, run.doc["error"]["field"], run.doc["error"]["deal"]) == (2, "first_dealer", None)


@pytest.mark.slow  # python -m games in a subprocess
def test_it_lists_the_individual_table_as_another_table():
    listed = {g["key"]: g for g in run_cli(["list"]).doc}

    assert listed["back-alley"]["seats"] == 4
    assert listed["back-alley"]["other_tables"] == [
        {
            "when": {"scoring": ["individual"]},
            "seats": 5,
            "sides": {"min": 5, "max": 5},
            "partnerships": False,
        }
    ]


@pytest.mark.slow  # python -m games in a subprocess
def test_it_scores_an_individual_match_from_the_command_line_with_the_preset_flag():
    run = run_cli(["score", "back-alley", "--preset", "individual"], {"sides": FIVE, "deals": [GOOD]})

    assert run.code == 0, run.doc
    assert run.doc["deals"][0]["scores"] == {"Ann": 9, "Bob": 8, "Cy": 0, "Dee": -3, "Eve": -15}
    assert run.doc["next_deal"] == {"dealer": "Bob", "hand_size": 9}


# -- properties --------------------------------------------------------------------------------------

BID = st.one_of(st.integers(0, 10), st.just("board"))


@st.composite
def first_deals(draw):
    """A valid first deal (10 cards): any bids, tricks split among the five."""
    bids = [draw(BID) for _ in FIVE]
    cuts = sorted(draw(st.lists(st.integers(0, 10), min_size=4, max_size=4)))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, 10], strict=True)]
    return solo(bids, tricks)


@settings(max_examples=60, deadline=None)
@given(entry=first_deals(), dealer=st.sampled_from(FIVE))
def test_it_gives_board_bidders_the_levels_one_to_k(entry, dealer):
    played = doc([entry], {**SOLO, "first_dealer": dealer})["deals"][0]
    levels = [c["level"] for c in played["contracts"].values() if c["type"] == "board"]

    assert sorted(levels) == list(range(1, 1 + sum(1 for b in entry["bids"].values() if b == "board")))


@settings(max_examples=60, deadline=None)
@given(entry=first_deals(), dealer=st.sampled_from(FIVE))
def test_it_scores_number_bids_whoever_deals(entry, dealer):
    # Only board levels depend on the bidding order: without boards the dealer changes nothing.
    entry = {**entry, "bids": {s: 0 if b == "board" else b for s, b in entry["bids"].items()}}

    assert last_scores([entry], {**SOLO, "first_dealer": dealer}) == last_scores([entry])


@settings(max_examples=40, deadline=None)
@given(bids=st.lists(BID.filter(lambda b: b == "board" or b <= 4), min_size=5, max_size=5), data=st.data())
def test_it_adds_exactly_eight_per_rainbow(bids, data):
    tricks = data.draw(st.permutations([4, 0, 0, 0, 0]))
    rainbow = data.draw(st.lists(st.sampled_from(FIVE), unique=True))
    seventh = solo(bids, tricks)

    plain = last_scores([*lead_in(6), seventh])
    with_rainbow = last_scores([*lead_in(6), {**seventh, "rainbow": rainbow}])

    assert [b - a for a, b in zip(plain, with_rainbow, strict=True)] == [
        8 if s in rainbow else 0 for s in FIVE
    ]
