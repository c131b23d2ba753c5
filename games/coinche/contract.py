"""Steps 1 to 4 of a La Coinche deal: card points and the capot bonus, declarations and belote, the
contract test, and the declarations or belote that change hands.

The result is a :class:`Deal` (the working values, which Step 4 may change) and an
:class:`~games.coinche.vocabulary.Outcome`; ``scoring.py`` turns them into the deal scores.
The contract test always uses unrounded points: rounding never makes a contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.coinche.melds import scored_melds
from games.coinche.rules import Rules
from games.coinche.vocabulary import (
    BELOTE_VALUE,
    CAPOT,
    CAPOT_LAST_TRICK_EXTRA,
    CAPOT_VALUE,
    GENERALE,
    GENERALE_VALUE,
    LOWEST_BID,
    PLUS_TWO,
    REACH_BID_80,
    MadeTest,
    Outcome,
    TieRule,
    belote_count,
    contract_text,
)
from games.common import other_side
from games.rounding import round10


@dataclass
class Deal:
    """The working values of one deal, as Steps 1 to 5 (the package docstring) build them."""

    taker: str
    defence: str
    n: int
    f0: int
    v: int
    m: int
    capot_bid: bool
    generale_bid: bool
    capot: str | None
    #: One player of the ``capot`` side won all 8 tricks alone (what a générale needs).
    capot_alone: bool
    capot_bonus: bool
    cards: dict[str, int]
    melds: dict[str, int]
    belote: dict[str, int]


def setup(rules: Rules, sides: tuple[str, ...], entry: Mapping[str, Any]) -> tuple[Deal, list[str]]:
    """Steps 1 and 2: card points (with the capot bonus), declarations and belote."""
    t = entry["taker"]
    d = other_side(sides, t)
    bid, trump, double = entry["bid"], entry["trump"], entry["double"]
    capot_bid = bid == CAPOT
    generale_bid = bid == GENERALE
    n = rules.totals[trump]
    m = rules.multipliers[double]
    lines = [f"{t} take {contract_text(bid, trump)}" + (f", {double}d (× {m})" if m > 1 else "")]
    points = entry["points"]
    cards = {t: int(points[t]), d: int(points[d])}
    lines.append(f"card points: {t} {cards[t]}, {d} {cards[d]}")
    capot = entry.get("capot")
    capot_bonus = capot is not None and (capot_bid or generale_bid or rules.unbid_capot_bonus)
    if capot is not None:
        if capot_bonus:
            cards[capot] = n + CAPOT_LAST_TRICK_EXTRA
            lines.append(f"capot: {capot} took all 8 tricks, last trick 100, so {cards[capot]} card points")
        else:
            lines.append(f"capot: {capot} took all 8 tricks, no capot bonus (unbid_capot_bonus is off)")
    melds = scored_melds(sides, entry.get("melds"), trump, lines)
    belote = dict.fromkeys(sides, 0)
    declared = entry.get("belote")
    if declared:
        for side in sides:
            belote[side] = BELOTE_VALUE * belote_count(declared, side)
            if belote[side]:
                lines.append(f"belote {side}: {belote[side]}")
    deal = Deal(
        taker=t,
        defence=d,
        n=n,
        f0=rules.in_deal(n),
        v=CAPOT_VALUE if capot_bid else GENERALE_VALUE if generale_bid else int(bid),
        m=m,
        capot_bid=capot_bid,
        generale_bid=generale_bid,
        capot=capot,
        capot_alone=bool(entry.get("capot_alone")),
        capot_bonus=capot_bonus,
        cards=cards,
        melds=melds,
        belote=belote,
    )
    return deal, lines


def contract_test(rules: Rules, deal: Deal, bid: Any, lines: list[str]) -> Outcome:
    """Step 3: the contract test, always on unrounded points."""
    t, d = deal.taker, deal.defence
    if deal.capot_bid:
        if deal.capot == t:
            lines.append(f"{t} took all 8 tricks: capot made")
            return Outcome.MADE
        lines.append(f"{t} did not take all 8 tricks: capot failed")
        return Outcome.FAILED
    if deal.generale_bid:
        if deal.capot == t and deal.capot_alone:
            lines.append(f"one player of {t} took all 8 tricks alone: générale made")
            return Outcome.MADE
        why = "not by one player alone" if deal.capot == t else "not all 8 tricks"
        lines.append(f"{t} took {why}: générale failed")
        return Outcome.FAILED
    with_belote = rules.belote_in_contract
    tt = deal.cards[t] + deal.melds[t] + (deal.belote[t] if with_belote else 0)
    dt = deal.cards[d] + deal.melds[d] + (deal.belote[d] if with_belote else 0)
    note = "" if with_belote else " (belote not counted toward the contract)"
    test = rules.made_test
    if test is MadeTest.REACH_BID:
        need = REACH_BID_80 if bid == LOWEST_BID else int(bid)
        if tt >= need:
            lines.append(f"{t} have {tt}, at least {need}{note}: made")
            return Outcome.MADE
        lines.append(f"{t} have {tt}, short of {need}{note}: failed")
        return Outcome.FAILED
    need = int(bid) + (PLUS_TWO if test is MadeTest.BEAT_DEFENCE_PLUS_TWO else 0)
    if tt < need:
        why = " (rounding never makes a contract)" if rules.round_deals and round10(tt) >= need else ""
        lines.append(f"{t} have {tt}, short of {need}{note}: failed{why}")
        return Outcome.FAILED
    if tt < dt:
        lines.append(f"{t} have {tt}, less than {d}'s {dt}{note}: failed")
        return Outcome.FAILED
    if tt > dt:
        lines.append(f"{t} have {tt} (at least {need}) against {d}'s {dt}{note}: made")
        return Outcome.MADE
    if rules.tie_rule is TieRule.MADE_IF_BID_REACHED:
        lines.append(f"{t} and {d} both have {tt}{note}; {t} reached {need}: made (tie_rule)")
        return Outcome.MADE
    if rules.tie_rule is TieRule.LITIGE:
        lines.append(f"{t} and {d} both have {tt}{note}: litige")
        return Outcome.LITIGE
    lines.append(f"{t} and {d} both have {tt}{note}: {t} needed more than {d}, failed")
    return Outcome.FAILED


def transfer(rules: Rules, deal: Deal, outcome: Outcome, lines: list[str]) -> None:
    """Step 4: declarations and belote changing hands."""
    t, d = deal.taker, deal.defence
    melds, belote = deal.melds, deal.belote
    if rules.melds_to_winner:
        if outcome is Outcome.FAILED and melds[t]:
            lines.append(f"{t} failed: their declarations ({melds[t]}) go to {d}")
            melds[d] += melds[t]
            melds[t] = 0
        elif outcome is Outcome.MADE and deal.capot == t and melds[d]:
            lines.append(f"{t} made capot: {d}'s declarations ({melds[d]}) go to {t}")
            melds[t] += melds[d]
            melds[d] = 0
    if rules.belote_to_defence and outcome is Outcome.FAILED and belote[t]:
        lines.append(f"{t} failed: their belote ({belote[t]}) goes to {d}")
        belote[d] += belote[t]
        belote[t] = 0
