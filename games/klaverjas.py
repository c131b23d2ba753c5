"""Klaverjas (Klaverjassen): the Dutch partnership game of 162 card points (docs/games/klaverjas.md).

The table enters which side played (chose trumps), both sides' card points (adding up to 162), the
roem each side claimed in its tricks, and a pit (all 8 tricks) or a revoke (*verzaakt*). The playing
side must have more than half of all points, cards plus every side's roem; otherwise it is *nat* and
the defenders take 162 plus all roem. A match is a fixed number of deals (a *boompje* of 16) or is
played to a target score. The deal passes to the next seat after every deal.

What it does not do: bidding or trump choice (only the playing side is recorded), card play or the
Amsterdam/Rotterdam trumping duty (``play_rule`` is recorded only), or checking that the claimed roem
could have fallen in the tricks; ``trump`` is for the record and never changes a score.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import DealScore, Game, Result, Table
from games.common import RECORD_SUIT, adds_up_to, best, other_side
from games.declaration import EntryContext, Field, Option, Rule
from games.values import Boolean, Choice, Integer, ListOf, PerSide, Seat, SideRef

CARD_POINTS = 162
TRICKS = 8
PIT_BONUS = 100
ROEM_ITEMS = ("run3", "run4", "stuk", "four_of_a_kind", "four_jacks")
ROEM_VALUES = {"run3": 20, "run4": 50, "stuk": 20, "four_of_a_kind": 100}
ROEM_WORDS = {
    "run3": "3 in a row",
    "run4": "4 in a row",
    "stuk": "stuk",
    "four_of_a_kind": "four of a kind",
    "four_jacks": "four Jacks",
}
MAX_STUK = 1
MAX_FOUR_JACKS = 1
MAX_FOUR_OF_A_KIND = 7


def roem_value(item: str, options: Mapping[str, Any]) -> int:
    """The value of one roem item under the match's options."""
    if item == "four_jacks":
        return int(options["four_jacks"])
    return ROEM_VALUES[item]


def _points_required(raw: Mapping[str, Any]) -> bool:
    return raw.get("verzaakt") is None


def _roem_limits(value: Mapping[str, list[str]], ctx: EntryContext) -> str | None:
    items = [item for claimed in value.values() for item in claimed]
    if items.count("stuk") > MAX_STUK:
        return "roem: at most 1 stuk in a deal (there is one King and one Queen of trumps)"
    if items.count("four_jacks") > MAX_FOUR_JACKS:
        return "roem: at most 1 four_jacks in a deal"
    if items.count("four_of_a_kind") > MAX_FOUR_OF_A_KIND:
        return "roem: at most 7 four_of_a_kind in a deal"
    others = len(items) - items.count("stuk")
    if others > TRICKS:
        return f"roem: at most 8 items other than stuk in a deal (one per trick), not {others}"
    return None


def _pit_not_with_verzaakt(value: str | None, ctx: EntryContext) -> str | None:
    if value is not None and ctx.clean.get("verzaakt") is not None:
        return "pit cannot be given on a revoked (verzaakt) deal"
    return None


def _pit_holds_all_points(value: str | None, ctx: EntryContext) -> str | None:
    if value is None:
        return None
    points = ctx.clean.get("points")
    if isinstance(points, dict) and points.get(value) != CARD_POINTS:
        return f"a pit side holds all 162 points; {value} has {points.get(value)}"
    return None


def _pit_other_side_no_roem(value: str | None, ctx: EntryContext) -> str | None:
    if value is None:
        return None
    other = other_side(ctx.sides, value)
    roem = ctx.clean.get("roem") or {}
    if roem.get(other):
        return f"{other} won no trick against a pit, so {other} can have no roem"
    return None


class Klaverjas(Game[None]):
    """Klaverjas as the Dutch clubs (NKU) score it, with Parlett's values as a preset."""

    key = "klaverjas"
    name = "Klaverjas (Klaverjassen)"
    summary = (
        "Two partnerships, 162 card points a deal plus roem: the playing side needs more than half "
        "or goes nat; 16 deals or to a target."
    )
    aliases = ("klaverjassen",)
    partnerships = True
    #: With a target the fixed length is not in use: echoed as null, so the options score again.
    deals_off_under_target = True
    fields: ClassVar[tuple[Field, ...]] = (
        Field("playing", SideRef(), "The side that chose trumps (plays, *gaat*)."),
        Field(
            "verzaakt",
            SideRef(),
            "The side that revoked (*verzaakt*): it scores 0 and the other side 162 plus all roem.",
            required=False,
            nullable=True,
            default=None,
        ),
        Field(
            "points",
            PerSide(Integer(0, CARD_POINTS)),
            "Card points won by each side, the last trick's 10 included.",
            required=_points_required,
            required_text="yes, unless `verzaakt` is set",
            rules=(adds_up_to(CARD_POINTS, "points"),),
        ),
        Field(
            "roem",
            PerSide(ListOf(Choice(ROEM_ITEMS)), all_sides=False),
            "The roem each side claimed in its tricks; a side may be left out (no roem).",
            required=False,
            default={},
            rules=(
                Rule(
                    "For the whole deal: at most 1 `stuk`, at most 1 `four_jacks`, at most 7 "
                    "`four_of_a_kind`, and at most 8 items other than `stuk` (one per trick).",
                    _roem_limits,
                ),
            ),
        ),
        Field(
            "pit",
            SideRef(),
            "The side that won all 8 tricks (never inferred from points).",
            required=False,
            nullable=True,
            default=None,
            rules=(
                Rule("Not together with `verzaakt`.", _pit_not_with_verzaakt),
                Rule("The pit side has 162 points.", _pit_holds_all_points),
                Rule("The other side won no trick, so it has no roem.", _pit_other_side_no_roem),
            ),
        ),
        Field("trump", RECORD_SUIT, "The trump suit; for the record only.", required=False),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "play_rule",
            Choice(("amsterdam", "rotterdam")),
            "amsterdam",
            "Whether you must trump when your partner is winning the trick (rotterdam) or not "
            "(amsterdam). Recorded with the match; no effect on scoring.",
        ),
        Option("four_jacks", Choice((200, 100)), 200, "The value of a `four_jacks` roem item."),
        Option(
            "defence_pit_bonus",
            Boolean(),
            True,
            "Whether defenders who take all 8 tricks also get +100.",
        ),
        Option(
            "deals",
            Integer(low=1),
            16,
            "A fixed-length match (a *boompje* of 16 deals: each player deals 4 times). Ignored "
            "when `target` is set.",
        ),
        Option(
            "target",
            Integer(low=1),
            None,
            "When set (commonly 1500), the match is played to this score instead of a number of "
            "deals. Giving both `deals` and `target` is an error on `deals`.",
            nullable=True,
        ),
        Option("first_dealer", Seat(), 0, "Who deals the first deal (a seat number, 0–3)."),
    )
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "amsterdam": {"play_rule": "amsterdam", "four_jacks": 200, "defence_pit_bonus": True},
        "rotterdam": {"play_rule": "rotterdam", "four_jacks": 200, "defence_pit_bonus": True},
        "parlett": {"play_rule": "amsterdam", "four_jacks": 100, "defence_pit_bonus": True},
    }
    default_preset = "amsterdam"

    def start(self, table: Table) -> None:
        return None

    def score(
        self, table: Table, state: None, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, None]:
        sides = table.sides
        playing: str = entry["playing"]
        defending = other_side(sides, playing)
        claimed: Mapping[str, list[str]] = entry.get("roem") or {}
        roem = {side: sum(roem_value(i, table.options) for i in claimed.get(side, ())) for side in sides}
        all_roem = roem[playing] + roem[defending]
        pit: str | None = entry.get("pit")
        breakdown: list[str] = []
        for side in sides:
            if claimed.get(side):
                words = ", ".join(f"{ROEM_WORDS[i]} {roem_value(i, table.options)}" for i in claimed[side])
                breakdown.append(f"{side} roem: {words} = {roem[side]}")
        revoked: str | None = entry.get("verzaakt")
        scores = dict.fromkeys(sides, 0)
        if revoked is not None:
            beneficiary = other_side(sides, revoked)
            scores[beneficiary] = CARD_POINTS + all_roem
            breakdown.append(
                f"{revoked} revoked (verzaakt): {revoked} 0, {beneficiary} 162 + all roem {all_roem}"
                f" = {scores[beneficiary]}"
            )
            result = "verzaakt"
        else:
            points: Mapping[str, int] = entry["points"]
            total = {side: points[side] + roem[side] for side in sides}
            if total[playing] > total[defending]:
                result = "made"
                scores = dict(total)
                breakdown.append(
                    f"{playing} play: {points[playing]} + roem {roem[playing]} = {total[playing]} beats "
                    f"{points[defending]} + roem {roem[defending]} = {total[defending]}: made"
                )
                if pit == playing:
                    scores[playing] += PIT_BONUS
                    breakdown.append(f"pit by {playing}: +100")
            else:
                result = "nat"
                scores[defending] = CARD_POINTS + all_roem
                tie = " (a tie is nat)" if total[playing] == total[defending] else ""
                breakdown.append(
                    f"{playing} play: {total[playing]} does not beat {total[defending]}{tie}: nat; "
                    f"{playing} 0, {defending} 162 + all roem {all_roem} = {scores[defending]}"
                )
                if pit == defending:
                    if table.options["defence_pit_bonus"]:
                        scores[defending] += PIT_BONUS
                        breakdown.append(f"pit by the defenders {defending}: +100")
                    else:
                        breakdown.append(f"pit by the defenders {defending}: no bonus (option off)")
        extra = {"result": result, "roem_points": roem, "pit": pit}
        return DealScore(scores, tuple(breakdown), extra), None

    def result(self, table: Table, state: None, totals: Mapping[str, int], deals: int) -> Result:
        target = table.options["target"]
        if target is not None:
            if deals and any(v >= target for v in totals.values()):
                leader = best(totals)
                if leader is not None:
                    return Result(True, leader)
            return Result(False)
        if deals >= table.options["deals"]:
            return Result(True, best(totals))
        return Result(False)
