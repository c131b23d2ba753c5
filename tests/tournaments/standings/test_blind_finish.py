"""The rule of a blind finish (``tournaments.standings.blind_finish``): which round's standings the
public may see, by worked examples and properties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.standings.blind_finish import OPEN, hidden_round, public_round, veil

PLANNED = st.integers(1, 12)
BLIND = st.integers(0, 14)
DRAWN = st.integers(0, 12)


def test_five_rounds_with_the_last_hidden_show_round_four_once_round_five_is_drawn():
    assert public_round(planned=5, blind=1, drawn=4, revealed=False) is None
    assert public_round(planned=5, blind=1, drawn=5, revealed=False) == 4
    assert public_round(planned=5, blind=1, drawn=5, revealed=True) is None


def test_two_hidden_rounds_of_five_show_round_three_from_the_draw_of_round_four():
    assert public_round(planned=5, blind=2, drawn=3, revealed=False) is None
    assert public_round(planned=5, blind=2, drawn=4, revealed=False) == 3
    assert public_round(planned=5, blind=2, drawn=5, revealed=False) == 3


def test_an_event_without_planned_rounds_or_blind_rounds_hides_nothing():
    assert public_round(planned=None, blind=2, drawn=4, revealed=False) is None
    assert public_round(planned=5, blind=0, drawn=5, revealed=False) is None
    assert veil(planned=5, blind=0, drawn=5, revealed=False) == OPEN


def test_hiding_every_round_shows_the_standings_before_round_one():
    assert public_round(planned=3, blind=3, drawn=1, revealed=False) == 0
    assert public_round(planned=3, blind=9, drawn=1, revealed=False) == 0


@given(planned=PLANNED, blind=BLIND, drawn=DRAWN)
def test_the_public_never_sees_a_hidden_round_and_always_sees_the_rounds_before(planned, blind, drawn):
    shown = veil(planned=planned, blind=blind, drawn=drawn, revealed=False)
    for number in range(1, drawn + 1):
        last_rounds = number > planned - blind
        assert shown.hides(number) == (blind > 0 and last_rounds)


@given(planned=PLANNED, blind=BLIND, drawn=DRAWN)
def test_what_is_shown_never_moves_back_as_rounds_are_drawn_and_the_reveal_shows_all(planned, blind, drawn):
    now = public_round(planned=planned, blind=blind, drawn=drawn, revealed=False)
    later = public_round(planned=planned, blind=blind, drawn=drawn + 1, revealed=False)
    if now is not None:
        assert later == now
        assert now < drawn
    assert public_round(planned=planned, blind=blind, drawn=drawn, revealed=True) is None


@given(planned=PLANNED, blind=BLIND, number=st.integers(1, 12))
def test_a_round_is_hidden_alone_as_it_is_once_drawn(planned, blind, number):
    alone = hidden_round(number=number, planned=planned, blind=blind, revealed=False)
    drawn_later = veil(planned=planned, blind=blind, drawn=max(number, planned), revealed=False)
    assert alone == drawn_later.hides(number)
    assert not hidden_round(number=number, planned=planned, blind=blind, revealed=True)
