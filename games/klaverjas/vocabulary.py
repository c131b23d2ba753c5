"""Klaverjas's vocabulary: the card and trick counts, the roem items and their values, the kraak
levels and the words a deal's result is said in. Plain values, read by the declaration and the
scoring alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.declaration import When
from games.terms import term

CARD_POINTS = 162
TRICKS = 8
PIT_BONUS = 100
ROEM_ITEMS = ("run3", "run4", "stuk", "four_of_a_kind", "four_jacks")
ROEM_VALUES = {"run3": 20, "run4": 50, "stuk": 20, "four_of_a_kind": 100}
ROEM_WORDS = {
    "run3": term("klaverjas", "3 in a row"),
    "run4": term("klaverjas", "4 in a row"),
    "stuk": term("klaverjas", "stuk"),
    "four_of_a_kind": term("klaverjas", "four of a kind"),
    "four_jacks": term("klaverjas", "four Jacks"),
}
MAX_STUK = 1
MAX_FOUR_JACKS = 1
MAX_FOUR_OF_A_KIND = 7
#: The last word said in the doubling, and what it multiplies the deal by.
KRAAK_FACTORS = {"none": 1, "kraak": 2, "rekraak": 4, "superkraak": 8}
KRAAK_WORDS = {
    "none": term("klaverjas", "no kraak"),
    "kraak": term("klaverjas", "kraak × 2"),
    "rekraak": term("klaverjas", "rekraak × 4"),
    "superkraak": term("klaverjas", "superkraak × 8"),
}
#: What a deal came to, as the scoreboard says it beside the deal (the native words stay).
RESULT_WORDS = {
    "made": term("klaverjas", "made"),
    "nat": term("klaverjas", "nat"),
    "verzaakt": term("klaverjas", "verzaakt"),
}
KRAKEN_ON = When("kraken", ("whole_score", "card_points"))


def roem_value(item: str, options: Mapping[str, Any]) -> int:
    """The value of one roem item under the match's options."""
    if item == "four_jacks":
        return int(options["four_jacks"])
    return ROEM_VALUES[item]
