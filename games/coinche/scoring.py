"""Steps 5 and 6 of a La Coinche deal: the deal scores by the double formula, and the litige pot.

Only the card totals ever need rounding (every other term is a multiple of 10); the contract has
been decided before this step, on unrounded points (``contract.py``).
"""

from __future__ import annotations

from games.coinche.contract import Deal
from games.coinche.rules import Rules
from games.coinche.vocabulary import CAPOT_LAST_TRICK_EXTRA, CAPOT_VALUE, DoubleFormula, Outcome
from games.rounding import round10


def deal_scores(
    rules: Rules, deal: Deal, outcome: Outcome, pot: int, lines: list[str]
) -> tuple[dict[str, int], int]:
    """Steps 5 and 6: the deal scores by the double formula, and the litige pot."""
    t, d, m, v = deal.taker, deal.defence, deal.m, deal.v
    c, mp, bp = deal.cards, deal.melds, deal.belote
    formula = rules.formula
    times = f" × {m}" if m > 1 else ""
    raw_t, raw_d = c[t] + mp[t] + bp[t], c[d] + mp[d] + bp[d]
    own_t, own_d = round10(raw_t), round10(raw_d)
    if outcome is Outcome.MADE:
        if formula is DoubleFormula.WINNER_TAKES_ALL and m > 1:
            capot_made = deal.capot == t and deal.capot_bonus
            p = round10(deal.n + CAPOT_LAST_TRICK_EXTRA) if capot_made else deal.f0
            md = mp[d] if rules.melds_to_winner else 0
            st, sd = (p + mp[t] + md + bp[t] + v) * m, bp[d]
            terms = f" + declarations {mp[t] + md}" if mp[t] + md else ""
            terms += f" + belote {bp[t]}" if bp[t] else ""
            lines.append(f"{t}: ({p}{terms} + contract {v}){times} = {st}")
            lines.append(f"{d}: the loser of a doubled contract keeps only its belote: {sd}")
        elif formula is DoubleFormula.BID_ONLY:
            st, sd = own_t + v * m, own_d
            lines.append(f"{t}: round10({raw_t}) = {own_t} + contract {v}{times} = {st}")
            lines.append(f"{d}: round10({raw_d}) = {sd}")
        else:
            factor = m if formula is DoubleFormula.ALL_SCORES else 1
            st, sd = (own_t + v) * factor, own_d * factor
            if factor > 1:
                lines.append(f"{t}: (round10({raw_t}) = {own_t} + contract {v}){times} = {st}")
                lines.append(f"{d}: round10({raw_d}) = {own_d}{times} = {sd}")
            else:
                lines.append(f"{t}: round10({raw_t}) = {own_t} + contract {v} = {st}")
                lines.append(f"{d}: round10({raw_d}) = {sd}")
        if pot:
            lines.append(f"{t} made the contract and collect the pot of {pot}")
            st += pot
            pot = 0
        return {t: st, d: sd}, pot
    if outcome is Outcome.FAILED:
        k = rules.failed_capot_value - CAPOT_VALUE if deal.capot_bid else deal.f0
        base = f"failed capot {k + v}" if deal.capot_bid else f"{k} + contract {v}"
        extras = (f" + declarations {mp[d]}" if mp[d] else "") + (f" + belote {bp[d]}" if bp[d] else "")
        if formula is DoubleFormula.BID_ONLY:
            st, sd = bp[t], k + v * m + mp[d] + bp[d]
            if m > 1:
                base = f"{k} + contract {v}{times}"
            lines.append(f"{d}: {base}{extras} = {sd}")
        else:
            factor = m if formula is DoubleFormula.ALL_SCORES else 1
            st, sd = bp[t] * factor, (k + v + mp[d] + bp[d]) * m
            if m > 1:
                lines.append(f"{d}: ({base}{extras}){times} = {sd}")
            elif extras or not deal.capot_bid:
                lines.append(f"{d}: {base}{extras} = {sd}")
            else:
                lines.append(f"{d}: {base}")
        if not bp[t]:
            lines.append(f"{t}: nothing")
        elif st != bp[t]:
            lines.append(f"{t}: belote {bp[t]} kept{times} = {st}")
        else:
            lines.append(f"{t}: belote {bp[t]} kept")
        if pot:
            lines.append(f"the pot of {pot} keeps waiting for a made contract")
        return {t: st, d: sd}, pot
    factor = m if formula is DoubleFormula.ALL_SCORES else 1
    shown = f" × {factor}" if factor > 1 else ""
    held, sd = own_t * factor, own_d * factor
    lines.append(
        f"{t}: 0 now; round10({raw_t}) = {own_t}{shown}"
        + (f" = {held}" if factor > 1 else "")
        + " goes into the pot"
    )
    lines.append(f"{d}: round10({raw_d}) = {own_d}{shown}" + (f" = {sd}" if factor > 1 else ""))
    if pot:
        lines.append(f"the pot grows from {pot} to {pot + held}")
    return {t: 0, d: sd}, pot + held
