"""The fixed sums a game declares for a per-side pair of numbers (#23 item 6): what a form needs to
fill in the second number from the first. A sum may be a number (Belote's 162), what the match's
options make it (Jo-Jotte's ``trick_points_total``), or follow a choice of the entry (Coinche's
card points: 162 in a suit contract, 130 or 258 at no-trump or all-trump on Parlett's scale)."""

from __future__ import annotations

from typing import Any

import pytest

from games import find_game
from games.declaration import FixedSum, fixed_sum

SUITS = ("clubs", "diamonds", "hearts", "spades")


def sum_of(key: str, field: str, sides: tuple[str, ...] = ("NS", "EW"), **options: Any) -> FixedSum | None:
    played = find_game(key).new_match(list(sides), options or None)
    fields = tuple(played.game.entry_fields(played.table.options))
    declared = next(f for f in fields if f.name == field)
    return fixed_sum(declared, fields, played.entry_context())


def test_coinche_card_points_follow_the_contract_on_parletts_scale():
    found = sum_of("coinche", "points", no_trump=True, all_trump=True)

    assert found is not None
    assert (found.default, found.follows) == (162, "trump")
    assert dict(found.by_value) == {**dict.fromkeys(SUITS, 162), "no-trump": 130, "all-trump": 258}


def test_coinche_card_points_are_162_at_every_contract_on_the_ffb_scale():
    found = sum_of("coinche", "points", point_scale="ffb", no_trump=True, all_trump=True)

    assert found is not None
    assert set(found.by_value.values()) == {162}


@pytest.mark.parametrize(("total", "expected"), [(None, 160), (162, 162), (165, 165)])
def test_jo_jotte_card_points_add_up_to_the_matchs_option(total, expected):
    options = {} if total is None else {"trick_points_total": total}

    assert sum_of("jo-jotte", "trick_points", ("Ann", "Bob"), **options) == FixedSum(expected)


@pytest.mark.parametrize(
    ("key", "field", "expected"),
    [("belote", "points", 162), ("klaverjas", "points", 162), ("forty-five", "tricks", 5)],
)
def test_a_fixed_number_stays_a_fixed_number(key, field, expected):
    assert sum_of(key, field) == FixedSum(expected)


def test_a_field_without_a_fixed_sum_has_none():
    assert sum_of("coinche", "melds") is None
