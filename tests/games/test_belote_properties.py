"""Classic Belote's invariants (docs/games/belote.md), as hypothesis properties over any entry:
a dedans always gives the defence 162 (or the capot value) plus every declaration; the pot is never
lost before the last deal; rounding never decides a deal."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.test_belote import DEAD, GAME, OTHER, SIDES, play


@st.composite
def entries(draw: st.DrawFn, melds: bool = False) -> dict[str, Any]:
    """A valid entry of any shape: a taker, points, maybe a capot, a belote, declarations."""
    taker = draw(st.sampled_from(SIDES))
    capot = draw(st.sampled_from([None, None, None, "NS", "EW"]))
    ns_points = {None: None, "NS": 162, "EW": 0}[capot]
    if ns_points is None:
        ns_points = draw(st.integers(0, 162))
    entry: dict[str, Any] = {
        "taker": taker,
        "points": {"NS": ns_points, "EW": 162 - ns_points},
        "capot": capot,
    }
    entry["belote"] = draw(st.sampled_from([None, "NS", "EW"]))
    if melds:
        # no two of these share a card, so any subset is valid
        pool = [
            ("NS", {"meld": "tierce", "top": "A", "suit": "clubs"}),
            ("NS", {"meld": "tierce", "top": "A", "suit": "diamonds"}),
            ("NS", {"meld": "carre", "rank": "J"}),
            ("EW", {"meld": "tierce", "top": "A", "suit": "spades"}),
            ("EW", {"meld": "quarte", "top": "10", "suit": "hearts"}),
        ]
        chosen = draw(st.lists(st.sampled_from(pool), unique_by=lambda p: repr(p), max_size=4))
        entry["melds"] = {side: [m for s, m in chosen if s == side] for side in SIDES}
        entry["trump"] = draw(st.sampled_from(["clubs", "diamonds", "hearts", "spades"]))
    return entry


@settings(max_examples=150, deadline=None)
@given(entry=entries(melds=True), capot_value=st.sampled_from([252, 250]))
def test_a_dedans_always_gives_the_defence_162_or_the_capot_value_plus_every_declaration(entry, capot_value):
    doc = play([entry], preset="classique", capot_value=capot_value)["deals"][0]
    if doc["result"] != "dedans":
        return
    t = entry["taker"]
    d = OTHER[t]
    award = capot_value if entry["capot"] == d else 162

    assert doc["scores"][d] == award + sum(doc["meld_points"].values()) + doc["belote_points"][d]
    assert doc["scores"][t] == doc["belote_points"][t]


@settings(max_examples=100, deadline=None)
@given(deals=st.lists(st.one_of(entries(), st.just(DEAD)), min_size=1, max_size=14), n=st.integers(1, 8))
def test_the_pot_is_never_lost_before_the_last_deal(deals, n):
    """Without rounding or declarations every point taken is scored or held: 162 (252 on a capot)
    and the belote of each counted deal; a pot still held is returned on the last deal."""
    state = GAME.new_match(SIDES, {"deals": n})
    expected = 0
    for entry in deals:
        if state.finished:
            break
        state = state.play(entry)
        doc = state.as_json()
        if entry is not DEAD:
            expected += (252 if entry["capot"] else 162) + (20 if entry["belote"] else 0)
        assert sum(doc["totals"].values()) + doc["pot"] == expected
        if state.finished:
            assert doc["pot"] == 0
            assert sum(doc["totals"].values()) == expected


@settings(max_examples=150, deadline=None)
@given(
    entry=entries(melds=True),
    rounding=st.sampled_from(["nearest", "complement"]),
    tie_rule=st.sampled_from(["litige", "dedans", "made"]),
    in_contract=st.booleans(),
)
def test_rounding_never_decides_a_deal(entry, rounding, tie_rule, in_contract):
    options = {"preset": "classique", "tie_rule": tie_rule, "belote_in_contract": in_contract}
    exact = play([entry], **options)["deals"][0]["result"]
    rounded = play([entry], **options, rounding=rounding)["deals"][0]["result"]

    assert rounded == exact
