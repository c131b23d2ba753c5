"""Rules and helpers that several games share, so each game's declaration stays short."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.declaration import EntryContext, Rule
from games.errors import GameError
from games.terms import Words, joined, problem, said, term
from games.values import Choice

SUITS = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = {
    "clubs": "♣",
    "diamonds": "♦",
    "hearts": "♥",
    "spades": "♠",
    "no-trump": "NT",
    "all-trump": "AT",
}

#: The suits in words, a term every game shares.
SUIT_WORDS = {
    "clubs": term("games", "clubs"),
    "diamonds": term("games", "diamonds"),
    "hearts": term("games", "hearts"),
    "spades": term("games", "spades"),
}

#: A suit named for the record only; it never changes a score.
RECORD_SUIT = Choice(SUITS)


def adds_up_to(total: int | Callable[[EntryContext], int], what: str, *, follows: str | None = None) -> Rule:
    """A per-side map of integers whose values must sum to ``total`` (which may depend on the match
    and, naming it in ``follows``, on one field of the entry)."""

    def check(value: Mapping[str, int], ctx: EntryContext) -> str | None:
        expected = total(ctx) if callable(total) else total
        if sum(value.values()) != expected:
            return problem(
                "games",
                "wrong_total",
                "%(what)s must add up to %(total)s, not %(sum)s",
                what=what,
                total=expected,
                sum=sum(value.values()),
            )
        return None

    if isinstance(total, int):
        return Rule(said("games", "The values add up to %(total)s.", total=total), check, total)
    return Rule(term("games", "The values add up to the deal total."), check, total, follows)


def _and(names: Sequence[str]) -> Words | str:
    """``tricks and runs``: field keys listed, each left a key a page can replace by its label."""
    if len(names) == 1:
        return names[0]
    return said("games", "%(items)s and %(last)s", items=joined(names[:-1]), last=names[-1])


def exclusive_with(*others: str) -> Rule:
    """The field may not be given together with any of ``others`` (two entry forms)."""

    def check(value: Any, ctx: EntryContext) -> str | None:
        clash = [o for o in others if ctx.has(o)]
        if clash:
            return problem(
                "games",
                "not_both",
                "give either this field or %(others)s, not both",
                others=_and(others),
            )
        return None

    listed = ", ".join(f"`{o}`" for o in others)
    return Rule(said("games", "Not together with %(others)s.", others=listed), check)


def only_field(*later: str) -> Rule:
    """With ``true`` (a dead deal) no other field may be present; the error is on the first one
    found, in table order, so that the table knows what to remove."""

    def check(value: Any, ctx: EntryContext) -> str | None:
        if value is True:
            for name in later:
                if ctx.has(name):
                    raise GameError(
                        name,
                        problem(
                            "games",
                            "dead_deal_alone",
                            "a dead deal has no other fields; remove %(field)s",
                            field=name,
                        ),
                    )
        return None

    return Rule(term("games", "With `true`, no other field may be present."), check)


def blocks(sequence: str) -> list[tuple[str, int]]:
    """The maximal runs of one letter in a trick sequence, as (letter, length) in order."""
    out: list[tuple[str, int]] = []
    for letter in sequence:
        if out and out[-1][0] == letter:
            out[-1] = (letter, out[-1][1] + 1)
        else:
            out.append((letter, 1))
    return out


def other_side(sides: tuple[str, ...], side: str) -> str:
    """The opponent in a two-sided game."""
    return sides[1] if side == sides[0] else sides[0]


def best(totals: Mapping[str, int], low_wins: bool = False) -> str | None:
    """The single best side, or ``None`` when the best total is shared."""
    if not totals:
        return None
    key = min if low_wins else max
    top = key(totals.values())
    leaders = [s for s, v in totals.items() if v == top]
    return leaders[0] if len(leaders) == 1 else None
