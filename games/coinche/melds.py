"""La Coinche's declarations (melds): their cards, values and ranks, the entry checks, and who scores.

A declaration is a tierce, quarte or quinte (a run in one suit, sequence order A K Q J 10 9 8 7) or
a carré (four of a rank). This module checks each entered meld fits (a sequence inside the order,
no carré of 8s or 7s, no carré of Nines at no-trump, no card in two declarations) and finds the side
holding the best single declaration, which alone scores all of its own (Step 2 of the rules).

What it does not do: belote (a separate field), or the transfers of Step 4 (``contract.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.coinche.vocabulary import Contract, MeldKind
from games.common import SUIT_SYMBOLS, SUITS, other_side
from games.declaration import EntryContext
from games.terms import problem, said, term
from games.values import Choice, Record, Variants

#: Sequence order for declarations, highest first, in every suit (trumps included).
SEQUENCE_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7")
RANKS = SEQUENCE_ORDER
SEQUENCES: Mapping[str, tuple[int, int]] = {
    MeldKind.TIERCE: (3, 20),
    MeldKind.QUARTE: (4, 50),
    MeldKind.QUINTE: (5, 100),
}
#: Carré values and comparison order (weakest first) in a suit or all-trump contract.
CARRE_VALUES: Mapping[str, int] = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
CARRE_ORDER = ("Q", "K", "10", "A", "9", "J")
#: ... and at no-trump (no carré of Nines).
CARRE_VALUES_NO_TRUMP: Mapping[str, int] = {"A": 200, "10": 150, "K": 100, "Q": 100, "J": 100}
CARRE_ORDER_NO_TRUMP = ("J", "Q", "K", "10", "A")
NEVER_COUNT = ("8", "7")
RANK_WORDS = {
    "A": term("coinche", "Aces"),
    "K": term("coinche", "Kings"),
    "Q": term("coinche", "Queens"),
    "J": term("coinche", "Jacks"),
    "10": term("coinche", "Tens"),
    "9": term("coinche", "Nines"),
}

Card = tuple[str, str]


def meld_cards(meld: Mapping[str, str]) -> tuple[Card, ...]:
    """The cards a (validated) declaration is made of."""
    if meld["meld"] == MeldKind.CARRE:
        return tuple((meld["rank"], suit) for suit in SUITS)
    length, _ = SEQUENCES[meld["meld"]]
    start = SEQUENCE_ORDER.index(meld["top"])
    return tuple((rank, meld["suit"]) for rank in SEQUENCE_ORDER[start : start + length])


def meld_value(meld: Mapping[str, str], trump: str) -> int:
    """What a (validated) declaration is worth in this contract."""
    if meld["meld"] == MeldKind.CARRE:
        values = CARRE_VALUES_NO_TRUMP if trump == Contract.NO_TRUMP else CARRE_VALUES
        return values[meld["rank"]]
    return SEQUENCES[meld["meld"]][1]


def meld_rank(meld: Mapping[str, str], trump: str) -> tuple[int, int, int, int]:
    """The comparison key: carré over sequence, then value, then the higher card, then trumps."""
    value = meld_value(meld, trump)
    if meld["meld"] == MeldKind.CARRE:
        order = CARRE_ORDER_NO_TRUMP if trump == Contract.NO_TRUMP else CARRE_ORDER
        return (1, value, order.index(meld["rank"]), 0)
    high = len(SEQUENCE_ORDER) - SEQUENCE_ORDER.index(meld["top"])
    in_trumps = 1 if trump in SUITS and meld["suit"] == trump else 0
    return (0, value, high, in_trumps)


def meld_name(meld: Mapping[str, str]) -> str:
    """A declaration in words: "tierce to the K♥", "carré of Jacks"."""
    if meld["meld"] == MeldKind.CARRE:
        rank = RANK_WORDS.get(meld["rank"], meld["rank"] + "s")
        return said("coinche", "carré of %(rank)s", rank=rank)
    top = f"{meld['top']}{SUIT_SYMBOLS[meld['suit']]}"
    return said("coinche", "%(meld)s to the %(top)s", meld=meld["meld"], top=top)


def _card_name(card: Card) -> str:
    return f"{card[0]}{SUIT_SYMBOLS[card[1]]}"


def melds_allowed(value: Any, ctx: EntryContext) -> str | None:
    """No declaration may be entered while the option ``declarations`` is off."""
    if not ctx.options["declarations"] and any((value or {}).values()):
        return problem(
            "coinche",
            "declarations_off",
            "declarations are not played with these options (declarations is off): melds must be empty",
        )
    return None


def _each_meld(
    value: Mapping[str, list[dict[str, str]]] | None, ctx: EntryContext
) -> list[tuple[str, dict[str, str]]]:
    """Every meld of the entry with its side (none for Belote's ``"melds": null``)."""
    return [(side, meld) for side in ctx.sides for meld in (value or {}).get(side, ())]


def sequences_fit(value: Any, ctx: EntryContext) -> str | None:
    """A sequence must end at or above the 7: no tierce headed by the 8."""
    for side, meld in _each_meld(value, ctx):
        if meld["meld"] in SEQUENCES:
            length, _ = SEQUENCES[meld["meld"]]
            if SEQUENCE_ORDER.index(meld["top"]) + length > len(SEQUENCE_ORDER):
                return problem(
                    "coinche",
                    "sequence_too_low",
                    "%(side)s: a %(meld)s cannot be headed by the %(top)s (sequence order A K Q J 10 9 8 7 ends at the 7)",
                    side=side,
                    meld=meld["meld"],
                    top=meld["top"],
                )
    return None


def carres_count(value: Any, ctx: EntryContext) -> str | None:
    """Four 8s or 7s never count, nor four Nines at no-trump."""
    for side, meld in _each_meld(value, ctx):
        if meld["meld"] == MeldKind.CARRE:
            rank = meld["rank"]
            if rank in NEVER_COUNT:
                return problem(
                    "coinche",
                    "carre_never_counts",
                    "%(side)s: four %(rank)ss never count",
                    side=side,
                    rank=rank,
                )
            if rank == "9" and ctx.clean.get("trump") == Contract.NO_TRUMP:
                return problem(
                    "coinche",
                    "carre_of_nines_at_no_trump",
                    "%(side)s: four Nines do not count at no-trump",
                    side=side,
                )
    return None


def no_shared_cards(value: Any, ctx: EntryContext) -> str | None:
    """No card may belong to two declarations, on one side or across the table (FFB)."""
    owner: dict[Card, str] = {}
    for side, meld in _each_meld(value, ctx):
        name = said("coinche", "%(side)s's %(meld)s", side=side, meld=meld_name(meld))
        for card in meld_cards(meld):
            if card in owner:
                return problem(
                    "coinche",
                    "card_in_two_declarations",
                    "the %(card)s cannot be in both %(first)s and %(second)s",
                    card=_card_name(card),
                    first=owner[card],
                    second=name,
                )
            owner[card] = name
    return None


def _sequence_record(kind: MeldKind) -> Record:
    return Record(kind.value, {"meld": Choice((kind.value,)), "top": Choice(RANKS), "suit": Choice(SUITS)})


MELD = Variants(
    "meld",
    {
        MeldKind.TIERCE.value: _sequence_record(MeldKind.TIERCE),
        MeldKind.QUARTE.value: _sequence_record(MeldKind.QUARTE),
        MeldKind.QUINTE.value: _sequence_record(MeldKind.QUINTE),
        MeldKind.CARRE.value: Record("carre", {"meld": Choice(("carre",)), "rank": Choice(RANKS)}),
    },
)


def scored_melds(
    sides: tuple[str, ...], declared: Mapping[str, list[dict[str, str]]] | None, trump: str, lines: list[str]
) -> dict[str, int]:
    """Step 2: only the side holding the best single declaration scores its declarations."""
    points = dict.fromkeys(sides, 0)
    if not declared:
        return points
    best: dict[str, tuple[tuple[int, int, int, int], dict[str, str]]] = {}
    for side in sides:
        own = declared.get(side)
        if own:
            top = max(own, key=lambda meld: meld_rank(meld, trump))
            best[side] = (meld_rank(top, trump), top)
    if not best:
        return points
    a, b = sides
    if a in best and b in best and best[a][0] == best[b][0]:
        lines.append(
            said(
                "coinche",
                "declarations: %(first)s and %(second)s are equal, so neither side scores declarations",
                first=meld_name(best[a][1]),
                second=meld_name(best[b][1]),
            )
        )
        return points
    holder = max(best, key=lambda side: best[side][0])
    total = sum(meld_value(meld, trump) for meld in declared[holder])
    points[holder] = total
    loser = other_side(sides, holder)
    if loser in best:
        line = said(
            "coinche",
            "declarations: %(side)s hold the best (%(meld)s) and score all of theirs: %(total)s (%(loser)s's declarations do not count)",
            side=holder,
            meld=meld_name(best[holder][1]),
            total=total,
            loser=loser,
        )
    else:
        line = said(
            "coinche",
            "declarations: %(side)s hold the best (%(meld)s) and score all of theirs: %(total)s",
            side=holder,
            meld=meld_name(best[holder][1]),
            total=total,
        )
    lines.append(line)
    return points
