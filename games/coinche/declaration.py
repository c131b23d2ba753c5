"""La Coinche's one declaration: the deal entry's fields with their checks, the options, the presets.

Validation, ``python -m games schema coinche``, the API, the entry form and the tables of
``docs/games/coinche.md`` are all generated from these three values, which the
:class:`~games.coinche.Coinche` class carries. The meld checks live with the melds
(``melds.py``); the options and presets are declared in ``options.py`` and importable from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.coinche.melds import MELD, carres_count, melds_allowed, no_shared_cards, sequences_fit
from games.coinche.options import OPTIONS, PRESETS
from games.coinche.vocabulary import (
    BID_WORDS,
    CAPOT,
    GENERALE,
    MAX_BELOTES_ALL_TRUMP,
    MAX_BELOTES_SUIT,
    Contract,
    Double,
    belotes_declared,
    deal_total,
    values_of,
)
from games.common import SUITS, adds_up_to, only_field
from games.declaration import EntryContext, Field, Rule, When
from games.terms import problem, term
from games.values import Boolean, Choice, Integer, ListOf, OneOf, PerSide, SideRef

LATER_FIELDS = ("taker", "bid", "trump", "double", "points", "capot", "capot_alone", "belote", "melds")


def _unless_dead(raw: Mapping[str, Any]) -> bool:
    return raw.get("dead") is not True


def _allowed_bids(ctx: Any) -> tuple[str, ...]:
    return (CAPOT, GENERALE) if ctx.options.get("generale") else (CAPOT,)


def _allowed_contracts(ctx: Any) -> tuple[str, ...]:
    extra = []
    if ctx.options.get("no_trump"):
        extra.append(Contract.NO_TRUMP.value)
    if ctx.options.get("all_trump"):
        extra.append(Contract.ALL_TRUMP.value)
    return (*SUITS, *extra)


def _entry_total(ctx: Any) -> int:
    """N for the entry being checked (its ``trump`` is validated before ``points``)."""
    trump = ctx.clean.get("trump") if isinstance(ctx, EntryContext) else None
    return deal_total(trump if isinstance(trump, str) else SUITS[0], str(ctx.options["point_scale"]))


def _capot_doublable(value: Any, ctx: EntryContext) -> str | None:
    bid = ctx.clean.get("bid")
    if not ctx.options["capot_doublable"] and isinstance(bid, str) and value != Double.NONE:
        return problem(
            "coinche",
            "capot_not_doublable",
            'a %(bid)s bid cannot be coinched with these options (capot_doublable is off): double must be "none"',
            bid=BID_WORDS[bid],
        )
    return None


def _capot_holds_all(value: Any, ctx: EntryContext) -> str | None:
    if value is None:
        return None
    total = _entry_total(ctx)
    points = ctx.clean.get("points", {})
    if points.get(value) != total:
        return problem(
            "coinche",
            "capot_without_all_points",
            "%(side)s took all 8 tricks, so %(side)s must have all %(total)s points (points give %(side)s %(points)s)",
            side=value,
            total=total,
            points=points.get(value),
        )
    return None


def _alone_needs_capot(value: Any, ctx: EntryContext) -> str | None:
    if value is True and ctx.clean.get("capot") is None:
        return problem(
            "coinche",
            "alone_without_capot",
            "capot_alone is true, so capot must name the side that won all 8 tricks",
        )
    return None


def _belote_count_fits(value: Any, ctx: EntryContext) -> str | None:
    count = belotes_declared(value)
    trump = ctx.clean.get("trump")
    if trump == Contract.NO_TRUMP and count:
        return problem("coinche", "belote_at_no_trump", "there is no belote at no-trump")
    if trump == Contract.ALL_TRUMP and count > MAX_BELOTES_ALL_TRUMP:
        return problem(
            "coinche",
            "too_many_belotes",
            "at most %(most)s belotes at all-trump (one per suit), not %(count)s",
            most=MAX_BELOTES_ALL_TRUMP,
            count=count,
        )
    if trump in SUITS and count > MAX_BELOTES_SUIT:
        return problem(
            "coinche",
            "too_many_belotes",
            "only one belote in a suit contract (the K and Q of trumps), not %(count)s",
            count=count,
        )
    return None


FIELDS: tuple[Field, ...] = (
    Field(
        "dead",
        Boolean(),
        term(
            "coinche",
            "true when all four passed: the deal is dead, scores nothing, and the next player deals.",
        ),
        required=False,
        default=False,
        rules=(only_field(*LATER_FIELDS),),
        label=term("coinche", "All passed"),
        hint=term("coinche", "All four passed: the deal is dead, scores nothing, and the next player deals."),
    ),
    Field(
        "taker",
        SideRef(),
        term("coinche", "The side that won the auction."),
        required=_unless_dead,
        required_text="yes, unless dead",
        label=term("coinche", "Taker"),
    ),
    Field(
        "bid",
        OneOf(
            (
                Integer(80, 250, 10),
                Choice(
                    (CAPOT, GENERALE),
                    allowed=_allowed_bids,
                    note=term("coinche", "generale only with the option generale"),
                    labels=tuple(BID_WORDS.items()),
                ),
            )
        ),
        term(
            "coinche",
            'The contract: a multiple of 10 from 80 to 250, "capot" (all 8 tricks), or "generale" (one '
            "player alone wins all 8 tricks; it outbids capot).",
        ),
        required=_unless_dead,
        required_text="yes, unless dead",
        label=term("coinche", "Bid"),
        hint=term(
            "coinche",
            "The contract: 80 to 250 in tens, capot (all 8 tricks), or générale (one player alone wins all 8 tricks; it outbids capot).",
        ),
    ),
    Field(
        "trump",
        Choice(
            (*SUITS, Contract.NO_TRUMP.value, Contract.ALL_TRUMP.value),
            allowed=_allowed_contracts,
            labels=(
                (Contract.NO_TRUMP.value, term("coinche", "no trump")),
                (Contract.ALL_TRUMP.value, term("coinche", "all trump")),
            ),
            note=term("coinche", "no-trump only with the option no_trump, all-trump only with all_trump"),
        ),
        term("coinche", "The trump suit of the contract, or no-trump / all-trump."),
        required=_unless_dead,
        required_text="yes, unless dead",
        label=term("coinche", "Trump"),
    ),
    Field(
        "double",
        Choice(
            values_of(Double),
            labels=(
                (Double.NONE.value, term("coinche", "none")),
                (Double.COINCHE.value, term("coinche", "coinche")),
                (Double.SURCOINCHE.value, term("coinche", "surcoinche")),
            ),
        ),
        term("coinche", "coinche: doubled by the defence; surcoinche: redoubled by the taker."),
        required=False,
        default=Double.NONE.value,
        rules=(
            Rule(
                term("coinche", 'With capot_doublable false, a "capot" or "generale" bid must have "none".'),
                _capot_doublable,
            ),
        ),
        label=term("coinche", "Doubled"),
        hint=term("coinche", "Coinche: doubled by the defence; surcoinche: redoubled by the taker."),
    ),
    Field(
        "points",
        PerSide(Integer(0, _entry_total, high_label="N")),
        term(
            "coinche",
            "Card points taken by each side, including the 10 for the last trick. N is the deal total: "
            "162 in a suit contract; 130 at no-trump and 258 at all-trump with point_scale parlett; "
            "162 for both with point_scale ffb.",
        ),
        required=_unless_dead,
        required_text="yes, unless dead",
        rules=(adds_up_to(_entry_total, "points", follows="trump"),),
        label=term("coinche", "Card points"),
        hint=term(
            "coinche",
            "Card points taken by each side, the last trick's 10 included: 162 in a suit contract; at no-trump and all-trump as the options count the cards.",
        ),
    ),
    Field(
        "capot",
        SideRef(),
        term("coinche", "The side that won all 8 tricks (never inferred from the points)."),
        required=False,
        nullable=True,
        default=None,
        rules=(
            Rule(term("coinche", "That side must have points = N (the other side 0)."), _capot_holds_all),
        ),
        label=term("coinche", "Capot"),
    ),
    Field(
        "capot_alone",
        Boolean(),
        term(
            "coinche",
            "true when one player of the capot side won all 8 tricks by himself (his partner won none): "
            'what a "generale" bid needs. It changes nothing for any other bid.',
        ),
        required=False,
        default=False,
        rules=(Rule(term("coinche", "`true` needs `capot` to name a side."), _alone_needs_capot),),
        asked_when=When("generale", (True,)),
        label=term("coinche", "Capot by one player alone"),
        hint=term(
            "coinche",
            "One player of the capot side won all 8 tricks by himself (his partner won none): what a générale bid needs.",
        ),
    ),
    Field(
        "belote",
        OneOf((SideRef(), ListOf(SideRef()))),
        term(
            "coinche",
            "Who declared belote (K and Q of trumps in one hand): one side name, or one list entry per "
            "belote; null or [] for none.",
        ),
        required=False,
        nullable=True,
        default=None,
        rules=(
            Rule(
                term("coinche", "None at no-trump; at most 1 in a suit contract; at most 4 at all-trump."),
                _belote_count_fits,
            ),
        ),
        label=term("coinche", "Belote"),
        hint=term("coinche", "Who declared belote (K and Q of trumps in one hand), once for each belote."),
    ),
    Field(
        "melds",
        PerSide(ListOf(MELD), all_sides=False),
        term(
            "coinche",
            'Declarations of each side (a side may be left out): {"meld": "tierce"|"quarte"|"quinte", '
            '"top": rank, "suit": suit} or {"meld": "carre", "rank": rank}.',
        ),
        required=False,
        default={},
        rules=(
            Rule(
                term("coinche", "Any non-empty list while the option declarations is off is an error."),
                melds_allowed,
            ),
            Rule(
                term(
                    "coinche",
                    "A sequence must fit: the position of top in A K Q J 10 9 8 7 plus its length is at most 8.",
                ),
                sequences_fit,
            ),
            Rule(
                term("coinche", "Four 8s and four 7s never count; four Nines do not count at no-trump."),
                carres_count,
            ),
            Rule(
                term("coinche", "No card may belong to two declarations, on the same side or across sides."),
                no_shared_cards,
            ),
        ),
        label=term("coinche", "Declarations"),
        hint=term(
            "coinche",
            "Each side's declarations: a tierce, quarte or quinte (its top card and suit), or a carré (its rank).",
        ),
    ),
)

__all__ = ["FIELDS", "LATER_FIELDS", "OPTIONS", "PRESETS"]
