"""Playing cards of the 52-card pack and their codes (docs/games/README.md §8).

A card code is the rank followed by the suit letter, capitals only: ``"10H"``, ``"QS"``, ``"2C"``,
``"AD"``; ``T`` is accepted for the ten (``"TH"`` is ``"10H"``). :func:`parse_card` reads a code;
:class:`Card` holds the rank as a number (2 to 14, Ace high) and the suit as its letter.

What this module does not do: know any game's ranking of cards or trumps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Rank codes to rank numbers (Ace high).
RANKS: dict[str, int] = {
    **{str(n): n for n in range(2, 11)},
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
}
#: Rank numbers to their canonical code ("10", not "T").
RANK_CODES: dict[int, str] = {n: code for code, n in RANKS.items() if code != "T"}
#: Suit letters in the order clubs, diamonds, hearts, spades, with their entry names and symbols.
SUIT_LETTERS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SUIT_BY_NAME = {name: letter for letter, name in SUIT_NAMES.items()}


class CardError(ValueError):
    """Not a card: a bad code, rank or suit."""


@dataclass(frozen=True)
class Card:
    """One card: ``rank`` from 2 to 14 (11 J, 12 Q, 13 K, 14 A) and ``suit`` a letter C, D, H or S.

    For convenience the constructor also takes a rank code (``Card("10", "H")``, ``Card("T", "H")``,
    ``Card("A", "S")``) or a suit name (``Card(12, "spades")``) and stores the canonical form.
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        rank: Any = self.rank
        suit: Any = self.suit
        if isinstance(rank, str) and rank in RANKS:
            object.__setattr__(self, "rank", RANKS[rank])
        elif type(rank) is not int or rank not in RANK_CODES:
            raise CardError(f"{rank!r} is not a rank (2–10, J, Q, K, A)")
        if isinstance(suit, str) and suit in _SUIT_BY_NAME:
            object.__setattr__(self, "suit", _SUIT_BY_NAME[suit])
        elif not isinstance(suit, str) or suit not in SUIT_NAMES:
            raise CardError(f"{suit!r} is not a suit (C, D, H, S)")

    @classmethod
    def parse(cls, code: object) -> Card:
        """The card with this code; raises :class:`CardError`."""
        return parse_card(code)

    @property
    def code(self) -> str:
        """The canonical code: ``"10H"``, ``"QS"``."""
        return RANK_CODES[self.rank] + self.suit

    @property
    def rank_code(self) -> str:
        """The rank as written in codes and entries: ``"10"``, ``"Q"``."""
        return RANK_CODES[self.rank]

    @property
    def symbol(self) -> str:
        """The card for people: ``"10♥"``, ``"Q♠"``."""
        return RANK_CODES[self.rank] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.code


def parse_card(code: object) -> Card:
    """Read a card code (docs/games/README.md §8): rank then suit letter, capitals only; ``T`` or ``10`` for the ten."""
    if isinstance(code, Card):
        return code
    if not isinstance(code, str):
        raise CardError(f"{code!r} is not a card code (a string such as 10H, QS, 2C or AD)")
    rank, suit = code[:-1], code[-1:]
    if rank not in RANKS or suit not in SUIT_NAMES:
        raise CardError(
            f"{code!r} is not a card code: rank 2–10 (or T), J, Q, K or A, then suit C, D, H or S, in capitals"
        )
    return Card(RANKS[rank], suit)
