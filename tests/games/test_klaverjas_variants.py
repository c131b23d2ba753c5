"""Klaverjas club variants (docs/games/klaverjas.md, "Club variants"): kraken and the kraak field,
the revoke bonus and the nat test on card points alone, clause by clause.

Every expected number was worked out by hand (the arithmetic is in the ids or the comments), never
copied from the program's output.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import IllegalDealError, OptionError, find_game
from games.schema import entry_schema
from tests.games.cli_support import run_cli
from tests.games.test_klaverjas import entry

GAME = find_game("klaverjas")
SIDES = ["Wij", "Zij"]
KRAAK = {"none": 1, "kraak": 2, "rekraak": 4, "superkraak": 8}


def one(deal, options=None):
    return GAME.replay(options, SIDES, [deal]).as_json()["deals"][0]


def scores(deal, options=None):
    got = one(deal, options)["scores"]
    return got["Wij"], got["Zij"]


def refused(deal, options=None):
    with pytest.raises(IllegalDealError) as caught:
        GAME.replay(options, SIDES, [deal])
    return caught.value.deal, caught.value.field


# -- kraken = whole_score: every score of rules 1-3 times k ------------------------------------------

WHOLE = {"kraken": "whole_score"}
CARDS = {"kraken": "card_points"}

KRAKEN = [
    # (id, entry, options, Wij, Zij)
    ("whole: made 100/62 kraak: 200 / 124", entry(wij=100, zij=62, kraak="kraak"), WHOLE, 200, 124),
    (
        "whole: made with roem 92+20 / 70, rekraak: 112 x 4 = 448 / 70 x 4 = 280",
        entry(wij=92, zij=70, roem={"Wij": ["stuk"]}, kraak="rekraak"),
        WHOLE,
        448,
        280,
    ),
    (
        "whole: pit 162 + 20 + 100 = 282, kraak: 564",
        entry(wij=162, zij=0, roem={"Wij": ["run3"]}, pit="Wij", kraak="kraak"),
        WHOLE,
        564,
        0,
    ),
    (
        "whole: nat 60/102 superkraak: 162 x 8 = 1296",
        entry(wij=60, zij=102, kraak="superkraak"),
        WHOLE,
        0,
        1296,
    ),
    (
        "whole: nat with all roem 70/92, Wij run3, Zij stuk, kraak: (162 + 40) x 2 = 404",
        entry(wij=70, zij=92, roem={"Wij": ["run3"], "Zij": ["stuk"]}, kraak="kraak"),
        WHOLE,
        0,
        404,
    ),
    (
        "whole: defence pit 0/162 Zij run3, rekraak: (162 + 20 + 100) x 4 = 1128",
        entry(wij=0, zij=162, roem={"Zij": ["run3"]}, pit="Zij", kraak="rekraak"),
        WHOLE,
        0,
        1128,
    ),
    (
        "whole: defence pit without the bonus: (162 + 20) x 4 = 728",
        entry(wij=0, zij=162, roem={"Zij": ["run3"]}, pit="Zij", kraak="rekraak"),
        {**WHOLE, "defence_pit_bonus": False},
        0,
        728,
    ),
    (
        "whole: revoke by Zij with roem Wij stuk, kraak: (162 + 20) x 2 = 364",
        entry(verzaakt="Zij", roem={"Wij": ["stuk"]}, kraak="kraak"),
        WHOLE,
        364,
        0,
    ),
    # kraken = card_points: only the card points times k
    ("cards: made 100/62 kraak: 200 / 124", entry(wij=100, zij=62, kraak="kraak"), CARDS, 200, 124),
    (
        "cards: made with roem 92/70 Wij stuk, rekraak: 92 x 4 + 20 = 388 / 280",
        entry(wij=92, zij=70, roem={"Wij": ["stuk"]}, kraak="rekraak"),
        CARDS,
        388,
        280,
    ),
    (
        "cards: pit 162 + run3, superkraak: 162 x 8 + 20 + 100 = 1416",
        entry(wij=162, zij=0, roem={"Wij": ["run3"]}, pit="Wij", kraak="superkraak"),
        CARDS,
        1416,
        0,
    ),
    (
        "cards: defence pit 0/162 Zij run3, kraak: 324 + 20 + 100 = 444",
        entry(wij=0, zij=162, roem={"Zij": ["run3"]}, pit="Zij", kraak="kraak"),
        CARDS,
        0,
        444,
    ),
    (
        "cards: revoke by Wij, roem Zij run4, superkraak: 162 x 8 + 50 = 1346",
        entry(verzaakt="Wij", roem={"Zij": ["run4"]}, kraak="superkraak"),
        CARDS,
        0,
        1346,
    ),
    # kraak none under either mode: the plain score
    ("whole, no kraak: 92 + 20 / 70", entry(wij=92, zij=70, roem={"Wij": ["stuk"]}), WHOLE, 112, 70),
    (
        "cards, kraak none given: 92 + 20 / 70",
        entry(wij=92, zij=70, roem={"Wij": ["stuk"]}, kraak="none"),
        CARDS,
        112,
        70,
    ),
]


@pytest.mark.parametrize(("case", "deal", "options", "wij", "zij"), KRAKEN, ids=[c[0] for c in KRAKEN])
def test_it_multiplies_a_kraakt_deal_as_its_kraken_option_says(case, deal, options, wij, zij):
    assert scores(deal, options) == (wij, zij)


def test_it_decides_a_kraakt_deal_on_the_undoubled_points():
    # 81/81 with a kraak: undoubled a tie, so nat; doubling both sides' points changes nothing.
    deal = one(entry(wij=81, zij=81, kraak="kraak"), CARDS)

    assert deal["result"] == "nat"
    assert deal["scores"] == {"Wij": 0, "Zij": 324}


def test_it_reports_the_undoubled_roem_points():
    deal = one(entry(wij=92, zij=70, roem={"Wij": ["stuk"]}, kraak="superkraak"), WHOLE)

    assert deal["roem_points"] == {"Wij": 20, "Zij": 0}
    assert deal["result"] == "made"


# -- the kraak field -----------------------------------------------------------------------------------


def test_it_refuses_a_kraak_while_kraken_is_off():
    assert refused(entry(wij=92, zij=70, kraak="kraak")) == (0, "kraak")


@pytest.mark.parametrize("options", [None, {"kraken": "off"}, {"preset": "rotterdam"}])
def test_it_accepts_kraak_none_while_kraken_is_off(options):
    assert scores(entry(wij=92, zij=70, kraak="none"), options) == (92, 70)


@pytest.mark.parametrize("value", ["double", "Kraak", 2, None, True, ["kraak"]])
def test_it_refuses_a_kraak_that_is_not_one_of_the_four_words(value):
    assert refused(entry(wij=92, zij=70, kraak=value), WHOLE) == (0, "kraak")


def test_it_checks_kraak_after_the_other_fields():
    # The spec lists kraak last: a bad points total is reported first.
    assert refused(entry(wij=92, zij=69, kraak="bogus"), WHOLE) == (0, "points")


def test_it_offers_the_kraak_field_only_while_kraken_is_on():
    names = [f.name for f in GAME.entry_fields({"kraken": "off"})]
    assert "kraak" not in names
    for mode in ("whole_score", "card_points"):
        assert [f.name for f in GAME.entry_fields({"kraken": mode})][-1] == "kraak"


def test_it_narrows_the_schema_of_kraak_to_none_while_kraken_is_off():
    off = entry_schema(type(GAME), GAME.resolve_options(tuple(SIDES)).options)
    on = entry_schema(type(GAME), GAME.resolve_options(tuple(SIDES), WHOLE).options)

    assert off["properties"]["kraak"]["const"] == "none"
    assert on["properties"]["kraak"]["enum"] == ["none", "kraak", "rekraak", "superkraak"]


@pytest.mark.slow  # python -m games in a subprocess
def test_it_prints_the_exact_schema_for_given_options_from_the_command_line():
    run = run_cli(["schema", "klaverjas", "--option", "kraken=card_points", "--preset", "parlett"])

    assert run.code == 0, run.doc
    assert run.doc["entry"]["properties"]["kraak"]["enum"] == ["none", "kraak", "rekraak", "superkraak"]
    assert run.doc["effective_options"]["kraken"] == "card_points"
    assert run.doc["effective_options"]["four_jacks"] == 100
    assert run.doc["table"] == {"seats": 4, "sides": {"min": 2, "max": 2}, "partnerships": True}


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"kraken": "on"}, "kraken"),
        ({"kraken": True}, "kraken"),
        ({"nat_test": "roem"}, "nat_test"),
        ({"revoke_bonus": 50}, "revoke_bonus"),
        ({"revoke_bonus": 100.0}, "revoke_bonus"),
        ({"revoke_bonus": "100"}, "revoke_bonus"),
    ],
)
def test_it_refuses_a_variant_option_outside_its_values(options, field):
    with pytest.raises(OptionError) as caught:
        GAME.new_match(SIDES, options)
    assert caught.value.field == field


# -- revoke_bonus -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "wij", "zij"),
    [
        # Zij revoke: Wij 162 + all roem 20 + 40 + 100
        (entry(wij=100, zij=62, roem={"Wij": ["run3"], "Zij": ["run3", "stuk"]}, verzaakt="Zij"), 322, 0),
        # the playing side Wij revokes: Zij 162 + 0 + 100, the same bonus
        (entry(verzaakt="Wij"), 0, 262),
        # Zij play and revoke, Zij's own roem goes over: 162 + 20 + 100
        (entry(playing="Zij", verzaakt="Zij", roem={"Zij": ["run3"]}), 282, 0),
    ],
)
def test_it_adds_the_revoke_bonus_whichever_side_revoked(deal, wij, zij):
    assert scores(deal, {"revoke_bonus": 100}) == (wij, zij)


def test_it_leaves_made_and_nat_deals_alone_with_a_revoke_bonus():
    assert scores(entry(wij=92, zij=70), {"revoke_bonus": 100}) == (92, 70)
    assert scores(entry(wij=70, zij=92), {"revoke_bonus": 100}) == (0, 162)


def test_it_doubles_the_revoke_bonus_only_with_the_whole_score():
    deal = entry(verzaakt="Wij", kraak="kraak")

    assert scores(deal, {"revoke_bonus": 100, **WHOLE}) == (0, 524)  # (162 + 100) x 2
    assert scores(deal, {"revoke_bonus": 100, **CARDS}) == (0, 424)  # 162 x 2 + 100


# -- nat_test = card_points ---------------------------------------------------------------------------

CARD_TEST = {"nat_test": "card_points"}


@pytest.mark.parametrize(
    ("deal", "wij", "zij", "result"),
    [
        # 75 < 87: nat although 75 + 50 > 87; the run4 goes to Zij: 162 + 50
        (entry(wij=75, zij=87, roem={"Wij": ["run4"]}), 0, 212, "nat"),
        # 85 > 77: made although 85 < 77 + 100; each keeps its own roem
        (entry(wij=85, zij=77, roem={"Zij": ["four_of_a_kind"]}), 85, 177, "made"),
        # 82 > 80 by card points alone: made
        (entry(wij=82, zij=80), 82, 80, "made"),
        # 81 = 81: a tie is nat, Wij's stuk goes over: 162 + 20
        (entry(wij=81, zij=81, roem={"Wij": ["stuk"]}), 0, 182, "nat"),
        # Zij play 40/122 with Wij's run3: 122 > 40 made, Wij keeps 40 + 20
        (entry(playing="Zij", wij=40, zij=122, roem={"Wij": ["run3"]}), 60, 122, "made"),
    ],
)
def test_it_decides_nat_on_card_points_alone(deal, wij, zij, result):
    got = one(deal, CARD_TEST)

    assert (got["scores"]["Wij"], got["scores"]["Zij"], got["result"]) == (wij, zij, result)


def test_it_combines_the_card_point_test_with_card_point_kraken():
    # 85/77, Zij four of a kind, rekraak: made on cards; Wij 85 x 4 = 340, Zij 77 x 4 + 100 = 408
    deal = entry(wij=85, zij=77, roem={"Zij": ["four_of_a_kind"]}, kraak="rekraak")

    assert scores(deal, {**CARD_TEST, **CARDS}) == (340, 408)


# -- properties ----------------------------------------------------------------------------------------

ROEM = st.lists(st.sampled_from(["run3", "run4", "four_of_a_kind"]), max_size=2)


@st.composite
def plain_deals(draw):
    """A made or nat deal (no revoke), with some roem and perhaps a pit."""
    wij = draw(st.integers(0, 162))
    deal = entry(playing=draw(st.sampled_from(SIDES)), wij=wij, zij=162 - wij)
    roem = {side: draw(ROEM) for side in SIDES}
    if wij == 162 and draw(st.booleans()):
        deal["pit"], roem["Zij"] = "Wij", []
    if wij == 0 and draw(st.booleans()):
        deal["pit"], roem["Wij"] = "Zij", []
    deal["roem"] = roem
    return deal


VARIANT_OPTIONS = st.fixed_dictionaries(
    {
        "kraken": st.sampled_from(["whole_score", "card_points"]),
        "nat_test": st.sampled_from(["with_roem", "card_points"]),
        "revoke_bonus": st.sampled_from([0, 100]),
        "defence_pit_bonus": st.booleans(),
    }
)


@settings(max_examples=80, deadline=None)
@given(deal=plain_deals(), options=VARIANT_OPTIONS)
def test_it_changes_nothing_with_kraak_none(deal, options):
    plain = {k: v for k, v in options.items() if k != "kraken"}

    assert one({**deal, "kraak": "none"}, options)["scores"] == one(deal, plain)["scores"]


@settings(max_examples=80, deadline=None)
@given(deal=plain_deals(), options=VARIANT_OPTIONS, kraak=st.sampled_from(list(KRAAK)))
def test_it_decides_a_doubled_deal_exactly_as_the_undoubled_one(deal, options, kraak):
    doubled = one({**deal, "kraak": kraak}, options)
    undoubled = one(deal, {k: v for k, v in options.items() if k != "kraken"})

    assert doubled["result"] == undoubled["result"]
    assert doubled["roem_points"] == undoubled["roem_points"]


@settings(max_examples=80, deadline=None)
@given(deal=plain_deals(), options=VARIANT_OPTIONS, kraak=st.sampled_from(list(KRAAK)))
def test_it_multiplies_every_score_by_k_with_the_whole_score(deal, options, kraak):
    options = {**options, "kraken": "whole_score"}
    plain = {k: v for k, v in options.items() if k != "kraken"}

    doubled = one({**deal, "kraak": kraak}, options)["scores"]
    undoubled = one(deal, plain)["scores"]

    assert doubled == {side: undoubled[side] * KRAAK[kraak] for side in SIDES}


@settings(max_examples=80, deadline=None)
@given(deal=plain_deals(), options=VARIANT_OPTIONS, kraak=st.sampled_from(list(KRAAK)))
def test_it_adds_exactly_the_card_points_again_with_card_point_kraken(deal, options, kraak):
    # Under card_points a kraak adds (k - 1) x the card points the side scored: its own points on a
    # made deal, 162 for the defenders on a nat; roem and bonuses stay as they were.
    options = {**options, "kraken": "card_points"}
    plain = {k: v for k, v in options.items() if k != "kraken"}
    k = KRAAK[kraak]

    doubled = one({**deal, "kraak": kraak}, options)
    undoubled = one(deal, plain)

    nat_cards = {side: 0 if side == deal["playing"] else 162 for side in SIDES}
    cards = deal["points"] if doubled["result"] == "made" else nat_cards
    for side in SIDES:
        assert doubled["scores"][side] == undoubled["scores"][side] + (k - 1) * cards[side]


@settings(max_examples=60, deadline=None)
@given(deal=plain_deals())
def test_it_never_lets_the_roem_decide_under_the_card_point_test(deal):
    # Under nat_test = card_points the result depends on the card points alone.
    without_roem = {k: v for k, v in deal.items() if k != "roem"}
    without_roem.pop("pit", None)

    assert one(deal, CARD_TEST)["result"] == one(without_roem, CARD_TEST)["result"]
