"""Steps 1 to 6 of a classic Belote deal: card points and capot, declarations and belote, the test
against the defence, rounding, the deal scores, and the litige pot.

The test is always made on unrounded points (rounding never decides a deal); only card points are
rounded, and only when they are marked. The declarations are La Coinche's, compared the same way
(``games.coinche.melds``), and so are the sentences the two games share.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.belote.rules import BeloteState, Rules
from games.belote.vocabulary import DEAL_POINTS, FinalPot, Outcome, TieRule
from games.coinche.melds import scored_melds
from games.coinche.vocabulary import BELOTE_VALUE, card_points_text
from games.common import other_side
from games.terms import joined, said, shaped


@dataclass(frozen=True)
class DealOutcome:
    """What one counted deal comes to: the scores, the result, and the pot it leaves."""

    scores: dict[str, int]
    outcome: Outcome
    pot_shares: dict[str, int]
    meld_points: dict[str, int]
    belote_points: dict[str, int]
    lines: tuple[str, ...]


def score_deal(
    rules: Rules, sides: tuple[str, ...], entry: Mapping[str, Any], state: BeloteState
) -> DealOutcome:
    """One counted deal, with the pot the earlier deals left (``state``)."""
    t = entry["taker"]
    d = other_side(sides, t)
    capot = entry.get("capot")
    lines: list[str] = [said("belote", "%(taker)s take", taker=t)]
    cards = {side: int(entry["points"][side]) for side in (t, d)}
    lines.append(card_points_text(t, d, cards))
    # Step 1: the capot side's card points are the capot value
    if capot is not None:
        cards[capot] = rules.capot_value
        lines.append(
            said(
                "belote",
                "capot: %(side)s took all 8 tricks: %(points)s",
                side=capot,
                points=rules.capot_value,
            )
        )
    # Step 2: declarations (the best single one decides) and belote
    melds = scored_melds(sides, entry.get("melds"), entry.get("trump") or "", lines)
    belote = dict.fromkeys(sides, 0)
    if entry.get("belote") is not None:
        belote[entry["belote"]] = BELOTE_VALUE
        lines.append(
            said("coinche", "belote %(side)s: %(points)s", side=entry["belote"], points=BELOTE_VALUE)
        )
    outcome = _test(rules, t, d, cards, melds, belote, lines)
    marked = rules.marked(cards, t, d, capot)
    if marked != cards:
        lines.append(
            said(
                "belote",
                "card points as marked: %(taker)s %(taker_points)s, %(defence)s %(defence_points)s",
                taker=t,
                taker_points=marked[t],
                defence=d,
                defence_points=marked[d],
            )
        )
    shares = dict(state.pot_shares)
    if outcome is Outcome.MADE:
        scores = {side: marked[side] + melds[side] + belote[side] for side in sides}
        for side in (t, d):
            lines.append(_own_line(side, marked[side], melds[side], belote[side], scores[side]))
    elif outcome is Outcome.DEDANS:
        award = rules.award(rules.capot_value if capot == d else DEAL_POINTS)
        scores = {t: belote[t], d: award + melds[t] + melds[d] + belote[d]}
        terms = joined([str(award), *_extras(melds[t] + melds[d], belote[d])], " + ")
        lines.append(
            said(
                "belote",
                "%(side)s take the whole deal: %(sum)s = %(score)s",
                side=d,
                sum=terms,
                score=scores[d],
            )
        )
        if belote[t]:
            lines.append(said("coinche", "%(side)s: belote %(points)s kept", side=t, points=belote[t]))
        else:
            lines.append(said("coinche", "%(side)s: nothing", side=t))
    else:
        kept = belote[t] if not rules.belote_in_contract else 0
        held = marked[t] + melds[t] + belote[t] - kept
        scores = {t: kept, d: marked[d] + melds[d] + belote[d]}
        if kept:
            lines.append(
                said(
                    "belote",
                    "%(side)s: belote %(points)s scored now; %(held)s goes into the pot",
                    side=t,
                    points=kept,
                    held=held,
                )
            )
        else:
            lines.append(
                said("coinche", "%(side)s: 0 now; %(points)s goes into the pot", side=t, points=held)
            )
        lines.append(_own_line(d, marked[d], melds[d], belote[d], scores[d]))
        if shares:
            pot = sum(shares.values())
            lines.append(
                said("coinche", "the pot grows from %(pot)s to %(grown)s", pot=pot, grown=pot + held)
            )
        shares[t] = shares.get(t, 0) + held
    if outcome is not Outcome.LITIGE and shares:
        # Step 6: the held pot, as it stands, to the winner of this deal
        winner = t if outcome is Outcome.MADE else d
        pot = sum(shares.values())
        scores[winner] += pot
        lines.append(
            said("belote", "%(side)s win the deal and collect the pot of %(pot)s", side=winner, pot=pot)
        )
        shares = {}
    if shares and rules.deals is not None and state.counted + 1 == rules.deals:
        shares = _last_deal(rules, sides, shares, scores, lines)
    return DealOutcome({side: scores[side] for side in sides}, outcome, shares, melds, belote, tuple(lines))


def _test(
    rules: Rules,
    t: str,
    d: str,
    cards: Mapping[str, int],
    melds: Mapping[str, int],
    belote: Mapping[str, int],
    lines: list[str],
) -> Outcome:
    """Step 3: the taker must total more than the defence, on unrounded points."""
    b = 1 if rules.belote_in_contract else 0
    tt = cards[t] + melds[t] + b * belote[t]
    dt = cards[d] + melds[d] + b * belote[d]
    if rules.belote_in_contract:
        have = said("coinche", "%(side)s have %(points)s", side=t, points=tt)
    else:
        have = said(
            "coinche", "%(side)s have %(points)s (belote not counted toward the contract)", side=t, points=tt
        )
    if tt != dt:
        outcome = Outcome.MADE if tt > dt else Outcome.DEDANS
        if outcome is Outcome.MADE:
            line = said(
                "belote", "%(have)s against %(defence)s's %(theirs)s: made", have=have, defence=d, theirs=dt
            )
        else:
            line = said(
                "belote", "%(have)s against %(defence)s's %(theirs)s: dedans", have=have, defence=d, theirs=dt
            )
        lines.append(line)
        return outcome
    both = said("coinche", "%(taker)s and %(defence)s both have %(points)s", taker=t, defence=d, points=tt)
    if rules.tie_rule is TieRule.MADE:
        lines.append(said("belote", "%(both)s: made (tie_rule)", both=both))
        return Outcome.MADE
    if rules.tie_rule is TieRule.DEDANS:
        lines.append(said("belote", "%(both)s: dedans (tie_rule)", both=both))
        return Outcome.DEDANS
    lines.append(said("coinche", "%(both)s: litige", both=both))
    return Outcome.LITIGE


def _extras(meld_points: int, belote_points: int) -> list[str]:
    out: list[str] = []
    if meld_points:
        out.append(said("coinche", "declarations %(points)s", points=meld_points))
    if belote_points:
        out.append(said("coinche", "belote %(points)s", points=belote_points))
    return out


def _own_line(side: str, cards: int, meld_points: int, belote_points: int, score: int) -> str:
    """ "NS: 92 + belote 20 = 112": a side's own marked points."""
    extras = _extras(meld_points, belote_points)
    if not extras:
        return shaped("%(side)s: %(score)s", side=side, score=score)
    terms = joined([str(cards), *extras], " + ")
    return shaped("%(side)s: %(sum)s = %(score)s", side=side, sum=terms, score=score)


def _last_deal(
    rules: Rules, sides: tuple[str, ...], shares: dict[str, int], scores: dict[str, int], lines: list[str]
) -> dict[str, int]:
    """Step 6 at the end of a fixed-length partie: a pot still held is handed back, or lost."""
    if rules.final_pot is FinalPot.LOST:
        lines.append(
            said(
                "belote",
                "last deal of the partie: the pot of %(pot)s is not scored",
                pot=sum(shares.values()),
            )
        )
        return shares
    for side in sides:
        if shares.get(side):
            scores[side] += shares[side]
            lines.append(
                said(
                    "belote",
                    "last deal of the partie: %(side)s get back the %(points)s they put into the pot",
                    side=side,
                    points=shares[side],
                )
            )
    return {}
