"""Parcellus: Matthew Shields' three-player parcel-capturing game (docs/games/parcellus.md).

The table enters, per player, the parcels and the cards she captured, and who captured the J♥.
A player scores 1 per card, 2 more for the J♥ (worth 3), and the 6-point bonus for most parcels,
shared equally on a tie. After each deal the single highest total at or above ``target`` (30) wins;
a tie at the top plays on. The deal moves left after every deal; the 3-card pass goes left on the
first deal and alternates.

What it does not do: referee the building of parcels (next higher card of the same colour), the
pass itself, or which cards were captured beyond the J♥.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from games.base import Game
from games.common import adds_up_to, best
from games.declaration import EntryContext, Field, Option, Rule
from games.facts import Fact, Facts
from games.match import Dealer, DealRecord, DealScore, Result, Table
from games.terms import counted, joined, problem, said, shaped, term
from games.values import Integer, PerSide, SideRef

PARCELS = 6
CARDS = 24
BONUS = 6
JACK_EXTRA = 2


@dataclass(frozen=True)
class ParcellusState:
    """How many deals have been played (the pass direction alternates with them)."""

    deals: int = 0

    @property
    def passing(self) -> str:
        """The pass direction of the next deal: left on the first deal, then alternating."""
        return "left" if self.deals % 2 == 0 else "right"


#: Which way the cards go before a deal, as the scoreboard says it.
PASS_WORDS = {"left": term("parcellus", "to the left"), "right": term("parcellus", "to the right")}


def _cards_total(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    total = sum(value.values())
    if total > CARDS:
        return problem(
            "parcellus",
            "too_many_cards",
            "the cards captured add up to %(total)s, but the pack has only %(cards)s",
            total=total,
            cards=CARDS,
        )
    return None


def _cards_cover_parcels(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    parcels = ctx.clean["parcels"]
    for side in ctx.sides:
        if value[side] < parcels[side]:
            return problem(
                "parcellus",
                "fewer_cards_than_parcels",
                "%(side)s has %(parcels)s parcels but only %(cards)s cards; a parcel holds at least one card",
                side=side,
                parcels=parcels[side],
                cards=value[side],
            )
    return None


def _no_parcels_no_cards(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    parcels = ctx.clean["parcels"]
    for side in ctx.sides:
        if parcels[side] == 0 and value[side] != 0:
            return problem(
                "parcellus",
                "cards_without_parcels",
                "%(side)s captured no parcel, so she cannot have %(cards)s cards",
                side=side,
                cards=value[side],
            )
    return None


def _jack_captor_has_cards(value: Any, ctx: EntryContext) -> str | None:
    if value is not None and ctx.clean["cards"][value] < 1:
        return problem(
            "parcellus",
            "jack_without_cards",
            "%(side)s captured no cards, so she cannot hold the J♥",
            side=value,
        )
    return None


def _jack_captured_when_all_cards_are(value: Any, ctx: EntryContext) -> str | None:
    if value is None and sum(ctx.clean["cards"].values()) == CARDS:
        return problem("parcellus", "jack_missing", "all 24 cards were captured, so someone captured the J♥")
    return None


def parcel_bonus(parcels: Mapping[str, int]) -> dict[str, int]:
    """The 6-point bonus for most parcels, shared equally between the players tied for most."""
    top = max(parcels.values())
    leaders = [side for side, count in parcels.items() if count == top]
    return {side: BONUS // len(leaders) if side in leaders else 0 for side in parcels}


class Parcellus(Game[ParcellusState]):
    """Parcellus as on pagat.com: cards, J♥ worth 3, 6 for most parcels; a match to 30."""

    key = "parcellus"
    name = term("parcellus", "Parcellus")
    summary = term(
        "parcellus",
        "Three players capture parcels: 1 point a card, 3 for the J♥, 6 for most parcels; "
        "the single highest score of 30 or more wins.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("parcellus", "parcel"),
            term(
                "parcellus",
                "A group of cards captured together; 6 points to the player with the most parcels.",
            ),
        ),
        (
            term("parcellus", "J♥"),
            term("parcellus", "The Jack of hearts, worth 3 points to the player who captured it."),
        ),
    )
    min_sides = 3
    max_sides = 3
    fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "parcels",
            PerSide(Integer(0, PARCELS)),
            term("parcellus", "Parcels captured by each player (every deal has 6)."),
            rules=(adds_up_to(PARCELS, "parcels"),),
            label=term("parcellus", "Parcels"),
        ),
        Field(
            "cards",
            PerSide(Integer(0, CARDS)),
            term("parcellus", "Cards captured by each player, counting the J♥ as one card."),
            rules=(
                Rule(term("parcellus", "The cards add up to at most 24."), _cards_total),
                Rule(
                    term("parcellus", "Each player has at least as many cards as parcels."),
                    _cards_cover_parcels,
                ),
                Rule(term("parcellus", "A player with no parcel has no cards."), _no_parcels_no_cards),
            ),
            label=term("parcellus", "Cards"),
        ),
        Field(
            "jack_of_hearts",
            SideRef(),
            term("parcellus", "Who captured the J♥, or null if nobody did."),
            nullable=True,
            rules=(
                Rule(
                    term("parcellus", "A named player has captured at least one card."),
                    _jack_captor_has_cards,
                ),
                Rule(
                    term("parcellus", "When all 24 cards were captured, null is not allowed."),
                    _jack_captured_when_all_cards_are,
                ),
            ),
            label=term("parcellus", "Jack of hearts"),
            hint=term("parcellus", "Who captured the J♥, or nobody."),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "target",
            Integer(low=1),
            30,
            term("parcellus", "The score that ends the match (see the match structure)."),
            label=term("parcellus", "Points to end the match"),
            hint=term(
                "parcellus",
                "The match ends after a deal where one player alone has the highest total, at this score or more.",
            ),
        ),
        Game.first_dealer_option(),
    )

    def start(self, table: Table) -> ParcellusState:
        return ParcellusState()

    def score(
        self, table: Table, state: ParcellusState, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, ParcellusState]:
        parcels = {side: entry["parcels"][side] for side in table.sides}
        cards = {side: entry["cards"][side] for side in table.sides}
        jack = entry["jack_of_hearts"]
        bonus = parcel_bonus(parcels)
        shared = sum(1 for v in bonus.values() if v) > 1
        scores: dict[str, int] = {}
        breakdown: list[str] = []
        for side in table.sides:
            parts: list[str] = [
                counted("parcellus", "%(count)s card: %(count)s", "%(count)s cards: %(count)s", cards[side])
            ]
            points = cards[side]
            if side == jack:
                points += JACK_EXTRA
                parts.append(f"J♥ +{JACK_EXTRA}")
            if bonus[side]:
                points += bonus[side]
                if shared:
                    part = said(
                        "parcellus",
                        "most parcels (%(parcels)s) shared bonus %(bonus)s",
                        parcels=parcels[side],
                        bonus=bonus[side],
                    )
                else:
                    part = said(
                        "parcellus",
                        "most parcels (%(parcels)s) bonus %(bonus)s",
                        parcels=parcels[side],
                        bonus=bonus[side],
                    )
                parts.append(part)
            scores[side] = points
            breakdown.append(
                shaped("%(side)s: %(parts)s = %(points)s", side=side, parts=joined(parts), points=points)
            )
        if jack is None:
            breakdown.append(said("parcellus", "nobody captured the J♥"))
        extra = {
            "pass": state.passing,
            "parcels": parcels,
            "cards": cards,
            "jack_of_hearts": jack,
            "bonus": bonus,
        }
        return DealScore(scores, tuple(breakdown), extra), ParcellusState(state.deals + 1)

    def result(self, table: Table, state: ParcellusState, totals: Mapping[str, int], deals: int) -> Result:
        leader = best(totals)
        if leader is not None and totals[leader] >= table.options["target"]:
            return Result(True, leader)
        return Result(False)

    def next_deal(self, table: Table, state: ParcellusState, dealer: Dealer) -> dict[str, Any]:
        return {"dealer": dealer, "pass": state.passing}

    def facts(
        self, table: Table, state: ParcellusState, deals: tuple[DealRecord, ...], result: Result
    ) -> Facts:
        """Which way the cards are passed before the next deal."""
        direction = PASS_WORDS[state.passing]
        upcoming = (Fact(term("parcellus", "Pass cards"), direction),)
        return replace(super().facts(table, state, deals, result), upcoming=upcoming)
