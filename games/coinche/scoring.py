"""Steps 5 to 7 of a La Coinche deal: the deal scores by the double formula, the litige pot, rounding.

Only the card totals ever need rounding (every other term is a multiple of 10), and only with
``rounding = deal``; with ``rounding = total`` the deal scores stay exact and the score sheet rounds
the running totals instead (``Rules.on_sheet``). The contract has been decided before this step, on
unrounded points (``contract.py``).
"""

from __future__ import annotations

from games.coinche.contract import Deal
from games.coinche.rules import Rules
from games.coinche.vocabulary import CAPOT_LAST_TRICK_EXTRA, CAPOT_VALUE, DoubleFormula, Outcome


def deal_scores(
    rules: Rules, deal: Deal, outcome: Outcome, pot: int, lines: list[str]
) -> tuple[dict[str, int], int]:
    """Steps 5 and 6: the deal scores by the double formula, and the litige pot."""
    t, d = deal.taker, deal.defence
    if outcome is Outcome.MADE:
        st, sd = _made(rules, deal, lines)
        if pot:
            lines.append(f"{t} made the contract and collect the pot of {pot}")
            st += pot
            pot = 0
        return {t: st, d: sd}, pot
    if outcome is Outcome.FAILED:
        st, sd = _failed(rules, deal, lines)
        if pot:
            lines.append(f"the pot of {pot} keeps waiting for a made contract")
        return {t: st, d: sd}, pot
    held, sd = _litige(rules, deal, lines)
    if pot:
        lines.append(f"the pot grows from {pot} to {pot + held}")
    return {t: 0, d: sd}, pot + held


def _own(rules: Rules, deal: Deal, side: str) -> tuple[int, str]:
    """A side's own total (cards + scored declarations + belote) as the deal scores it, and in words."""
    raw = deal.cards[side] + deal.melds[side] + deal.belote[side]
    own = rules.in_deal(raw)
    return own, f"round10({raw}) = {own}" if rules.round_deals else str(raw)


def _made(rules: Rules, deal: Deal, lines: list[str]) -> tuple[int, int]:
    t, d, m, v = deal.taker, deal.defence, deal.m, deal.v
    mp, bp = deal.melds, deal.belote
    formula = rules.formula
    times = f" × {m}" if m > 1 else ""
    own_t, text_t = _own(rules, deal, t)
    own_d, text_d = _own(rules, deal, d)
    if formula is DoubleFormula.WINNER_TAKES_ALL and m > 1:
        capot_made = deal.capot == t and deal.capot_bonus
        p = rules.in_deal(deal.n + CAPOT_LAST_TRICK_EXTRA) if capot_made else deal.f0
        md = mp[d] if rules.melds_to_winner else 0
        st, sd = (p + mp[t] + md + bp[t] + v) * m, bp[d]
        terms = f" + declarations {mp[t] + md}" if mp[t] + md else ""
        terms += f" + belote {bp[t]}" if bp[t] else ""
        lines.append(f"{t}: ({p}{terms} + contract {v}){times} = {st}")
        lines.append(f"{d}: the loser of a doubled contract keeps only its belote: {sd}")
        return st, sd
    if formula is DoubleFormula.BID_ONLY:
        st, sd = own_t + v * m, own_d
        lines.append(f"{t}: {text_t} + contract {v}{times} = {st}")
        lines.append(f"{d}: {text_d}")
        return st, sd
    # all_scores multiplies both sides, winner_only the taker alone (winner_takes_all is undoubled here)
    d_factor = m if formula is DoubleFormula.ALL_SCORES else 1
    st, sd = (own_t + v) * m, own_d * d_factor
    if m > 1:
        lines.append(f"{t}: ({text_t} + contract {v}){times} = {st}")
    else:
        lines.append(f"{t}: {text_t} + contract {v} = {st}")
    if d_factor > 1:
        lines.append(f"{d}: {text_d}{times} = {sd}")
    elif m > 1:
        lines.append(f"{d}: {text_d}, not multiplied (only the contract winner's score is)")
    else:
        lines.append(f"{d}: {text_d}")
    return st, sd


def _failed(rules: Rules, deal: Deal, lines: list[str]) -> tuple[int, int]:
    t, d, m, v = deal.taker, deal.defence, deal.m, deal.v
    mp, bp = deal.melds, deal.belote
    formula = rules.formula
    times = f" × {m}" if m > 1 else ""
    k = rules.failed_capot_value - CAPOT_VALUE if deal.capot_bid else deal.f0
    if deal.capot_bid:
        base = f"failed capot {k + v}"
    else:
        base = f"{k} + {'générale' if deal.generale_bid else 'contract'} {v}"
    extras = (f" + declarations {mp[d]}" if mp[d] else "") + (f" + belote {bp[d]}" if bp[d] else "")
    if formula is DoubleFormula.BID_ONLY:
        st, sd = bp[t], k + v * m + mp[d] + bp[d]
        if m > 1:
            base = f"{k} + contract {v}{times}"
        lines.append(f"{d}: {base}{extras} = {sd}")
    elif formula is DoubleFormula.WINNER_ONLY:
        st, sd = bp[t], (k + v) * m + mp[d] + bp[d]
        multiplied = f"({base}){times}" if m > 1 else base
        lines.append(f"{d}: {multiplied}{extras} = {sd}")
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
    return st, sd


def _litige(rules: Rules, deal: Deal, lines: list[str]) -> tuple[int, int]:
    """Step 6: the taker's own total goes into the pot; the defence scores its own."""
    t, d = deal.taker, deal.defence
    factor = deal.m if rules.formula is DoubleFormula.ALL_SCORES else 1
    shown = f" × {factor}" if factor > 1 else ""
    own_t, text_t = _own(rules, deal, t)
    own_d, text_d = _own(rules, deal, d)
    held, sd = own_t * factor, own_d * factor
    lines.append(f"{t}: 0 now; {text_t}{shown}" + (f" = {held}" if factor > 1 else "") + " goes into the pot")
    lines.append(f"{d}: {text_d}{shown}" + (f" = {sd}" if factor > 1 else ""))
    return held, sd
