"""The Matching Trumps trick referee: who wins one trick from the turn-up card and the cards played,
by matches, then trumps (the turn-up's suit and its rank), then the suit led, with the rule text's
tie-breaks (docs/games/matching-trumps.md, "The trick referee").

:func:`referee` answers from Python, :func:`referee_json` for ``python -m games trick``. It stands
apart from the score keeper (:mod:`games.matching_trumps`): the table still enters the tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from games.cards import SUIT_SYMBOLS, Card, CardError, parse_card
from games.errors import GameError

MIN_CARDS = 2
MAX_CARDS = 5


class TrickResult(NamedTuple):
    """Who wins a trick: ``winner`` is the 1-based position of the winning card (1 led)."""

    winner: int
    reason: str
    tie_break: str | None


def _read_trump(trump: object) -> Card:
    try:
        return parse_card(trump)
    except CardError as error:
        raise GameError("trump", f"the turn-up card: {error}") from None


def _read_cards(cards: object, turn_up: Card) -> list[Card]:
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
        raise GameError("cards", "the cards played must be a list of card codes, in play order")
    if not MIN_CARDS <= len(cards) <= MAX_CARDS:
        raise GameError("cards", f"a trick has {MIN_CARDS} to {MAX_CARDS} cards, not {len(cards)}")
    played: list[Card] = []
    for position, code in enumerate(cards, 1):
        try:
            played.append(parse_card(code))
        except CardError as error:
            raise GameError("cards", f"card {position}: {error}") from None
    seen: dict[Card, int] = {}
    for position, card in enumerate(played, 1):
        if card in seen:
            raise GameError("cards", f"{card} is played twice (cards {seen[card]} and {position})")
        seen[card] = position
    if turn_up in seen:
        raise GameError(
            "cards", f"{turn_up} is the turn-up card, which stays on the table (card {seen[turn_up]})"
        )
    return played


def _chains(cards: Sequence[Card]) -> list[tuple[int, int]]:
    """Runs of 2 or more cards of one rank played one after another, as (first, last) 0-based indexes."""
    chains: list[tuple[int, int]] = []
    start = 0
    for index in range(1, len(cards) + 1):
        if index == len(cards) or cards[index].rank != cards[start].rank:
            if index - start >= 2:
                chains.append((start, index - 1))
            start = index
    return chains


def _cards_text(cards: Sequence[Card], first: int, last: int) -> str:
    return " ".join(c.symbol for c in cards[first : last + 1]) + f" (cards {first + 1}–{last + 1})"


def _decide(turn_up: Card, cards: Sequence[Card]) -> tuple[TrickResult, str]:
    """The referee's ruling and its explanation, for checked input."""
    trump_rank, trump_suit = turn_up.rank, turn_up.suit
    led = cards[0].suit

    def at(index: int) -> str:
        return f"{cards[index].symbol} (card {index + 1})"

    # 1. Matches: the turn-up's rank is the strongest, then A, K, ... 2.
    chains = _chains(cards)
    if chains:

        def strength(chain: tuple[int, int]) -> int:
            rank = cards[chain[0]].rank
            return 15 if rank == trump_rank else rank

        top = max(strength(chain) for chain in chains)
        strongest = [chain for chain in chains if strength(chain) == top]
        rank_name = cards[strongest[0][0]].rank_code
        why_rank = ""
        if len(chains) > len(strongest):
            why_rank = (
                f"; a match in the turn-up's rank ({rank_name}) is the strongest"
                if top == 15
                else f"; {rank_name}s are the strongest match played"
            )
        if len(strongest) == 1:
            first, last = strongest[0]
            if last - first == 1:
                return (
                    TrickResult(last + 1, "match", None),
                    f"{at(last)} matches {at(first)}{why_rank}. A match beats any trump, so {at(last)} wins.",
                )
            return (
                TrickResult(last + 1, "match", "contiguous_most_recent"),
                f"{_cards_text(cards, first, last)} form one chain of matches{why_rank}. "
                f"The most recent card of the chain, {at(last)}, wins.",
            )
        holding = [c for c in strongest if any(cards[i].suit == trump_suit for i in range(c[0], c[1] + 1))]
        chosen = holding[0] if len(holding) == 1 else strongest[-1]
        chains_text = " and ".join(_cards_text(cards, a, b) for a, b in strongest)
        if len(holding) == 1:
            why = f"the chain holding the trump suit ({SUIT_SYMBOLS[trump_suit]}) takes the trick"
        else:
            why = (
                f"{'both' if holding else 'neither'} hold the trump suit ({SUIT_SYMBOLS[trump_suit]}), "
                "so the later chain takes the trick"
            )
        return (
            TrickResult(chosen[1] + 1, "match", "disjoint_trump_suit"),
            f"Two separate chains of {rank_name}s: {chains_text}; {why} with its last card, {at(chosen[1])}.",
        )

    # 2. Trumps: the turn-up's suit, and its rank in every suit with the turn-up's power.
    trumps = [i for i, c in enumerate(cards) if c.suit == trump_suit or c.rank == trump_rank]
    if trumps:
        power = max(cards[i].rank for i in trumps)
        equal = [i for i in trumps if cards[i].rank == power]
        kind = (
            f"a numerical trump with the power of the turn-up {turn_up.symbol}"
            if cards[equal[0]].rank == trump_rank and cards[equal[0]].suit != trump_suit
            else f"a trump ({SUIT_SYMBOLS[trump_suit]})"
        )
        if len(equal) == 1:
            return (
                TrickResult(equal[0] + 1, "trump", None),
                f"No match. The highest trump wins: {at(equal[0])}, {kind}.",
            )
        names = ", ".join(at(i) for i in equal)
        of_led = [i for i in equal if cards[i].suit == led]
        if of_led:
            return (
                TrickResult(of_led[0] + 1, "trump", "numerical_trump_lead_suit"),
                f"No match. Numerical trumps of equal power: {names}; {at(of_led[0])} is of the suit led "
                f"({SUIT_SYMBOLS[led]}) and wins.",
            )
        return (
            TrickResult(equal[-1] + 1, "trump", "numerical_trump_most_recent"),
            f"No match. Numerical trumps of equal power: {names}; none is of the suit led "
            f"({SUIT_SYMBOLS[led]}), so the most recent, {at(equal[-1])}, wins.",
        )

    # 3. The suit led.
    followers = [i for i, c in enumerate(cards) if c.suit == led]
    winner = max(followers, key=lambda i: cards[i].rank)
    return (
        TrickResult(winner + 1, "lead_suit", None),
        f"No match and no trump. The highest card of the suit led ({SUIT_SYMBOLS[led]}) wins: {at(winner)}.",
    )


def referee(trump: Card | str, cards: Sequence[Card | str]) -> TrickResult:
    """Who wins a trick, given the turn-up card and the cards in play order (codes are accepted too).

    Raises :class:`GameError` on field ``"trump"`` for a bad turn-up card and ``"cards"`` for
    anything wrong with the cards played (not 2 to 5 cards, a bad code, a card twice, the turn-up).
    """
    turn_up = _read_trump(trump)
    return _decide(turn_up, _read_cards(cards, turn_up))[0]


def referee_json(trump: str, cards: list[str]) -> dict[str, Any]:
    """The referee's ruling as the CLI prints it: winner, reason, tie_break and an explanation."""
    turn_up = _read_trump(trump)
    ruling, explanation = _decide(turn_up, _read_cards(cards, turn_up))
    return {
        "winner": ruling.winner,
        "reason": ruling.reason,
        "tie_break": ruling.tie_break,
        "explanation": explanation,
    }
