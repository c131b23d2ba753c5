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
    DOUBLED_WORDS,
    GENERALE,
    GENERALE_VALUE,
    LOWEST_BID,
    PLUS_TWO,
    REACH_BID_80,
    MadeTest,
    Outcome,
    TieRule,
    belote_count,
    card_points_text,
    contract_text,
)
from games.common import other_side
from games.rounding import round10
from games.terms import said


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
    contract = contract_text(bid, trump)
    if m > 1:
        taken = said(
            "coinche",
            "%(taker)s take %(contract)s, %(double)s (× %(factor)s)",
            taker=t,
            contract=contract,
            double=DOUBLED_WORDS[double],
            factor=m,
        )
    else:
        taken = said("coinche", "%(taker)s take %(contract)s", taker=t, contract=contract)
    lines: list[str] = [taken]
    points = entry["points"]
    cards = {t: int(points[t]), d: int(points[d])}
    lines.append(card_points_text(t, d, cards))
    capot = entry.get("capot")
    capot_bonus = capot is not None and (capot_bid or generale_bid or rules.unbid_capot_bonus)
    if capot is not None:
        if capot_bonus:
            cards[capot] = n + CAPOT_LAST_TRICK_EXTRA
            lines.append(
                said(
                    "coinche",
                    "capot: %(side)s took all 8 tricks, last trick 100, so %(points)s card points",
                    side=capot,
                    points=cards[capot],
                )
            )
        else:
            lines.append(
                said(
                    "coinche",
                    "capot: %(side)s took all 8 tricks, no capot bonus (unbid_capot_bonus is off)",
                    side=capot,
                )
            )
    melds = scored_melds(sides, entry.get("melds"), trump, lines)
    belote = dict.fromkeys(sides, 0)
    declared = entry.get("belote")
    if declared:
        for side in sides:
            belote[side] = BELOTE_VALUE * belote_count(declared, side)
            if belote[side]:
                lines.append(said("coinche", "belote %(side)s: %(points)s", side=side, points=belote[side]))
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
            lines.append(said("coinche", "%(taker)s took all 8 tricks: capot made", taker=t))
            return Outcome.MADE
        lines.append(said("coinche", "%(taker)s did not take all 8 tricks: capot failed", taker=t))
        return Outcome.FAILED
    if deal.generale_bid:
        if deal.capot == t and deal.capot_alone:
            lines.append(
                said("coinche", "one player of %(taker)s took all 8 tricks alone: générale made", taker=t)
            )
            return Outcome.MADE
        if deal.capot == t:
            lines.append(said("coinche", "%(taker)s took not by one player alone: générale failed", taker=t))
        else:
            lines.append(said("coinche", "%(taker)s took not all 8 tricks: générale failed", taker=t))
        return Outcome.FAILED
    with_belote = rules.belote_in_contract
    tt = deal.cards[t] + deal.melds[t] + (deal.belote[t] if with_belote else 0)
    dt = deal.cards[d] + deal.melds[d] + (deal.belote[d] if with_belote else 0)
    # The points counted toward the contract, said once: "NS have 92" (belote left out, or not).
    if with_belote:
        have = said("coinche", "%(side)s have %(points)s", side=t, points=tt)
        both = said(
            "coinche", "%(taker)s and %(defence)s both have %(points)s", taker=t, defence=d, points=tt
        )
    else:
        have = said(
            "coinche", "%(side)s have %(points)s (belote not counted toward the contract)", side=t, points=tt
        )
        both = said(
            "coinche",
            "%(taker)s and %(defence)s both have %(points)s (belote not counted toward the contract)",
            taker=t,
            defence=d,
            points=tt,
        )
    test = rules.made_test
    if test is MadeTest.REACH_BID:
        need = REACH_BID_80 if bid == LOWEST_BID else int(bid)
        if tt >= need:
            lines.append(said("coinche", "%(have)s, at least %(need)s: made", have=have, need=need))
            return Outcome.MADE
        lines.append(said("coinche", "%(have)s, short of %(need)s: failed", have=have, need=need))
        return Outcome.FAILED
    need = int(bid) + (PLUS_TWO if test is MadeTest.BEAT_DEFENCE_PLUS_TWO else 0)
    if tt < need:
        if rules.round_deals and round10(tt) >= need:
            lines.append(
                said(
                    "coinche",
                    "%(have)s, short of %(need)s: failed (rounding never makes a contract)",
                    have=have,
                    need=need,
                )
            )
        else:
            lines.append(said("coinche", "%(have)s, short of %(need)s: failed", have=have, need=need))
        return Outcome.FAILED
    if tt < dt:
        lines.append(
            said(
                "coinche",
                "%(have)s, less than %(defence)s's %(theirs)s: failed",
                have=have,
                defence=d,
                theirs=dt,
            )
        )
        return Outcome.FAILED
    if tt > dt:
        lines.append(
            said(
                "coinche",
                "%(have)s (at least %(need)s) against %(defence)s's %(theirs)s: made",
                have=have,
                need=need,
                defence=d,
                theirs=dt,
            )
        )
        return Outcome.MADE
    if rules.tie_rule is TieRule.MADE_IF_BID_REACHED:
        lines.append(
            said(
                "coinche",
                "%(both)s; %(taker)s reached %(need)s: made (tie_rule)",
                both=both,
                taker=t,
                need=need,
            )
        )
        return Outcome.MADE
    if rules.tie_rule is TieRule.LITIGE:
        lines.append(said("coinche", "%(both)s: litige", both=both))
        return Outcome.LITIGE
    lines.append(
        said(
            "coinche",
            "%(both)s: %(taker)s needed more than %(defence)s, failed",
            both=both,
            taker=t,
            defence=d,
        )
    )
    return Outcome.FAILED


def transfer(rules: Rules, deal: Deal, outcome: Outcome, lines: list[str]) -> None:
    """Step 4: declarations and belote changing hands."""
    t, d = deal.taker, deal.defence
    melds, belote = deal.melds, deal.belote
    if rules.melds_to_winner:
        if outcome is Outcome.FAILED and melds[t]:
            lines.append(
                said(
                    "coinche",
                    "%(taker)s failed: their declarations (%(points)s) go to %(defence)s",
                    taker=t,
                    points=melds[t],
                    defence=d,
                )
            )
            melds[d] += melds[t]
            melds[t] = 0
        elif outcome is Outcome.MADE and deal.capot == t and melds[d]:
            lines.append(
                said(
                    "coinche",
                    "%(taker)s made capot: %(defence)s's declarations (%(points)s) go to %(taker)s",
                    taker=t,
                    points=melds[d],
                    defence=d,
                )
            )
            melds[t] += melds[d]
            melds[d] = 0
    if rules.belote_to_defence and outcome is Outcome.FAILED and belote[t]:
        lines.append(
            said(
                "coinche",
                "%(taker)s failed: their belote (%(points)s) goes to %(defence)s",
                taker=t,
                points=belote[t],
                defence=d,
            )
        )
        belote[d] += belote[t]
        belote[t] = 0
