"""Jo-Jotte's melds: quartets and sequences, their cards, the entry checks on them, and who scores
them (only the player holding the best quartet scores quartets, and likewise for sequences).

What it does not do: check that the melds fit in a 9-card hand; the checks here are the rule book's
complete list (docs/games/jo-jotte.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.common import SUITS
from games.declaration import EntryContext
from games.terms import problem, said
from games.values import Choice, Integer, Record, Variants

#: Sequence order, highest first, in every suit.
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")
#: Ranks that make a quartet (four 8s or 7s do not count).
QUARTET_RANKS = ("J", "9", "A", "10", "K", "Q")
#: Quartets from best to worst, with trumps (``True``) and at no trump.
QUARTET_ORDER = {True: ("J", "9", "A", "10", "K", "Q"), False: ("A", "10", "K", "Q", "J", "9")}
QUARTET_POINTS = 100

MELD = Variants(
    "meld",
    {
        "quartet": Record("quartet", {"meld": Choice(("quartet",)), "rank": Choice(QUARTET_RANKS)}),
        "sequence": Record(
            "sequence",
            {
                "meld": Choice(("sequence",)),
                "length": Integer(3, 8),
                "top": Choice(RANKS),
                "suit": Choice(SUITS),
            },
        ),
    },
)

Card = tuple[str, str]


def sequence_points(length: int) -> int:
    """A sequence of 3 scores 20, of 4 40, of 5 or more 50."""
    return 20 if length == 3 else 40 if length == 4 else 50


def meld_cards(meld: Mapping[str, Any]) -> frozenset[Card]:
    """The cards a (validated) meld is made of."""
    if meld["meld"] == "quartet":
        return frozenset((meld["rank"], suit) for suit in SUITS)
    start = RANKS.index(meld["top"])
    return frozenset((rank, meld["suit"]) for rank in RANKS[start : start + meld["length"]])


# -- entry checks ---------------------------------------------------------------------------------


def sequences_fit(value: Mapping[str, list[Any]], ctx: EntryContext) -> str | None:
    """Each sequence fits below its top card in A K Q J 10 9 8 7."""
    if not value:
        return None
    for side, melds in value.items():
        for meld in melds:
            if meld["meld"] == "sequence" and RANKS.index(meld["top"]) + meld["length"] > len(RANKS):
                return problem(
                    "jo-jotte",
                    "sequence_does_not_fit",
                    "%(side)s's sequence of %(length)s headed by %(top)s does not fit in A K Q J 10 9 8 7",
                    side=side,
                    length=meld["length"],
                    top=meld["top"],
                )
    return None


def own_melds_distinct(value: Mapping[str, list[Any]], ctx: EntryContext) -> str | None:
    """A player lists no quartet twice, and his sequences share no card."""
    if not value:
        return None
    for side, melds in value.items():
        ranks = [m["rank"] for m in melds if m["meld"] == "quartet"]
        if len(ranks) != len(set(ranks)):
            return problem("jo-jotte", "quartet_twice", "%(side)s lists the same quartet twice", side=side)
        used: set[Card] = set()
        for meld in melds:
            if meld["meld"] == "sequence":
                cards = meld_cards(meld)
                if used & cards:
                    return problem(
                        "jo-jotte", "sequences_share_a_card", "%(side)s's sequences share a card", side=side
                    )
                used |= cards
    return None


def no_card_in_both(value: Mapping[str, list[Any]], ctx: EntryContext) -> str | None:
    """No card appears in both players' melds."""
    if not value:
        return None
    held: list[set[Card]] = []
    for side in ctx.sides:
        cards: set[Card] = set()
        for meld in value.get(side, ()):
            cards |= meld_cards(meld)
        held.append(cards)
    if len(held) == 2 and held[0] & held[1]:
        return problem("jo-jotte", "card_in_both_melds", "a card appears in both players' melds")
    return None


# -- who scores them --------------------------------------------------------------------------------


def meld_points(
    sides: tuple[str, ...], melds: Mapping[str, list[Mapping[str, Any]]], trump: str | None
) -> tuple[dict[str, int], list[str]]:
    """Meld points each player scores, with the reasons."""
    points = dict.fromkeys(sides, 0)
    lines: list[str] = []
    if not any(melds.values()):
        return points, lines
    order = QUARTET_ORDER[trump is not None]
    quartets = {s: [m["rank"] for m in melds.get(s, ()) if m["meld"] == "quartet"] for s in sides}
    holders = [s for s in sides if quartets[s]]
    if holders:
        top = min(holders, key=lambda s: min(order.index(r) for r in quartets[s]))
        points[top] += QUARTET_POINTS * len(quartets[top])
        ranks = ", ".join(quartets[top])
        lines.append(
            said(
                "jo-jotte",
                "%(side)s holds the best quartet: %(count)s quartet(s) (%(ranks)s) = %(points)s",
                side=top,
                count=len(quartets[top]),
                ranks=ranks,
                points=QUARTET_POINTS * len(quartets[top]),
            )
        )
    sequences = {s: [m for m in melds.get(s, ()) if m["meld"] == "sequence"] for s in sides}

    def rank(meld: Mapping[str, Any]) -> tuple[int, int, int]:
        return (meld["length"], -RANKS.index(meld["top"]), 1 if meld["suit"] == trump else 0)

    bests = {s: max(rank(m) for m in sequences[s]) for s in sides if sequences[s]}
    winner: str | None = None
    if len(bests) == 1:
        winner = next(iter(bests))
    elif len(bests) == 2:
        a, b = sides
        if bests[a] != bests[b]:
            winner = a if bests[a] > bests[b] else b
        else:
            lines.append(
                said(
                    "jo-jotte", "best sequences equal in length, top card and trump: neither scores sequences"
                )
            )
    if winner is not None:
        gained = sum(sequence_points(m["length"]) for m in sequences[winner])
        points[winner] += gained
        lengths = " + ".join(str(sequence_points(m["length"])) for m in sequences[winner])
        lines.append(
            said(
                "jo-jotte",
                "%(side)s holds the best sequence: %(values)s = %(points)s",
                side=winner,
                values=lengths,
                points=gained,
            )
        )
    return points, lines
