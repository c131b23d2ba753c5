"""La Coinche's options and presets: the variants a club may switch on, with their defaults, and
the three named sets of them (Parlett, FFB, pagat).

Part of the game's one declaration (:mod:`games.coinche.declaration`, which the
:class:`~games.coinche.Coinche` class carries); the deal entry's fields are declared there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.coinche.vocabulary import (
    BeloteOnFailure,
    DoubleFormula,
    FinalTie,
    MadeTest,
    PointScale,
    Preset,
    Rounding,
    TieRule,
    values_of,
)
from games.declaration import Option
from games.terms import term
from games.values import Boolean, Choice, Integer, Seat

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
