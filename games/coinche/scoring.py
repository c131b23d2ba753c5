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
from games.terms import joined, said, shaped


def deal_scores(
    rules: Rules, deal: Deal, outcome: Outcome, pot: int, lines: list[str]
) -> tuple[dict[str, int], int]:
    """Steps 5 and 6: the deal scores by the double formula, and the litige pot."""
    t, d = deal.taker, deal.defence
    if outcome is Outcome.MADE:
        st, sd = _made(rules, deal, lines)
        if pot:
            lines.append(
                said(
                    "coinche", "%(taker)s made the contract and collect the pot of %(pot)s", taker=t, pot=pot
                )
            )
            st += pot
            pot = 0
        return {t: st, d: sd}, pot
    if outcome is Outcome.FAILED:
        st, sd = _failed(rules, deal, lines)
        if pot:
            lines.append(said("coinche", "the pot of %(pot)s keeps waiting for a made contract", pot=pot))
        return {t: st, d: sd}, pot
    held, sd = _litige(rules, deal, lines)
    if pot:
        lines.append(said("coinche", "the pot grows from %(pot)s to %(grown)s", pot=pot, grown=pot + held))
    return {t: 0, d: sd}, pot + held


def _own(rules: Rules, deal: Deal, side: str) -> tuple[int, str]:
    """A side's own total (cards + scored declarations + belote) as the deal scores it, and in words."""
    raw = deal.cards[side] + deal.melds[side] + deal.belote[side]
    own = rules.in_deal(raw)
    if not rules.round_deals:
        return own, str(raw)
    return own, said("coinche", "%(raw)s rounded to the nearest ten = %(own)s", raw=raw, own=own)


def _sum(*terms: str) -> str:
    """Terms added up in words ("82 + declarations 20 + contract 80"), empty terms left out."""
    return joined([term for term in terms if term], " + ")


def _declarations(points: int) -> str:
    return said("coinche", "declarations %(points)s", points=points) if points else ""


def _belote(points: int) -> str:
    return said("coinche", "belote %(points)s", points=points) if points else ""


def _contract(points: int) -> str:
    return said("coinche", "contract %(points)s", points=points)


def _line(side: str, terms: str, score: int, times: str = "", *, brackets: bool = False) -> str:
    """ "NS: (82 + contract 80) × 2 = 324": a side, its terms, the multiplier and the score."""
    if brackets:
        return shaped(
            "%(side)s: (%(sum)s)%(times)s = %(score)s", side=side, sum=terms, times=times, score=score
        )
    return shaped("%(side)s: %(sum)s%(times)s = %(score)s", side=side, sum=terms, times=times, score=score)


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
        terms = _sum(str(p), _declarations(mp[t] + md), _belote(bp[t]), _contract(v))
        lines.append(_line(t, terms, st, times, brackets=True))
        lines.append(
            said(
                "coinche",
                "%(side)s: the loser of a doubled contract keeps only its belote: %(score)s",
                side=d,
                score=sd,
            )
        )
        return st, sd
    if formula is DoubleFormula.BID_ONLY:
        st, sd = own_t + v * m, own_d
        lines.append(_line(t, _sum(text_t, _contract(v)), st, times))
        lines.append(shaped("%(side)s: %(text)s", side=d, text=text_d))
        return st, sd
    # all_scores multiplies both sides, winner_only the taker alone (winner_takes_all is undoubled here)
    d_factor = m if formula is DoubleFormula.ALL_SCORES else 1
    st, sd = (own_t + v) * m, own_d * d_factor
    lines.append(_line(t, _sum(text_t, _contract(v)), st, times, brackets=m > 1))
    if d_factor > 1:
        lines.append(_line(d, text_d, sd, times))
    elif m > 1:
        lines.append(
            said(
                "coinche",
                "%(side)s: %(text)s, not multiplied (only the contract winner's score is)",
                side=d,
                text=text_d,
            )
        )
    else:
        lines.append(shaped("%(side)s: %(text)s", side=d, text=text_d))
    return st, sd


def _failed(rules: Rules, deal: Deal, lines: list[str]) -> tuple[int, int]:
    t, d, m, v = deal.taker, deal.defence, deal.m, deal.v
    mp, bp = deal.melds, deal.belote
    formula = rules.formula
    times = f" × {m}" if m > 1 else ""
    k = rules.failed_capot_value - CAPOT_VALUE if deal.capot_bid else deal.f0
    base: str
    if deal.capot_bid:
        base = said("coinche", "failed capot %(points)s", points=k + v)
    elif deal.generale_bid:
        base = _sum(str(k), said("coinche", "générale %(points)s", points=v))
    else:
        base = _sum(str(k), _contract(v))
    extras = (_declarations(mp[d]), _belote(bp[d]))
    if formula is DoubleFormula.BID_ONLY:
        st, sd = bp[t], k + v * m + mp[d] + bp[d]
        if m > 1:
            base = _sum(str(k), shaped("%(contract)s%(times)s", contract=_contract(v), times=times))
        lines.append(_line(d, _sum(base, *extras), sd))
    elif formula is DoubleFormula.WINNER_ONLY:
        st, sd = bp[t], (k + v) * m + mp[d] + bp[d]
        multiplied = shaped("(%(sum)s)%(times)s", sum=base, times=times) if m > 1 else base
        lines.append(_line(d, _sum(multiplied, *extras), sd))
    else:
        factor = m if formula is DoubleFormula.ALL_SCORES else 1
        st, sd = bp[t] * factor, (k + v + mp[d] + bp[d]) * m
        if m > 1:
            lines.append(_line(d, _sum(base, *extras), sd, times, brackets=True))
        elif any(extras) or not deal.capot_bid:
            lines.append(_line(d, _sum(base, *extras), sd))
        else:
            lines.append(shaped("%(side)s: %(text)s", side=d, text=base))
    if not bp[t]:
        lines.append(said("coinche", "%(side)s: nothing", side=t))
    elif st != bp[t]:
        lines.append(
            said(
                "coinche",
                "%(side)s: belote %(points)s kept%(times)s = %(score)s",
                side=t,
                points=bp[t],
                times=times,
                score=st,
            )
        )
    else:
        lines.append(said("coinche", "%(side)s: belote %(points)s kept", side=t, points=bp[t]))
    return st, sd


def _litige(rules: Rules, deal: Deal, lines: list[str]) -> tuple[int, int]:
    """Step 6: the taker's own total goes into the pot; the defence scores its own."""
    t, d = deal.taker, deal.defence
    factor = deal.m if rules.formula is DoubleFormula.ALL_SCORES else 1
    own_t, text_t = _own(rules, deal, t)
    own_d, text_d = _own(rules, deal, d)
    held, sd = own_t * factor, own_d * factor
    if factor > 1:
        lines.append(
            said(
                "coinche",
                "%(side)s: 0 now; %(points)s × %(factor)s = %(held)s goes into the pot",
                side=t,
                points=text_t,
                factor=factor,
                held=held,
            )
        )
        lines.append(_line(d, text_d, sd, f" × {factor}"))
    else:
        lines.append(said("coinche", "%(side)s: 0 now; %(points)s goes into the pot", side=t, points=text_t))
        lines.append(shaped("%(side)s: %(text)s", side=d, text=text_d))
    return held, sd
