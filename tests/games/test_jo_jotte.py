"""Jo-Jotte (docs/games/jo-jotte.md): every rule clause, validation rule, option and structure key.

Sides are Ely and Josephine; in most deals Ely declares (Dc) and Josephine is the opponent (Op).
Every expected number was worked out by hand from the spec (the arithmetic is in the ids or the
comments), never copied from the program's output.
"""

import contextlib
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import GameError, IllegalDealError, OptionError, find_game
from games.cli import main
from tests.games.cli_support import run_cli
from tests.paths import DATA

GAME = find_game("jo-jotte")
SIDES = ["Ely", "Josephine"]
E, J = SIDES


def play(deals, options=None, overrides=None):
    return GAME.replay(options, SIDES, deals, overrides)


def deal(declarer=E, contract="spades", tricks=(6, 3), points=(100, 60), **more):
    out = {
        "declarer": declarer,
        "contract": contract,
        "tricks": {E: tricks[0], J: tricks[1]},
        "trick_points": {E: points[0], J: points[1]},
    }
    out.update(more)
    return out


def quartet(rank):
    return {"meld": "quartet", "rank": rank}


def seq(length, top, suit):
    return {"meld": "sequence", "length": length, "top": top, "suit": suit}


def one(entry, options=None):
    return play([entry], options).as_json()["deals"][0]


def error_of(deals, options=None):
    with pytest.raises(IllegalDealError) as caught:
        play(deals, options)
    return caught.value.deal, caught.value.field


def sheet(out):
    """(below, above, result, pot) of one deal, players in side order."""
    return (
        (out["below"][E], out["below"][J]),
        (out["above"][E], out["above"][J]),
        out["result"],
        out["pot"],
    )


# -- a normal deal ------------------------------------------------------------------------------

NORMAL = [
    # (id, entry, options, below, above, result, pot)
    ("declarer wins undoubled: own 100 below", deal(), None, (100, 0), (0, 0), "declarer", 0),
    (
        "declarer wins doubled: (95 + 65) × 2 = 320",
        deal(contract="diamonds", tricks=(5, 4), points=(95, 65), double=2),
        None,
        (320, 0),
        (0, 0),
        "declarer",
        0,
    ),
    (
        "declarer wins redoubled: 160 × 4 = 640",
        deal(double=4),
        None,
        (640, 0),
        (0, 0),
        "declarer",
        0,
    ),
    (
        "opponent wins undoubled: 70 + 90 = 160",
        deal(contract="hearts", tricks=(4, 5), points=(70, 90)),
        None,
        (0, 160),
        (0, 0),
        "opponent",
        0,
    ),
    (
        "opponent wins doubled: 160 × 2 = 320",
        deal(tricks=(4, 5), points=(70, 90), double=2),
        None,
        (0, 320),
        (0, 0),
        "opponent",
        0,
    ),
    (
        "opponent wins redoubled: 160 × 4 = 640",
        deal(tricks=(4, 5), points=(70, 90), double=4),
        None,
        (0, 640),
        (0, 0),
        "opponent",
        0,
    ),
    (
        "melds win it for the declarer: 60 + 100 = 160 > 100; own 60 below",
        deal(tricks=(4, 5), points=(60, 100), melds={E: [quartet("9")]}),
        None,
        (60, 0),
        (100, 0),
        "declarer",
        0,
    ),
    (
        "opponent's quartet: 70 < 90 + 100; Op 160 below, 100 above",
        deal(contract="hearts", tricks=(4, 5), points=(70, 90), melds={J: [quartet("J")]}),
        None,
        (0, 160),
        (0, 100),
        "opponent",
        0,
    ),
    (
        "tie 80 = 80: nothing below, 160 into the pot",
        deal(tricks=(4, 5), points=(80, 80)),
        None,
        (0, 0),
        (0, 0),
        "tie",
        160,
    ),
    (
        "tie redoubled: the pot is not multiplied, 160",
        deal(tricks=(4, 5), points=(80, 80), double=4),
        None,
        (0, 0),
        (0, 0),
        "tie",
        160,
    ),
    (
        "tie redoubled with pot_multiplied: 160 × 4 = 640",
        deal(tricks=(4, 5), points=(80, 80), double=4),
        {"pot_multiplied": True},
        (0, 0),
        (0, 0),
        "tie",
        640,
    ),
    (
        "tie through a meld: 60 + 40 = 100 = 100; the meld still scores 40",
        deal(contract="clubs", tricks=(4, 5), points=(60, 100), double=4, melds={E: [seq(4, "A", "hearts")]}),
        None,
        (0, 0),
        (40, 0),
        "tie",
        160,
    ),
    (
        "all 9 tricks without a slam: 160 below + 100 above",
        deal(contract="hearts", tricks=(9, 0), points=(160, 0)),
        None,
        (160, 0),
        (100, 0),
        "declarer",
        0,
    ),
    (
        "the opponent takes all 9 tricks: 160 below + 100 above",
        deal(tricks=(0, 9), points=(0, 160)),
        None,
        (0, 160),
        (0, 100),
        "opponent",
        0,
    ),
    (
        "Jo-Jotte decides the deal: 80 + 20 = 100 > 80; own 80 below, 20 above",
        deal(tricks=(5, 4), points=(80, 80), jo_jotte=E),
        None,
        (80, 0),
        (20, 0),
        "declarer",
        0,
    ),
    (
        "Jo-Jotte outside the total: 80 = 80 is a tie, Jo-Jotte still 20 above",
        deal(tricks=(5, 4), points=(80, 80), jo_jotte=E),
        {"jo_jotte_in_total": False},
        (0, 0),
        (20, 0),
        "tie",
        160,
    ),
    (
        "the opponent's Jo-Jotte ties it: 90 = 70 + 20; Op 20 above",
        deal(tricks=(5, 4), points=(90, 70), jo_jotte=J),
        None,
        (0, 0),
        (0, 20),
        "tie",
        160,
    ),
    (
        "example 1: sequence 20 + Jo-Jotte 20: totals 140 vs 60",
        deal(melds={E: [seq(3, "K", "hearts")]}, jo_jotte=E),
        None,
        (100, 0),
        (40, 0),
        "declarer",
        0,
    ),
    (
        "Josephine declares and wins: own 110 below",
        deal(J, tricks=(3, 6), points=(50, 110)),
        None,
        (0, 110),
        (0, 0),
        "declarer",
        0,
    ),
    (
        "Josephine declares doubled and loses: Ely (90 + 70) × 2 = 320",
        deal(J, tricks=(5, 4), points=(90, 70), double=2),
        None,
        (320, 0),
        (0, 0),
        "opponent",
        0,
    ),
]


@pytest.mark.parametrize(
    ("entry", "options", "below", "above", "result", "pot"),
    [pytest.param(*case[1:], id=case[0]) for case in NORMAL],
)
def test_it_scores_a_normal_deal(entry, options, below, above, result, pot):
    out = one(entry, options)
    assert sheet(out) == (below, above, result, pot)
    assert out["scores"] == {E: below[0] + above[0], J: below[1] + above[1]}


# -- melds: quartets and sequences ----------------------------------------------------------------

MELDS = [
    # (id, contract, melds, above Ely, above Josephine); melds go above whatever the result
    ("one quartet: 100", "spades", {E: [quartet("K")]}, 100, 0),
    ("two quartets of the best holder: 200", "spades", {E: [quartet("J"), quartet("Q")]}, 200, 0),
    ("in a suit the 9s beat the Aces", "spades", {E: [quartet("A")], J: [quartet("9")]}, 0, 100),
    ("at no trump the Aces beat the 9s", "no-trump", {E: [quartet("A")], J: [quartet("9")]}, 100, 0),
    ("in a suit the 10s beat the Kings", "hearts", {E: [quartet("K")], J: [quartet("10")]}, 0, 100),
    ("at no trump the 10s beat the Kings", "no-trump", {E: [quartet("K")], J: [quartet("10")]}, 0, 100),
    (
        "in a suit the Jacks win: all his quartets score, 200",
        "clubs",
        {E: [quartet("J"), quartet("Q")], J: [quartet("A")]},
        200,
        0,
    ),
    (
        "at no trump the Ace wins over Jacks and Queens",
        "no-trump",
        {E: [quartet("J"), quartet("Q")], J: [quartet("A")]},
        0,
        100,
    ),
    ("at no trump the Jacks beat the 9s", "no-trump", {E: [quartet("9")], J: [quartet("J")]}, 0, 100),
    ("sequence of 3: 20", "spades", {E: [seq(3, "Q", "hearts")]}, 20, 0),
    ("sequence of 4: 40", "spades", {E: [seq(4, "10", "hearts")]}, 40, 0),
    ("sequence of 5: 50", "spades", {E: [seq(5, "A", "hearts")]}, 50, 0),
    ("sequence of 8: 50", "spades", {E: [seq(8, "A", "hearts")]}, 50, 0),
    ("the longer sequence wins", "spades", {E: [seq(3, "A", "spades")], J: [seq(4, "10", "clubs")]}, 0, 40),
    (
        "equal length: the higher top wins",
        "spades",
        {E: [seq(3, "A", "hearts")], J: [seq(3, "K", "spades")]},
        20,
        0,
    ),
    (
        "equal length and top: the trump one wins",
        "spades",
        {E: [seq(3, "Q", "hearts")], J: [seq(3, "Q", "spades")]},
        0,
        20,
    ),
    (
        "equal at no trump: neither scores",
        "no-trump",
        {E: [seq(3, "Q", "hearts")], J: [seq(3, "Q", "spades")]},
        0,
        0,
    ),
    (
        "equal, neither in trumps: neither scores",
        "clubs",
        {E: [seq(3, "Q", "hearts")], J: [seq(3, "Q", "spades")]},
        0,
        0,
    ),
    (
        "the best sequence holder scores all of his: 50 + 20 = 70",
        "spades",
        {E: [seq(5, "A", "hearts"), seq(3, "K", "clubs")], J: [seq(4, "A", "diamonds")]},
        70,
        0,
    ),
    (
        "a quartet and a sequence may share a card: 100 + 20",
        "spades",
        {E: [quartet("K"), seq(3, "K", "hearts")]},
        120,
        0,
    ),
    (
        "quartets and sequences are separate classes: 100 to one, 40 to the other",
        "spades",
        {E: [quartet("J")], J: [seq(3, "A", "hearts")]},
        100,
        20,
    ),
    ("empty lists are no melds", "spades", {E: [], J: []}, 0, 0),
]


@pytest.mark.parametrize(
    ("contract", "melds", "ely", "josephine"),
    [pytest.param(*case[1:], id=case[0]) for case in MELDS],
)
def test_it_scores_only_the_best_melds(contract, melds, ely, josephine):
    out = one(deal(contract=contract, points=(130, 30), melds=melds))
    assert out["above"] == {E: ely, J: josephine}


# -- nullo and slam -----------------------------------------------------------------------------

SPECIAL = [
    # (id, entry, below, above, result, pot)
    (
        "nullo made: the bidder (Op) scores 200",
        deal(special="nullo", tricks=(9, 0), points=(160, 0)),
        (0, 0),
        (0, 200),
        "nullo_made",
        160,
    ),
    (
        "nullo failed with 1 trick: Dc 200",
        deal(special="nullo", tricks=(8, 1), points=(150, 10)),
        (0, 0),
        (200, 0),
        "nullo_failed",
        160,
    ),
    (
        "nullo failed with 3 tricks: Dc 200 + 100 + 100 = 400",
        deal(special="nullo", tricks=(6, 3), points=(120, 40)),
        (0, 0),
        (400, 0),
        "nullo_failed",
        160,
    ),
    (
        "nullo failed with all 9 tricks: 200 + 8 × 100 = 1000, no all-tricks bonus",
        deal(special="nullo", tricks=(0, 9), points=(0, 160)),
        (0, 0),
        (1000, 0),
        "nullo_failed",
        160,
    ),
    (
        "nullo ignores the double: 200, pot 160",
        deal(special="nullo", tricks=(9, 0), points=(160, 0), double=4),
        (0, 0),
        (0, 200),
        "nullo_made",
        160,
    ),
    (
        "Josephine declares, Ely bids nullo and makes it: Ely 200",
        deal(J, contract="diamonds", special="nullo", tricks=(0, 9), points=(0, 160)),
        (0, 0),
        (200, 0),
        "nullo_made",
        160,
    ),
    (
        "slam made: 160 below, 500 above, no extra 100",
        deal(special="slam", tricks=(9, 0), points=(160, 0)),
        (160, 0),
        (500, 0),
        "slam_made",
        0,
    ),
    (
        "slam made doubled: 160 × 2 = 320 below, 500 above",
        deal(special="slam", tricks=(9, 0), points=(160, 0), double=2),
        (320, 0),
        (500, 0),
        "slam_made",
        0,
    ),
    (
        "slam failed: Op scores 150 + 10 above",
        deal(special="slam", tricks=(8, 1), points=(150, 10)),
        (0, 0),
        (0, 160),
        "slam_failed",
        0,
    ),
    (
        "slam failed redoubled: still 160 above, not multiplied",
        deal(special="slam", tricks=(8, 1), points=(150, 10), double=4),
        (0, 0),
        (0, 160),
        "slam_failed",
        0,
    ),
    (
        "slam made with Jo-Jotte: 500 + 20 above",
        deal(special="slam", tricks=(9, 0), points=(160, 0), jo_jotte=E),
        (160, 0),
        (520, 0),
        "slam_made",
        0,
    ),
    (
        "slam failed, declarer's Jo-Jotte still 20",
        deal(special="slam", tricks=(7, 2), points=(130, 30), jo_jotte=E),
        (0, 0),
        (20, 160),
        "slam_failed",
        0,
    ),
    (
        "slam at no trump made",
        deal(contract="no-trump", special="slam", tricks=(9, 0), points=(160, 0)),
        (160, 0),
        (500, 0),
        "slam_made",
        0,
    ),
]


@pytest.mark.parametrize(
    ("entry", "below", "above", "result", "pot"),
    [pytest.param(*case[1:], id=case[0]) for case in SPECIAL],
)
def test_it_scores_nullo_and_slam(entry, below, above, result, pot):
    out = one(entry)
    assert sheet(out) == (below, above, result, pot)
    assert out["scores"] == {E: below[0] + above[0], J: below[1] + above[1]}


# -- the pot ------------------------------------------------------------------------------------

TIE = deal(tricks=(4, 5), points=(80, 80))  # pot + 160


def _pot_run(deals, options=None):
    doc = play(deals, options).as_json()
    return [(d["above"][E], d["above"][J], d["pot"]) for d in doc["deals"]], doc["pot"]


def test_it_gives_the_pot_to_the_next_decisive_deals_winner():
    # example 4 then 5: tie (Dc meld 40, pot 160), then Op declares and wins 110 > 50: 110 below, 160 above
    deals = [
        deal(contract="clubs", tricks=(4, 5), points=(60, 100), double=4, melds={E: [seq(4, "A", "hearts")]}),
        deal(J, tricks=(3, 6), points=(50, 110)),
    ]
    doc = play(deals).as_json()
    assert [d["scores"] for d in doc["deals"]] == [{E: 40, J: 0}, {E: 0, J: 270}]
    assert doc["deals"][1]["below"] == {E: 0, J: 110}
    assert doc["deals"][1]["above"] == {E: 0, J: 160}
    assert doc["pot"] == 0


def test_it_holds_the_pot_over_ties_nullos_and_dead_deals():
    deals = [
        TIE,  # pot 160
        deal(special="nullo", tricks=(9, 0), points=(160, 0)),  # Op 200, pot 320
        {"dead": True},  # pot stays 320
        TIE,  # pot 480
        deal(tricks=(4, 5), points=(70, 90)),  # Op wins: 160 below, 480 above
    ]
    rows, pot = _pot_run(deals)
    assert rows == [(0, 0, 160), (0, 200, 320), (0, 0, 320), (0, 0, 480), (0, 480, 0)]
    assert pot == 0


def test_it_lets_a_slam_collect_the_pot_for_its_winner():
    rows, _ = _pot_run([TIE, deal(special="slam", tricks=(8, 1), points=(150, 10))])
    assert rows == [(0, 0, 160), (0, 160 + 160, 0)]  # slam lost: Op 160 above plus the pot 160
    rows, _ = _pot_run([TIE, deal(special="slam", tricks=(9, 0), points=(160, 0))])
    assert rows == [(0, 0, 160), (500 + 160, 0, 0)]


def test_it_gives_the_pot_by_totals_with_melds_and_jo_jotte():
    # Ely 70 + Jo-Jotte 20 = 90 = Josephine 90: a tie, so the pot grows to 320 (Jo-Jotte 20 above)
    rows, _ = _pot_run([TIE, deal(tricks=(4, 5), points=(70, 90), jo_jotte=E)])
    assert rows == [(0, 0, 160), (20, 0, 320)]
    # Ely 70 + sequence 40 = 110 > 90: Ely wins, own 70 below, 40 + the pot 160 above
    rows, _ = _pot_run([TIE, deal(tricks=(4, 5), points=(70, 90), melds={E: [seq(4, "K", "hearts")]})])
    assert rows == [(0, 0, 160), (40 + 160, 0, 0)]


def test_it_multiplies_a_tied_pot_only_when_asked():
    tie = deal(tricks=(4, 5), points=(80, 80), double=2)
    assert _pot_run([tie, tie])[1] == 320
    assert _pot_run([tie, tie], {"pot_multiplied": True})[1] == 640  # 160 × 2 twice
    nullo = deal(special="nullo", tricks=(9, 0), points=(160, 0), double=2)
    assert _pot_run([nullo], {"pot_multiplied": True})[1] == 160  # a nullo is never multiplied


# -- validation ---------------------------------------------------------------------------------

VALID = deal()

ERRORS = [
    # (id, entry, field)
    ("not an object", "dead", None),
    ("unknown key first", {"bonus": 1, "tricks": 3}, "bonus"),
    ("dead not a boolean", {"dead": "yes"}, "dead"),
    ("dead null", {"dead": None}, "dead"),
    ("dead with a declarer", {"dead": True, "declarer": E}, "declarer"),
    ("dead with only melds", {"dead": True, "melds": {}}, "melds"),
    ("dead with the default special", {"dead": True, "special": "none"}, "special"),
    ("dead false needs a declarer", {"dead": False}, "declarer"),
    ("declarer missing", {k: v for k, v in VALID.items() if k != "declarer"}, "declarer"),
    ("declarer not a player", {**VALID, "declarer": "Culbertson"}, "declarer"),
    ("contract missing", {k: v for k, v in VALID.items() if k != "contract"}, "contract"),
    ("contract all-trump", {**VALID, "contract": "all-trump"}, "contract"),
    ("contract capitalised", {**VALID, "contract": "Spades"}, "contract"),
    ("special unknown", {**VALID, "special": "capot"}, "special"),
    ("special null", {**VALID, "special": None}, "special"),
    ("double 3", {**VALID, "double": 3}, "double"),
    ("double a string", {**VALID, "double": "2"}, "double"),
    ("double a float", {**VALID, "double": 2.0}, "double"),
    ("double true", {**VALID, "double": True}, "double"),
    ("tricks missing", {k: v for k, v in VALID.items() if k != "tricks"}, "tricks"),
    ("tricks add up to 8", deal(tricks=(5, 3)), "tricks"),
    ("tricks over 9", deal(tricks=(10, -1)), "tricks"),
    ("tricks a player missing", {**VALID, "tricks": {E: 9}}, "tricks"),
    ("trick_points missing", {k: v for k, v in VALID.items() if k != "trick_points"}, "trick_points"),
    ("trick_points add up to 155", deal(points=(100, 55)), "trick_points"),
    ("trick_points negative", deal(points=(165, -5)), "trick_points"),
    ("trick_points not multiples of 5", deal(points=(102, 58)), "trick_points"),
    ("trick_points for a player with no trick", deal(tricks=(9, 0), points=(150, 10)), "trick_points"),
    ("trick_points a float", deal(points=(100.0, 60)), "trick_points"),
    ("melds not an object", {**VALID, "melds": []}, "melds"),
    ("melds null", {**VALID, "melds": None}, "melds"),
    ("melds key not a player", {**VALID, "melds": {"Culbertson": []}}, "melds"),
    ("meld unknown kind", {**VALID, "melds": {E: [{"meld": "belote"}]}}, "melds"),
    ("meld kind not a string", {**VALID, "melds": {E: [{"meld": ["quartet"], "rank": "J"}]}}, "melds"),
    ("quartet of 8s", {**VALID, "melds": {E: [quartet("8")]}}, "melds"),
    ("quartet of 7s", {**VALID, "melds": {E: [quartet("7")]}}, "melds"),
    ("quartet with an extra key", {**VALID, "melds": {E: [{**quartet("J"), "suit": "hearts"}]}}, "melds"),
    ("sequence of 2", {**VALID, "melds": {E: [seq(2, "A", "hearts")]}}, "melds"),
    ("sequence of 9", {**VALID, "melds": {E: [seq(9, "A", "hearts")]}}, "melds"),
    (
        "sequence headed by J of 6 does not fit (J is at 3; 3 + 6 > 8)",
        {**VALID, "melds": {E: [seq(6, "J", "hearts")]}},
        "melds",
    ),
    ("sequence headed by 8 of 3 does not fit", {**VALID, "melds": {E: [seq(3, "8", "hearts")]}}, "melds"),
    ("sequence at no trump suit", {**VALID, "melds": {E: [seq(3, "A", "no-trump")]}}, "melds"),
    (
        "sequence missing a key",
        {**VALID, "melds": {E: [{"meld": "sequence", "length": 3, "top": "A"}]}},
        "melds",
    ),
    ("melds on a nullo", deal(special="nullo", melds={E: [quartet("J")]}), "melds"),
    (
        "melds on a slam",
        deal(special="slam", tricks=(9, 0), points=(160, 0), melds={E: [quartet("J")]}),
        "melds",
    ),
    ("the same quartet twice", {**VALID, "melds": {E: [quartet("J"), quartet("J")]}}, "melds"),
    (
        "own sequences share a card (A-K-Q and Q-J-10 of hearts)",
        {**VALID, "melds": {E: [seq(3, "A", "hearts"), seq(3, "Q", "hearts")]}},
        "melds",
    ),
    ("both players' quartet of Jacks", {**VALID, "melds": {E: [quartet("J")], J: [quartet("J")]}}, "melds"),
    (
        "a quartet and the other player's sequence share a card",
        {**VALID, "melds": {E: [quartet("J")], J: [seq(3, "K", "hearts")]}},
        "melds",
    ),
    (
        "both players' sequences share a card",
        {**VALID, "melds": {E: [seq(3, "A", "hearts")], J: [seq(3, "Q", "hearts")]}},
        "melds",
    ),
    ("jo_jotte not a player", {**VALID, "jo_jotte": "Jo"}, "jo_jotte"),
    ("jo_jotte at no trump", deal(contract="no-trump", jo_jotte=E), "jo_jotte"),
    ("jo_jotte on a nullo in a suit", deal(special="nullo", jo_jotte=J), "jo_jotte"),
    ("jo_jotte on a nullo at no trump", deal(contract="no-trump", special="nullo", jo_jotte=J), "jo_jotte"),
    (
        "the first failing field in order wins",
        deal(tricks=(5, 5), points=(1, 1), jo_jotte="x", melds={"y": []}),
        "tricks",
    ),
]


@pytest.mark.parametrize(("entry", "field"), [pytest.param(*case[1:], id=case[0]) for case in ERRORS])
def test_it_rejects_a_bad_entry_on_the_right_field(entry, field):
    assert error_of([VALID, entry]) == (1, field)


@pytest.mark.parametrize(
    "entry",
    [
        pytest.param({"dead": True}, id="a dead deal"),
        pytest.param({**VALID, "dead": False}, id="dead false with fields"),
        pytest.param(deal(special="nullo", melds={E: [], J: []}), id="empty meld lists on a nullo"),
        pytest.param(
            deal(special="slam", tricks=(9, 0), points=(160, 0), jo_jotte=J), id="jo_jotte on a slam"
        ),
        pytest.param(deal(points=(100, 60), jo_jotte=None), id="jo_jotte null"),
        pytest.param(
            {**VALID, "melds": {E: [seq(3, "A", "hearts")], J: [seq(3, "J", "hearts")]}},
            id="sequences of one suit that do not touch",
        ),
        pytest.param({**VALID, "melds": {E: [seq(4, "10", "hearts")]}}, id="10-9-8-7 fits exactly"),
        pytest.param(deal(tricks=(9, 0), points=(160, 0)), id="0 tricks with 0 points"),
        pytest.param(deal(special="nullo", contract="no-trump"), id="nullo replacing no trump"),
    ],
)
def test_it_accepts_the_edges(entry):
    assert play([entry]).as_json()["deals"][0]["result"]


@pytest.mark.parametrize(
    ("total", "points", "field"),
    [
        (162, (102, 60), None),  # 162: multiples of 5 are not checked
        (162, (100, 60), "trick_points"),
        (165, (100, 65), None),
        (165, (100, 60), "trick_points"),
        (165, (102, 63), "trick_points"),
        (160, (100, 60), None),
    ],
)
def test_it_checks_trick_points_against_the_chosen_total(total, points, field):
    options = {"trick_points_total": total}
    if field is None:
        assert play([deal(points=points)], options).as_json()["deals"][0]["below"][E] == points[0]
    else:
        assert error_of([deal(points=points)], options) == (0, field)


# -- options ------------------------------------------------------------------------------------


def test_it_echoes_the_default_options():
    assert play([]).as_json()["options"] == {
        "trick_points_total": 160,
        "jo_jotte_in_total": True,
        "pot_multiplied": False,
        "target": 80,
        "rubber_bonus": 300,
        "winner_by": "games",
        "first_dealer": E,
    }


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"trick_points_total": 161}, "trick_points_total"),
        ({"trick_points_total": 160.0}, "trick_points_total"),
        ({"jo_jotte_in_total": "no"}, "jo_jotte_in_total"),
        ({"pot_multiplied": 1}, "pot_multiplied"),
        ({"target": 0}, "target"),
        ({"target": None}, "target"),
        ({"rubber_bonus": -1}, "rubber_bonus"),
        ({"winner_by": "score"}, "winner_by"),
        ({"first_dealer": "Culbertson"}, "first_dealer"),
        ({"first_dealer": 0}, "first_dealer"),
        ({"preset": "parlett"}, "preset"),
        ({"deals": 4}, "deals"),
    ],
)
def test_it_rejects_a_bad_option(options, field):
    with pytest.raises(OptionError) as caught:
        play([], options)
    assert (caught.value.deal, caught.value.field) == (None, field)


@pytest.mark.parametrize("sides", [["Ely"], ["Ely", "Josephine", "Jo"], ["Ely", "Ely"], ["Ely", " "]])
def test_it_needs_two_players(sides):
    with pytest.raises(GameError) as caught:
        GAME.replay(None, sides, [])
    assert caught.value.field == "sides"


# -- games, rubber, dealer ----------------------------------------------------------------------


def test_it_starts_with_game_one_in_progress():
    doc = play([]).as_json()
    assert doc["games"] == [{"number": 1, "below": {E: 0, J: 0}, "winner": None}]
    assert doc["pot"] == 0
    assert doc["outcome"] == {"finished": False, "winner": None, "draw": False, "games_won": {E: 0, J: 0}}
    assert doc["next_dealer"] == E
    assert doc["next_deal"] == {"dealer": E}


def test_it_adds_up_below_the_line_until_the_target():
    deals = [
        deal(tricks=(4, 5), points=(75, 85), melds={E: [quartet("J")]}),  # 175 > 85: Ely 75 below
        deal(tricks=(1, 8), points=(5, 155), melds={E: [quartet("J"), quartet("9")]}),  # 205 > 155: 5 below
    ]
    state = play(deals[:1])
    doc = state.as_json()
    assert doc["games"] == [{"number": 1, "below": {E: 75, J: 0}, "winner": None}]
    assert doc["deals"][0]["game"] == 1
    doc = state.play(deals[1]).as_json()  # 75 + 5 = 80: game 1 to Ely
    assert doc["games"] == [
        {"number": 1, "below": {E: 80, J: 0}, "winner": E},
        {"number": 2, "below": {E: 0, J: 0}, "winner": None},
    ]
    assert doc["deals"][1]["game"] == 1
    assert doc["outcome"]["games_won"] == {E: 1, J: 0}
    assert doc["totals"] == {E: 75 + 100 + 5 + 200, J: 0}  # above-the-line scores stay


def test_it_plays_a_rubber_of_two_games_and_refuses_more():
    deals = [
        deal(),  # Ely 100 below: game 1 to Ely
        deal(J, tricks=(3, 6), points=(50, 110)),  # Josephine 110: game 2 to Josephine
        deal(tricks=(5, 4), points=(60, 100), double=2),  # Op wins doubled: Josephine 320, game 3 below
        deal(),  # one deal too many
    ]
    state = play(deals[:3])
    doc = state.as_json()
    assert doc["outcome"]["games_won"] == {E: 1, J: 2}
    assert doc["outcome"]["finished"] is True
    assert doc["outcome"]["winner"] == J
    # the rubber-winning deal: 320 below + 300 above
    assert doc["deals"][2]["scores"] == {E: 0, J: 620}
    assert doc["deals"][2]["above"] == {E: 0, J: 300}
    assert doc["deals"][2]["game"] == 3
    assert doc["totals"] == {E: 100, J: 110 + 620}
    assert doc["games"] == [
        {"number": 1, "below": {E: 100, J: 0}, "winner": E},
        {"number": 2, "below": {E: 0, J: 110}, "winner": J},
        {"number": 3, "below": {E: 0, J: 320}, "winner": J},
    ]
    assert doc["next_dealer"] is None
    assert doc["next_deal"] is None
    with pytest.raises(IllegalDealError) as caught:
        state.play(deals[3])
    assert (caught.value.deal, caught.value.field) == (3, None)


def test_it_ends_a_two_nil_rubber_with_the_bonus():
    doc = play([deal(), deal()]).as_json()  # Ely 100 below each time
    assert [d["scores"] for d in doc["deals"]] == [{E: 100, J: 0}, {E: 400, J: 0}]
    assert doc["outcome"] == {"finished": True, "winner": E, "draw": False, "games_won": {E: 2, J: 0}}
    assert len(doc["games"]) == 2


def test_it_uses_the_target_and_rubber_bonus_options():
    options = {"target": 200, "rubber_bonus": 0}
    state = play([deal(), deal()], options)  # 100 + 100 = 200: game 1 only
    assert state.as_json()["outcome"]["games_won"] == {E: 1, J: 0}
    doc = state.play(deal(double=2)).as_json()  # 320 ≥ 200: game 2 and the rubber, bonus 0
    assert doc["deals"][2]["scores"] == {E: 320, J: 0}
    assert doc["outcome"]["winner"] == E
    assert doc["totals"] == {E: 520, J: 0}


def test_it_picks_the_winner_by_points_when_asked():
    deals = [
        deal(),  # Ely 100 below: game 1
        deal(J, special="nullo", tricks=(9, 0), points=(160, 0)),  # Ely bid nullo, took 9: Jo 1000, pot 160
        deal(contract="hearts"),  # Ely 100 below + pot 160 + rubber bonus
    ]
    by_games = play(deals).as_json()
    assert by_games["totals"] == {E: 100 + 100 + 160 + 300, J: 1000}
    assert by_games["outcome"]["winner"] == E
    by_points = play(deals, {"winner_by": "points"}).as_json()
    assert by_points["outcome"] == {"finished": True, "winner": J, "draw": False, "games_won": {E: 2, J: 0}}
    # rubber bonus 640: 100 + 100 + 160 + 640 = 1000 = 1000, a draw
    draw = play(deals, {"winner_by": "points", "rubber_bonus": 640}).as_json()
    assert draw["totals"] == {E: 1000, J: 1000}
    assert draw["outcome"] == {"finished": True, "winner": None, "draw": True, "games_won": {E: 2, J: 0}}


def test_it_alternates_the_deal_dead_deals_included():
    doc = play([{"dead": True}, {"dead": True}, deal(points=(60, 100), tricks=(4, 5))]).as_json()
    assert [d["dealer"] for d in doc["deals"]] == [E, J, E]
    assert [d["result"] for d in doc["deals"]] == ["dead", "dead", "opponent"]
    assert doc["deals"][0] == {
        "number": 1,
        "dealer": E,
        "scores": {E: 0, J: 0},
        "breakdown": doc["deals"][0]["breakdown"],
        "running_totals": {E: 0, J: 0},
        "below": {E: 0, J: 0},
        "above": {E: 0, J: 0},
        "result": "dead",
        "game": 1,
        "pot": 0,
    }
    assert doc["next_dealer"] == J
    doc = play([{"dead": True}], {"first_dealer": J}).as_json()
    assert doc["deals"][0]["dealer"] == J
    assert doc["next_deal"] == {"dealer": E}


# -- golden sheets, CLI, robustness -------------------------------------------------------------


def _golden():
    return sorted((DATA / "jo-jotte").glob("*.json"))


@pytest.mark.parametrize("path", _golden(), ids=lambda p: p.stem)
def test_it_replays_the_golden_sheet(path):
    case = json.loads(path.read_text())
    out = io.StringIO()
    code = main(["score", "jo-jotte", *case["args"]], io.StringIO(json.dumps(case["match"])), out)
    assert code == 0
    doc = json.loads(out.getvalue())
    for d in doc["deals"]:
        d.pop("breakdown")
    assert doc == case["expect"]


def test_it_has_at_least_three_golden_sheets():
    assert len(_golden()) >= 3


def test_it_prints_an_error_document_with_exit_code_2():
    out = io.StringIO()
    match = {"sides": SIDES, "deals": [TIE, deal(contract="no-trump", jo_jotte=E)]}
    assert main(["score", "jo-jotte"], io.StringIO(json.dumps(match)), out) == 2
    error = json.loads(out.getvalue())["error"]
    assert (error["deal"], error["field"]) == (1, "jo_jotte")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 200) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
MELD_ISH = st.fixed_dictionaries(
    {"meld": st.sampled_from(["quartet", "sequence", "x"])},
    optional={
        "rank": st.sampled_from(["J", "9", "A", "8"]) | JSON,
        "length": st.integers(0, 10) | JSON,
        "top": st.sampled_from(["A", "K", "J", "7"]) | JSON,
        "suit": st.sampled_from(["hearts", "spades"]) | JSON,
    },
)
FIELDS = st.sampled_from(
    ["dead", "declarer", "contract", "special", "double", "tricks", "trick_points", "melds", "jo_jotte"]
)
VALUES = st.one_of(
    JSON,
    st.sampled_from([E, J, "spades", "no-trump", "nullo", "slam", 1, 2, 4, True]),
    st.dictionaries(st.sampled_from(SIDES), st.integers(0, 160) | JSON, max_size=2),
    st.dictionaries(st.sampled_from(SIDES), st.lists(MELD_ISH, max_size=3), max_size=2),
)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(FIELDS, VALUES, max_size=9),
    st.dictionaries(
        st.sampled_from(["target", "rubber_bonus", "winner_by", "trick_points_total", "x"]), JSON, max_size=3
    ),
)
def test_it_raises_only_game_errors_for_any_json(entry, options):
    for opts in (None, options):
        with contextlib.suppress(GameError):
            play([VALID, entry, entry], opts).as_json()


# -- review ---------------------------------------------------------------------------------------
# A second reading of jo-jotte.md, sentence by sentence. Every number is worked out by hand from the
# spec; the whole matches go through the real command line (`python -m games score jo-jotte`).


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        # "With true, no other field may be present (the error names the first other field, in this
        # table's order)." An error names a field through its "field" key (docs/games/README.md §7).
        pytest.param({"dead": True, "declarer": E}, "declarer", id="dead with a declarer"),
        pytest.param({"dead": True, "melds": {}}, "melds", id="dead with only melds"),
        pytest.param({"dead": True, "special": "none"}, "special", id="dead with the default special"),
        pytest.param({"dead": True, "jo_jotte": None}, "jo_jotte", id="dead with jo_jotte null"),
        pytest.param(
            {"dead": True, "jo_jotte": E, "tricks": {E: 9, J: 0}, "double": 2},
            "double",
            id="dead with several fields: double comes first in the table",
        ),
        pytest.param({"dead": True, "contract": "stars"}, "contract", id="dead with a bad contract"),
        pytest.param({"dead": True, "declarer": E, "zzz": 1}, "zzz", id="an unknown key still comes first"),
        pytest.param({"dead": 1, "declarer": E}, "dead", id="dead not a boolean is on dead"),
    ],
)
def test_a_dead_deal_names_the_first_other_field(entry, field):
    assert error_of([VALID, entry]) == (1, field)


@pytest.mark.slow  # python -m games in a subprocess
def test_a_dead_deal_error_through_the_command_line():
    run = run_cli(["score", "jo-jotte"], {"sides": SIDES, "deals": [{"dead": True, "tricks": {E: 9, J: 0}}]})
    assert run.code == 2
    assert (run.doc["error"]["deal"], run.doc["error"]["field"]) == (0, "tricks")


# A hand-made rubber with a tie, a nullo, a dead deal and a lost slam, target 100, Josephine deals first.
REVIEW_OPTIONS = {"target": 100, "first_dealer": J, "pot_multiplied": True, "rubber_bonus": 200}
REVIEW_RUBBER = [
    # Ely plays spades doubled; tricks 4/5; Ely 75 + tierce 20 = 95, Josephine 85 + Jo-Jotte 20 = 105:
    # the opponent wins: (75 + 85) × 2 = 320 below Josephine (game 1 to her); above Ely 20, Josephine 20.
    {
        "declarer": E,
        "contract": "spades",
        "double": 2,
        "tricks": {E: 4, J: 5},
        "trick_points": {E: 75, J: 85},
        "melds": {E: [seq(3, "Q", "hearts")]},
        "jo_jotte": J,
    },
    # Josephine plays hearts redoubled; Ely 90, Josephine 70 + Jo-Jotte 20 = 90: a tie. Nobody below;
    # pot_multiplied: 160 × 4 = 640 into the pot. Josephine 20 above.
    {
        "declarer": J,
        "contract": "hearts",
        "double": 4,
        "tricks": {E: 5, J: 4},
        "trick_points": {E: 90, J: 70},
        "jo_jotte": J,
    },
    # Josephine's nullo against Ely's clubs; she took 2 tricks: Ely 200 + 100 = 300 above; pot + 160 = 800.
    {
        "declarer": E,
        "contract": "clubs",
        "special": "nullo",
        "tricks": {E: 7, J: 2},
        "trick_points": {E: 140, J: 20},
    },
    # dead: the pot waits.
    {"dead": True},
    # Ely's slam at no trump, doubled, fails with 8 tricks: Josephine scores 150 + 10 = 160 above (not
    # doubled) and collects the pot of 800: 960 above, nothing below.
    {
        "declarer": E,
        "contract": "no-trump",
        "special": "slam",
        "double": 2,
        "tricks": {E: 8, J: 1},
        "trick_points": {E: 150, J: 10},
    },
    # Josephine plays diamonds and takes all 9 tricks: 160 below (game 2, the rubber 2-0), 100 above for
    # all the tricks and the rubber bonus 200 above.
    {"declarer": J, "contract": "diamonds", "tricks": {E: 0, J: 9}, "trick_points": {E: 0, J: 160}},
]


@pytest.mark.slow  # python -m games in a subprocess
def test_a_hand_made_rubber_through_the_command_line():
    run = run_cli(["score", "jo-jotte"], {"sides": SIDES, "options": REVIEW_OPTIONS, "deals": REVIEW_RUBBER})
    assert run.code == 0, run
    doc = run.doc
    zero = {E: 0, J: 0}
    assert [(d["below"], d["above"], d["result"], d["game"], d["pot"]) for d in doc["deals"]] == [
        ({E: 0, J: 320}, {E: 20, J: 20}, "opponent", 1, 0),
        (zero, {E: 0, J: 20}, "tie", 2, 640),
        (zero, {E: 300, J: 0}, "nullo_failed", 2, 800),
        (zero, zero, "dead", 2, 800),
        (zero, {E: 0, J: 960}, "slam_failed", 2, 0),
        ({E: 0, J: 160}, {E: 0, J: 300}, "declarer", 2, 0),
    ]
    assert [d["scores"] for d in doc["deals"]] == [
        {E: 20, J: 340},
        {E: 0, J: 20},
        {E: 300, J: 0},
        zero,
        {E: 0, J: 960},
        {E: 0, J: 460},
    ]
    assert [d["dealer"] for d in doc["deals"]] == [J, E, J, E, J, E]
    assert doc["totals"] == {E: 320, J: 1780}
    assert doc["outcome"] == {"finished": True, "winner": J, "draw": False, "games_won": {E: 0, J: 2}}
    assert doc["games"] == [
        {"number": 1, "below": {E: 0, J: 320}, "winner": J},
        {"number": 2, "below": {E: 0, J: 160}, "winner": J},
    ]
    assert doc["pot"] == 0
    assert doc["next_dealer"] is None
    assert doc["next_deal"] is None


@pytest.mark.slow  # python -m games in a subprocess
def test_winner_by_points_can_differ_from_the_rubber_winner():
    deals = [
        # Ely 100 > 60: 100 below, game 1 to Ely.
        deal(E, "spades", (6, 3), (100, 60)),
        # Josephine's nullo against Ely's hearts, no trick taken: Josephine 200 above; pot 160.
        deal(E, "hearts", (9, 0), (160, 0), special="nullo"),
        # Josephine plays clubs: 110 + quartet of Jacks 100 = 210 > 50: 110 below (game 2 to her),
        # 100 above and the pot of 160: 370.
        deal(J, "clubs", (3, 6), (50, 110), melds={J: [quartet("J")]}),
        # Another nullo made by Josephine: 200 above; pot 160.
        deal(E, "hearts", (9, 0), (160, 0), special="nullo"),
        # Ely plays diamonds: 80 + Jo-Jotte 20 = 100 > 80: 80 below (game 3, the rubber 2-1), Jo-Jotte 20,
        # the pot 160 and the rubber bonus 100 above: 360.
        deal(E, "diamonds", (5, 4), (80, 80), jo_jotte=E),
    ]
    match = {"sides": SIDES, "options": {"rubber_bonus": 100}, "deals": deals}
    by_points = run_cli(["score", "jo-jotte", "--option", "winner_by=points"], match).doc
    assert [d["scores"] for d in by_points["deals"]] == [
        {E: 100, J: 0},
        {E: 0, J: 200},
        {E: 0, J: 370},
        {E: 0, J: 200},
        {E: 360, J: 0},
    ]
    assert [d["game"] for d in by_points["deals"]] == [1, 2, 2, 3, 3]
    assert by_points["totals"] == {E: 460, J: 770}
    assert by_points["outcome"] == {"finished": True, "winner": J, "draw": False, "games_won": {E: 2, J: 1}}
    assert [g["winner"] for g in by_points["games"]] == [E, J, E]
    by_games = run_cli(["score", "jo-jotte"], match).doc
    assert by_games["outcome"]["winner"] == E
