"""La Coinche's one declaration: the deal entry's fields with their checks, the options, the presets.

Validation, ``python -m games schema coinche``, the API, the entry form and the tables of
``docs/games/coinche.md`` are all generated from these three values, which the
:class:`~games.coinche.Coinche` class carries. The meld checks live with the melds
(``melds.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.coinche.melds import MELD, carres_count, melds_allowed, no_shared_cards, sequences_fit
from games.coinche.vocabulary import (
    BID_WORDS,
    CAPOT,
    GENERALE,
    MAX_BELOTES_ALL_TRUMP,
    MAX_BELOTES_SUIT,
    BeloteOnFailure,
    Contract,
    Double,
    DoubleFormula,
    FinalTie,
    MadeTest,
    PointScale,
    Preset,
    Rounding,
    TieRule,
    belotes_declared,
    deal_total,
    values_of,
)
from games.common import SUITS, adds_up_to, only_field
from games.declaration import EntryContext, Field, Option, Rule, When
from games.terms import problem, term
from games.values import Boolean, Choice, Integer, ListOf, OneOf, PerSide, Seat, SideRef

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

OPTIONS: tuple[Option, ...] = (
    Option(
        "target",
        Integer(low=10),
        1000,
        term("coinche", "Points that win the match."),
        label=term("coinche", "Points to win"),
    ),
    Option(
        "made_test",
        Choice(
            values_of(MadeTest),
            labels=(
                (MadeTest.BEAT_DEFENCE.value, term("coinche", "bid reached, defence beaten")),
                (MadeTest.BEAT_DEFENCE_PLUS_TWO.value, term("coinche", "bid + 2 reached, defence beaten")),
                (MadeTest.REACH_BID.value, term("coinche", "bid reached")),
            ),
        ),
        MadeTest.BEAT_DEFENCE.value,
        term(
            "coinche",
            "beat_defence: the taker needs at least the bid and more than the defence; "
            "beat_defence_plus_two: the same with at least bid + 2; reach_bid: at least the bid "
            "(82 for an 80 bid), whatever the defence took.",
        ),
        label=term("coinche", "Contract made when"),
        hint=term(
            "coinche",
            "The taker needs at least the bid and more points than the defence (with + 2: at least the bid plus 2), or only the bid (82 for an 80 bid), whatever the defence took.",
        ),
    ),
    Option(
        "tie_rule",
        Choice(
            values_of(TieRule),
            labels=(
                (TieRule.FAILED.value, term("coinche", "the contract fails")),
                (TieRule.MADE_IF_BID_REACHED.value, term("coinche", "made if the bid is reached")),
                (TieRule.LITIGE.value, term("coinche", "litige: points held in a pot")),
            ),
        ),
        TieRule.FAILED.value,
        term(
            "coinche",
            "A tie at or above the bid under the beat_defence tests: failed, made_if_bid_reached, or "
            "litige (the taker's points are held in a pot for the next made contract).",
        ),
        label=term("coinche", "A tie at the bid"),
        hint=term(
            "coinche",
            "When the taker ties with the defence at or above the bid (and must beat the defence): the contract fails, it is made, or litige: the taker's points wait in a pot for the next made contract.",
        ),
    ),
    Option(
        "double_formula",
        Choice(
            values_of(DoubleFormula),
            labels=(
                (DoubleFormula.ALL_SCORES.value, term("coinche", "every score")),
                (DoubleFormula.WINNER_TAKES_ALL.value, term("coinche", "winner takes all")),
                (DoubleFormula.BID_ONLY.value, term("coinche", "the contract value only")),
                (DoubleFormula.WINNER_ONLY.value, term("coinche", "the winner's score only")),
            ),
        ),
        DoubleFormula.ALL_SCORES.value,
        term(
            "coinche",
            "all_scores: every score is multiplied; winner_takes_all: a doubled contract's winner takes "
            "160 + contract (× 2 or × 4) and the loser keeps only a belote; bid_only: only the "
            "contract value is multiplied; winner_only: only the contract winner's score is multiplied "
            "(the defence's declarations and belote on a failed contract are not).",
        ),
        label=term("coinche", "A coinche multiplies"),
        hint=term(
            "coinche",
            "Every score; or the winner takes 160 plus the contract (× 2 or × 4) and the loser keeps only a belote; or only the contract value; or only the contract winner's score (not the defence's declarations, nor belote on a failed contract).",
        ),
    ),
    Option(
        "surcoinche_factor",
        Choice((4, 3), labels=((4, term("coinche", "× 4")), (3, term("coinche", "× 3")))),
        4,
        term("coinche", "Multiplier for a surcoinche."),
        label=term("coinche", "A surcoinche multiplies by"),
    ),
    Option(
        "failed_capot_value",
        Choice((500, 410)),
        500,
        term("coinche", "What the defence gets for a failed capot bid (before declarations and doubling)."),
        label=term("coinche", "A failed capot gives the defence"),
    ),
    Option(
        "capot_doublable",
        Boolean(),
        True,
        term("coinche", "false: a capot or generale bid cannot be coinched."),
        label=term("coinche", "A capot can be coinched"),
        hint=term("coinche", "A capot or générale bid may be coinched."),
    ),
    Option(
        "unbid_capot_bonus",
        Boolean(),
        True,
        term(
            "coinche",
            "Whether an unbid capot also counts its last trick as 100 (true) or 10 like any deal (false).",
        ),
        label=term("coinche", "An unbid capot's last trick counts 100"),
        hint=term("coinche", "An unbid capot counts its last trick as 100 instead of 10 like any deal."),
    ),
    Option(
        "melds_to_winner",
        Boolean(),
        False,
        term(
            "coinche",
            "true: a failed taker's declarations go to the defence, and a made capot takes the "
            "defence's declarations.",
        ),
        label=term("coinche", "Declarations go to the contract's winner"),
        hint=term(
            "coinche",
            "A failed taker's declarations go to the defence, and a made capot takes the defence's declarations.",
        ),
    ),
    Option(
        "belote_in_contract",
        Boolean(),
        True,
        term("coinche", "Whether belote counts toward making the contract (it is scored either way)."),
        label=term("coinche", "Belote counts toward the contract"),
    ),
    Option(
        "belote_on_failure",
        Choice(
            values_of(BeloteOnFailure),
            labels=(
                (BeloteOnFailure.STAYS.value, term("coinche", "stays with the taker")),
                (BeloteOnFailure.TO_DEFENCE.value, term("coinche", "goes to the defence")),
            ),
        ),
        BeloteOnFailure.STAYS.value,
        term(
            "coinche",
            "Who scores the taker's belote when the taker fails: stays with the taker, or to_defence.",
        ),
        label=term("coinche", "A failed taker's belote"),
        hint=term("coinche", "Who scores the taker's belote when the contract fails."),
    ),
    Option(
        "declarations",
        Boolean(),
        True,
        term("coinche", "Whether declarations (melds) other than belote are played."),
        label=term("coinche", "Declarations (melds)"),
    ),
    Option(
        "no_trump",
        Boolean(),
        False,
        term("coinche", 'Allows "no-trump" contracts.'),
        label=term("coinche", "No-trump contracts"),
        hint=term("coinche", "Allows no-trump contracts."),
    ),
    Option(
        "all_trump",
        Boolean(),
        False,
        term("coinche", 'Allows "all-trump" contracts.'),
        label=term("coinche", "All-trump contracts"),
        hint=term("coinche", "Allows all-trump contracts."),
    ),
    Option(
        "point_scale",
        Choice(
            values_of(PointScale),
            labels=(
                (PointScale.PARLETT.value, term("coinche", "Parlett: 130 and 258 a deal")),
                (PointScale.FFB.value, term("coinche", "FFB: 162 both")),
            ),
        ),
        PointScale.PARLETT.value,
        term(
            "coinche",
            "Card values at no-trump and all-trump: parlett (130 and 258 a deal) or ffb (162 both).",
        ),
        label=term("coinche", "Card values at no-trump and all-trump"),
        hint=term("coinche", "What the cards of a deal add up to at no-trump and at all-trump."),
    ),
    Option(
        "belote_alone_cannot_win",
        Boolean(),
        False,
        term(
            "coinche",
            "true: a side cannot reach the target on a deal where its contract failed or the opponents "
            "made capot against it.",
        ),
        label=term("coinche", "No going out on a failed contract"),
        hint=term(
            "coinche",
            "A side cannot reach the target on a deal where its contract failed or the opponents made capot against it.",
        ),
    ),
    Option(
        "final_tie",
        Choice(
            values_of(FinalTie),
            labels=(
                (FinalTie.EXTRA_DEAL.value, term("coinche", "play another deal")),
                (FinalTie.LAST_CONTRACT_WINNER.value, term("coinche", "the contract's winner wins")),
            ),
        ),
        FinalTie.EXTRA_DEAL.value,
        term(
            "coinche",
            "Both sides past the target on equal totals: extra_deal (play another deal) or "
            "last_contract_winner (the winner of that deal's contract wins).",
        ),
        label=term("coinche", "Equal totals past the target"),
        hint=term(
            "coinche",
            "Both sides past the target with equal totals: play another deal, or the winner of that deal's contract wins.",
        ),
    ),
    Option(
        "generale",
        Boolean(),
        False,
        term(
            "coinche",
            'Allows the "generale" bid: one player alone wins all 8 tricks, for a contract value of 500.',
        ),
        label=term("coinche", "Générale bid"),
        hint=term(
            "coinche",
            "Allows the générale bid: one player alone wins all 8 tricks, for a contract value of 500.",
        ),
    ),
    Option(
        "rounding",
        Choice(
            values_of(Rounding),
            labels=(
                (Rounding.DEAL.value, term("coinche", "each deal")),
                (Rounding.TOTAL.value, term("coinche", "the running totals")),
            ),
        ),
        Rounding.DEAL.value,
        term(
            "coinche",
            "deal: each deal's points are rounded to the nearest 10; total: deal scores stay exact, and the "
            "score sheet (and the match end) rounds the running totals.",
        ),
        label=term("coinche", "Rounding to 10"),
        hint=term(
            "coinche",
            "Each deal's points are rounded to the nearest 10; or deal scores stay exact and the score sheet (and the end of the match) rounds the running totals.",
        ),
    ),
    Option(
        "first_dealer",
        Seat(),
        0,
        term("coinche", "Who deals the first deal (a seat number, 0–3)."),
        label=term("coinche", "First dealer"),
    ),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    Preset.PARLETT.value: {
        "target": 1000,
        "made_test": MadeTest.BEAT_DEFENCE.value,
        "tie_rule": TieRule.FAILED.value,
        "double_formula": DoubleFormula.ALL_SCORES.value,
        "surcoinche_factor": 4,
        "failed_capot_value": 500,
        "capot_doublable": True,
        "unbid_capot_bonus": True,
        "melds_to_winner": False,
        "belote_in_contract": True,
        "belote_on_failure": BeloteOnFailure.STAYS.value,
        "declarations": True,
        "no_trump": False,
        "all_trump": False,
        "point_scale": PointScale.PARLETT.value,
        "belote_alone_cannot_win": False,
        "final_tie": FinalTie.EXTRA_DEAL.value,
        "generale": False,
        "rounding": Rounding.DEAL.value,
    },
    Preset.FFB.value: {
        "target": 1000,
        "made_test": MadeTest.BEAT_DEFENCE.value,
        "tie_rule": TieRule.FAILED.value,
        "double_formula": DoubleFormula.WINNER_TAKES_ALL.value,
        "surcoinche_factor": 4,
        "failed_capot_value": 410,
        "capot_doublable": True,
        "unbid_capot_bonus": True,
        "melds_to_winner": True,
        "belote_in_contract": True,
        "belote_on_failure": BeloteOnFailure.STAYS.value,
        "declarations": True,
        "no_trump": False,
        "all_trump": False,
        "point_scale": PointScale.FFB.value,
        "belote_alone_cannot_win": True,
        "final_tie": FinalTie.EXTRA_DEAL.value,
        "generale": False,
        "rounding": Rounding.DEAL.value,
    },
    Preset.PAGAT.value: {
        "target": 2000,
        "made_test": MadeTest.REACH_BID.value,
        "tie_rule": TieRule.FAILED.value,
        "double_formula": DoubleFormula.BID_ONLY.value,
        "surcoinche_factor": 4,
        "failed_capot_value": 500,
        "capot_doublable": False,
        "unbid_capot_bonus": True,
        "melds_to_winner": False,
        "belote_in_contract": True,
        "belote_on_failure": BeloteOnFailure.STAYS.value,
        "declarations": False,
        "no_trump": False,
        "all_trump": False,
        "point_scale": PointScale.FFB.value,
        "belote_alone_cannot_win": False,
        "final_tie": FinalTie.LAST_CONTRACT_WINNER.value,
        "generale": False,
        "rounding": Rounding.DEAL.value,
    },
}
