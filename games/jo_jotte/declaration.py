"""Jo-Jotte's one declaration: the entry fields with their rules, and the options
(docs/games/jo-jotte.md's tables are generated from here)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Game
from games.common import adds_up_to, only_field
from games.declaration import EntryContext, Field, Option, Rule
from games.jo_jotte.melds import MELD, no_card_in_both, own_melds_distinct, sequences_fit
from games.jo_jotte.vocabulary import CONTRACTS, DEAD_FIELDS, NO_TRUMP, NULLO, SLAM, SPECIALS, TRICKS
from games.terms import problem, term
from games.values import Boolean, Choice, Integer, ListOf, PerSide, SideRef

#: The special deals in words, as the form's choices say them.
SPECIAL_WORDS = {NULLO: term("jo-jotte", "nullo"), SLAM: term("jo-jotte", "slam")}


def _alive(raw: Mapping[str, Any]) -> bool:
    return raw.get("dead") is not True


def _trick_points_expected(ctx: EntryContext) -> int:
    return int(ctx.options["trick_points_total"])


def _trick_points_total(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    expected = _trick_points_expected(ctx)
    if sum(value.values()) != expected:
        return problem(
            "games",
            "wrong_total",
            "%(what)s must add up to %(total)s, not %(sum)s",
            what="trick_points",
            total=expected,
            sum=sum(value.values()),
        )
    return None


def _multiples_of_five(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    if ctx.options["trick_points_total"] == 162:
        return None
    for side, points in value.items():
        if points % 5:
            return problem(
                "jo-jotte",
                "not_a_multiple_of_five",
                "trick points are multiples of 5; %(side)s has %(points)s",
                side=side,
                points=points,
            )
    return None


def _no_tricks_no_points(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    tricks = ctx.clean.get("tricks")
    if not isinstance(tricks, dict):
        return None
    for side, points in value.items():
        if tricks.get(side) == 0 and points != 0:
            return problem(
                "jo-jotte",
                "points_without_tricks",
                "%(side)s took no trick, so %(side)s has 0 trick points, not %(points)s",
                side=side,
                points=points,
            )
    return None


def _no_melds_on_special(value: Mapping[str, list[Any]], ctx: EntryContext) -> str | None:
    special = ctx.clean.get("special")
    if special in (NULLO, SLAM) and any(value.values()):
        return problem(
            "jo-jotte",
            "melds_on_special_deal",
            "no melds are claimed on a %(special)s deal",
            special=SPECIAL_WORDS[special],
        )
    return None


def _jo_jotte_suit_only(value: str | None, ctx: EntryContext) -> str | None:
    if value is not None and ctx.clean.get("contract") == NO_TRUMP:
        return problem(
            "jo-jotte", "jo_jotte_at_no_trump", "Jo-Jotte needs a trump suit; there is none at no trump"
        )
    return None


def _jo_jotte_not_nullo(value: str | None, ctx: EntryContext) -> str | None:
    if value is not None and ctx.clean.get("special") == NULLO:
        return problem(
            "jo-jotte", "jo_jotte_on_nullo", "there is no Jo-Jotte on a nullo deal (it is played at no trump)"
        )
    return None


FIELDS: tuple[Field, ...] = (
    Field(
        "dead",
        Boolean(),
        term("jo-jotte", "Both players passed throughout: the deal is annulled and the other player deals."),
        required=False,
        default=False,
        rules=(only_field(*DEAD_FIELDS),),
        label=term("jo-jotte", "All passed"),
    ),
    Field(
        "declarer",
        SideRef(),
        term("jo-jotte", "The player who set the contract (named trumps or no trump)."),
        required=_alive,
        required_text="yes, unless `dead`",
        label=term("jo-jotte", "Declarer"),
    ),
    Field(
        "contract",
        Choice(CONTRACTS),
        term("jo-jotte", "The contract as set; on a nullo deal, the contract that the nullo replaced."),
        required=_alive,
        required_text="yes, unless `dead`",
        label=term("jo-jotte", "Contract"),
    ),
    Field(
        "special",
        Choice(
            SPECIALS,
            labels=(
                ("none", term("jo-jotte", "neither")),
                (NULLO, term("jo-jotte", "nullo")),
                (SLAM, term("jo-jotte", "slam")),
            ),
        ),
        term(
            "jo-jotte",
            '"nullo": the declarer\'s opponent bid nullo and was not overcalled (he is the nullo '
            'bidder). "slam": the opponent bid nullo and the declarer overcalled with a slam, played '
            "in `contract`.",
        ),
        required=False,
        default="none",
        label=term("jo-jotte", "Nullo or slam"),
        hint=term(
            "jo-jotte",
            "Nullo: the declarer's opponent bid nullo and was not overcalled (he is the nullo bidder). Slam: the opponent bid nullo and the declarer overcalled with a slam, played in the contract.",
        ),
    ),
    Field(
        "double",
        Choice(
            (1, 2, 4),
            labels=(
                (1, term("jo-jotte", "no")),
                (2, term("jo-jotte", "doubled")),
                (4, term("jo-jotte", "redoubled")),
            ),
        ),
        term("jo-jotte", "1, 2 (doubled) or 4 (redoubled). No effect on a nullo deal."),
        required=False,
        default=1,
        label=term("jo-jotte", "Doubled"),
        hint=term("jo-jotte", "Doubled or redoubled. No effect on a nullo deal."),
    ),
    Field(
        "tricks",
        PerSide(Integer(0, TRICKS)),
        term("jo-jotte", "Tricks taken by each player."),
        required=_alive,
        required_text="yes, unless `dead`",
        rules=(adds_up_to(TRICKS, "tricks"),),
        label=term("jo-jotte", "Tricks"),
    ),
    Field(
        "trick_points",
        PerSide(Integer(low=0)),
        term("jo-jotte", "Card points taken by each player, the last trick's 10 included."),
        required=_alive,
        required_text="yes, unless `dead`",
        rules=(
            Rule(
                term("jo-jotte", "The values add up to `trick_points_total` (160 by default)."),
                _trick_points_total,
                total=_trick_points_expected,
            ),
            Rule(
                term("jo-jotte", "Each value is a multiple of 5 (not checked when the total is 162)."),
                _multiples_of_five,
            ),
            Rule(term("jo-jotte", "A player with 0 tricks has 0 trick points."), _no_tricks_no_points),
        ),
        label=term("jo-jotte", "Card points"),
    ),
    Field(
        "melds",
        PerSide(ListOf(MELD), all_sides=False),
        term(
            "jo-jotte",
            'The melds each player declared; a player may be left out. Quartet: {"meld": "quartet", '
            '"rank": R}; sequence: {"meld": "sequence", "length": 3–8, "top": R, "suit": S}.',
        ),
        required=False,
        default={},
        rules=(
            Rule(term("jo-jotte", "Empty on nullo and slam deals."), _no_melds_on_special),
            Rule(
                term(
                    "jo-jotte",
                    "A sequence fits: the position of its top card in A K Q J 10 9 8 7, plus its "
                    "length, is at most 8.",
                ),
                sequences_fit,
            ),
            Rule(
                term("jo-jotte", "A player lists no quartet twice, and his sequences share no card."),
                own_melds_distinct,
            ),
            Rule(term("jo-jotte", "No card appears in both players' melds."), no_card_in_both),
        ),
        label=term("jo-jotte", "Melds"),
        hint=term(
            "jo-jotte",
            "The melds each player declared: a quartet (its rank), or a sequence (its length, 3 to 8, its top card and suit).",
        ),
    ),
    Field(
        "jo_jotte",
        SideRef(),
        term("jo-jotte", "The player who scored Jo-Jotte (K then Q of trumps, announced)."),
        required=False,
        nullable=True,
        default=None,
        rules=(
            Rule(term("jo-jotte", "Only in a suit contract."), _jo_jotte_suit_only),
            Rule(term("jo-jotte", "Not on a nullo deal."), _jo_jotte_not_nullo),
        ),
        label=term("jo-jotte", "Jo-Jotte"),
    ),
)

OPTIONS: tuple[Option, ...] = (
    Option(
        "trick_points_total",
        Choice(
            (160, 162, 165),
            labels=(
                (160, term("jo-jotte", "160 (Parlett)")),
                (162, term("jo-jotte", "162 (Belote)")),
                (165, term("jo-jotte", "165 (Parlett's card values)")),
            ),
        ),
        160,
        term(
            "jo-jotte",
            "The sum `trick_points` must reach (160 Parlett's figure; 165 his card values; 162 Belote values).",
        ),
        label=term("jo-jotte", "Card points a deal"),
        hint=term(
            "jo-jotte",
            "What the card points of a deal add up to: 160 is Parlett's figure, 165 his card values, 162 the Belote values.",
        ),
    ),
    Option(
        "jo_jotte_in_total",
        Boolean(),
        True,
        term("jo-jotte", "Whether Jo-Jotte's 20 counts in the totals that decide the deal and the pot."),
        label=term("jo-jotte", "Jo-Jotte counts in the totals"),
    ),
    Option(
        "pot_multiplied",
        Boolean(),
        False,
        term("jo-jotte", "Whether a tied doubled deal puts trick points × double into the pot."),
        label=term("jo-jotte", "Doubling multiplies the pot"),
    ),
    Option(
        "target",
        Integer(low=1),
        80,
        term("jo-jotte", "Below-the-line points that win a game."),
        label=term("jo-jotte", "Points to win a game"),
    ),
    Option(
        "rubber_bonus",
        Integer(low=0),
        300,
        term("jo-jotte", "Bonus for winning the rubber."),
        label=term("jo-jotte", "Rubber bonus"),
    ),
    Option(
        "winner_by",
        Choice(
            ("games", "points"),
            labels=(
                ("games", term("jo-jotte", "the rubber")),
                ("points", term("jo-jotte", "the higher total")),
            ),
        ),
        "games",
        term(
            "jo-jotte",
            "games: the match winner is the rubber winner. points: the player with the higher total "
            "after the rubber bonus (a draw if equal).",
        ),
        label=term("jo-jotte", "The match is won by"),
        hint=term(
            "jo-jotte",
            "The rubber's winner wins the match, or the player with the higher total after the rubber bonus (a draw if equal).",
        ),
    ),
    Game.first_dealer_option(),
)
