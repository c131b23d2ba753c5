"""What both Back Alley games share: the hand sizes of a match, the state that counts the deals played,
the tricks field whose values add up to the hand size, and how a number bid scores.

The partnership game (:mod:`games.back_alley.partnership`) and the five-player individual game
(:mod:`games.back_alley.individual`) build their entries and scores on these; neither knows the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.declaration import EntryContext, Field, Rule, When
from games.terms import counted, problem, said, term
from games.values import Integer, PerSide

MAX_HAND = 13

_DOWN = tuple(range(MAX_HAND, 0, -1))
_UP = tuple(range(1, MAX_HAND + 1))
SEQUENCES: Mapping[str, tuple[int, ...]] = {
    "down-up-26": _DOWN + _UP,
    "down-up-25": _DOWN + _UP[1:],
    "up-down-26": _UP + _DOWN,
    "down-up-20": tuple(range(10, 0, -1)) + tuple(range(1, 11)),
}
#: Each deal sequence in words, for the option's choices and the presets' names.
SEQUENCE_WORDS: Mapping[str, str] = {
    "down-up-26": term("back-alley", "13 cards down to 1, then up to 13 (26 deals)"),
    "down-up-25": term("back-alley", "13 cards down to 1, straight back up (25 deals)"),
    "up-down-26": term("back-alley", "1 card up to 13, then down to 1 (26 deals)"),
    "down-up-20": term("back-alley", "10 cards down to 1, then up to 10 (20 deals)"),
}

#: Which of the two games a match plays (the ``scoring`` option).
INDIVIDUAL = When("scoring", ("individual",))
PARTNERSHIP = When("scoring", ("partnership",))


@dataclass(frozen=True)
class BackAlleyState:
    """The hand sizes of the match and how many deals have been played (dead deals not counted)."""

    sequence: tuple[int, ...]
    played: int = 0

    @property
    def over(self) -> bool:
        """Whether every hand size of the sequence has been played."""
        return self.played >= len(self.sequence)

    @property
    def hand_size(self) -> int:
        """Cards each for the next deal (the last size once the game is over)."""
        return self.sequence[min(self.played, len(self.sequence) - 1)]


def hand_size(ctx: Any) -> int:
    """The hand size of the deal being entered."""
    state: BackAlleyState = ctx.state
    return state.hand_size


def _tricks_add_up(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    n = hand_size(ctx)
    if sum(value.values()) != n:
        return problem(
            "back-alley",
            "wrong_total",
            "tricks must add up to %(total)s (the hand size), not %(sum)s",
            total=n,
            sum=sum(value.values()),
        )
    return None


def unless_dead(raw: Mapping[str, Any]) -> bool:
    """Whether a field is required: everywhere but on a dead deal."""
    return raw.get("dead") is not True


def tricks_field(who: str, *, dead_deals: bool) -> Field:
    """The tricks each side took, adding up to the hand size; optional on a dead deal when ``dead_deals``."""
    return Field(
        "tricks",
        PerSide(Integer(0, hand_size, high_label="n")),
        term("back-alley", "Tricks taken by each player.")
        if who == "player"
        else term("back-alley", "Tricks taken by each partnership."),
        required=unless_dead if dead_deals else True,
        required_text="yes, unless dead" if dead_deals else None,
        rules=(
            Rule(term("back-alley", "The values add up to n, the hand size of this deal."), _tricks_add_up),
        ),
        label=term("back-alley", "Tricks"),
    )


def number_bid_points(bid: int, taken: int, *, made: int, failed: int) -> tuple[int, str]:
    """A number bid's score, with the reason in words: ``made`` a trick bid plus 1 an overtrick, or
    minus ``failed`` a trick bid (5 and 5 with a partner, 3 and 3 in the individual game)."""
    if taken >= bid:
        over = taken - bid
        points = made * bid + over
        return points, said(
            "back-alley",
            "bid %(bid)s, took %(taken)s: made, %(made)s × %(bid)s + %(over)s overtrick(s) = %(points)s",
            bid=bid,
            taken=taken,
            made=made,
            over=over,
            points=points,
        )
    points = -failed * bid
    return points, said(
        "back-alley",
        "bid %(bid)s, took %(taken)s: failed, loses %(failed)s × %(bid)s = %(lost)s",
        bid=bid,
        taken=taken,
        failed=failed,
        lost=-points,
    )


def cards(count: int) -> str:
    """``count`` cards, in words."""
    return counted("back-alley", "%(count)s card", "%(count)s cards", count)
