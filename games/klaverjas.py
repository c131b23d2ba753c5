"""Klaverjas (Klaverjassen): the Dutch partnership game of 162 card points (docs/games/klaverjas.md).

The table enters which side played (chose trumps), both sides' card points (adding up to 162), the
roem each side claimed in its tricks, and a pit (all 8 tricks) or a revoke (*verzaakt*). The playing
side must have more than half of all points, cards plus every side's roem (or, with ``nat_test =
card_points``, more card points); otherwise it is *nat* and the defenders take 162 plus all roem. A
revoke gives the other side 162 plus all roem, plus ``revoke_bonus``. Clubs that *kraak* (double)
enter how far the deal was doubled: the result is decided undoubled, then ``kraken`` says whether
the whole score or only the card points are multiplied. A match is a fixed number of deals (a
*boompje* of 16) or is played to a target score. The deal passes to the next seat after every deal.

What it does not do: bidding or trump choice (only the playing side is recorded), card play or the
Amsterdam/Rotterdam trumping duty (``play_rule`` is recorded only), or checking that the claimed roem
could have fallen in the tricks; ``trump`` is for the record and never changes a score.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import Game
from games.common import RECORD_SUIT, adds_up_to, best, other_side
from games.declaration import EntryContext, Field, Option, Rule, When
from games.match import DealRecord, DealScore, Result, Table
from games.terms import joined, problem, said, term
from games.values import Boolean, Choice, Integer, ListOf, PerSide, Seat, SideRef

CARD_POINTS = 162
TRICKS = 8
PIT_BONUS = 100
ROEM_ITEMS = ("run3", "run4", "stuk", "four_of_a_kind", "four_jacks")
ROEM_VALUES = {"run3": 20, "run4": 50, "stuk": 20, "four_of_a_kind": 100}
ROEM_WORDS = {
    "run3": term("klaverjas", "3 in a row"),
    "run4": term("klaverjas", "4 in a row"),
    "stuk": term("klaverjas", "stuk"),
    "four_of_a_kind": term("klaverjas", "four of a kind"),
    "four_jacks": term("klaverjas", "four Jacks"),
}
MAX_STUK = 1
MAX_FOUR_JACKS = 1
MAX_FOUR_OF_A_KIND = 7
#: The last word said in the doubling, and what it multiplies the deal by.
KRAAK_FACTORS = {"none": 1, "kraak": 2, "rekraak": 4, "superkraak": 8}
KRAAK_WORDS = {
    "none": term("klaverjas", "no kraak"),
    "kraak": term("klaverjas", "kraak × 2"),
    "rekraak": term("klaverjas", "rekraak × 4"),
    "superkraak": term("klaverjas", "superkraak × 8"),
}
#: What a deal came to, as the scoreboard says it beside the deal (the native words stay).
RESULT_WORDS = {
    "made": term("klaverjas", "made"),
    "nat": term("klaverjas", "nat"),
    "verzaakt": term("klaverjas", "verzaakt"),
}
KRAKEN_ON = When("kraken", ("whole_score", "card_points"))


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
        return problem(
            "klaverjas",
            "too_many_stuk",
            "roem: at most 1 stuk in a deal (there is one King and one Queen of trumps)",
        )
    if items.count("four_jacks") > MAX_FOUR_JACKS:
        return problem("klaverjas", "too_many_four_jacks", "roem: at most 1 four_jacks in a deal")
    if items.count("four_of_a_kind") > MAX_FOUR_OF_A_KIND:
        return problem("klaverjas", "too_many_four_of_a_kind", "roem: at most 7 four_of_a_kind in a deal")
    others = len(items) - items.count("stuk")
    if others > TRICKS:
        return problem(
            "klaverjas",
            "too_much_roem",
            "roem: at most 8 items other than stuk in a deal (one per trick), not %(count)s",
            count=others,
        )
    return None


def _pit_not_with_verzaakt(value: str | None, ctx: EntryContext) -> str | None:
    if value is not None and ctx.clean.get("verzaakt") is not None:
        return problem("klaverjas", "pit_with_verzaakt", "pit cannot be given on a revoked (verzaakt) deal")
    return None


def _pit_holds_all_points(value: str | None, ctx: EntryContext) -> str | None:
    if value is None:
        return None
    points = ctx.clean.get("points")
    if isinstance(points, dict) and points.get(value) != CARD_POINTS:
        return problem(
            "klaverjas",
            "pit_without_all_points",
            "a pit side holds all 162 points; %(side)s has %(points)s",
            side=value,
            points=points.get(value),
        )
    return None


def _pit_other_side_no_roem(value: str | None, ctx: EntryContext) -> str | None:
    if value is None:
        return None
    other = other_side(ctx.sides, value)
    roem = ctx.clean.get("roem") or {}
    if roem.get(other):
        return problem(
            "klaverjas",
            "roem_against_pit",
            "%(side)s won no trick against a pit, so %(side)s can have no roem",
            side=other,
        )
    return None


class Klaverjas(Game[None]):
    """Klaverjas as the Dutch clubs (NKU) score it, with Parlett's values as a preset."""

    key = "klaverjas"
    name = term("klaverjas", "Klaverjas (Klaverjassen)")
    summary = term(
        "klaverjas",
        "Two partnerships, 162 card points a deal plus roem: the playing side needs more than half "
        "or goes nat; 16 deals or to a target.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("klaverjas", "nat"),
            term(
                "klaverjas",
                "The playing side did not win more than half of all points: it scores 0 and the defenders take 162 plus all roem.",
            ),
        ),
        (term("klaverjas", "pit"), term("klaverjas", "One side took all 8 tricks: 100 extra points.")),
        (
            term("klaverjas", "roem"),
            term(
                "klaverjas",
                "Bonus points for combinations falling in one trick: a run of 3 (20) or 4 (50), the stuk (20), four of a kind (100), four Jacks (200).",
            ),
        ),
        (
            term("klaverjas", "stuk"),
            term("klaverjas", "King and Queen of trumps in the same trick: 20 roem."),
        ),
        (
            term("klaverjas", "verzaakt"),
            term(
                "klaverjas",
                "Revoked: a player did not follow suit or trump when the rules required it; the other side scores 162 plus all roem.",
            ),
        ),
        (
            term("klaverjas", "gaan"),
            term("klaverjas", "To play: the side that chose trumps goes (gaat) and must win more than half."),
        ),
        (
            term("klaverjas", "kraak"),
            term("klaverjas", "A doubling of the deal: kraak × 2, rekraak × 4, superkraak × 8."),
        ),
        (
            term("klaverjas", "boompje"),
            term("klaverjas", "A match of 16 deals, each player dealing 4 times."),
        ),
        (
            term("klaverjas", "Jas, Nel"),
            term(
                "klaverjas",
                "The Jack (20 points) and the Nine (14 points) of trumps, the two highest trumps.",
            ),
        ),
    )
    aliases = ("klaverjassen",)
    partnerships = True
    #: With a target the fixed length is not in use: echoed as null, so the options score again.
    deals_off_under_target = True
    fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "playing",
            SideRef(),
            term("klaverjas", "The side that chose trumps (plays, *gaat*)."),
            label=term("klaverjas", "Playing side"),
        ),
        Field(
            "verzaakt",
            SideRef(),
            term(
                "klaverjas",
                "The side that revoked (*verzaakt*): it scores 0 and the other side 162 plus all roem.",
            ),
            required=False,
            nullable=True,
            default=None,
            label=term("klaverjas", "Revoke (verzaakt)"),
        ),
        Field(
            "points",
            PerSide(Integer(0, CARD_POINTS)),
            term("klaverjas", "Card points won by each side, the last trick's 10 included."),
            required=_points_required,
            required_text="yes, unless `verzaakt` is set",
            rules=(adds_up_to(CARD_POINTS, "points"),),
            label=term("klaverjas", "Card points"),
        ),
        Field(
            "roem",
            PerSide(ListOf(Choice(ROEM_ITEMS, labels=tuple(ROEM_WORDS.items()))), all_sides=False),
            term("klaverjas", "The roem each side claimed in its tricks; a side may be left out (no roem)."),
            required=False,
            default={},
            rules=(
                Rule(
                    term(
                        "klaverjas",
                        "For the whole deal: at most 1 `stuk`, at most 1 `four_jacks`, at most 7 "
                        "`four_of_a_kind`, and at most 8 items other than `stuk` (one per trick).",
                    ),
                    _roem_limits,
                ),
            ),
            label=term("klaverjas", "Roem"),
            hint=term("klaverjas", "The roem each side claimed in its tricks."),
        ),
        Field(
            "pit",
            SideRef(),
            term("klaverjas", "The side that won all 8 tricks (never inferred from points)."),
            required=False,
            nullable=True,
            default=None,
            rules=(
                Rule(term("klaverjas", "Not together with `verzaakt`."), _pit_not_with_verzaakt),
                Rule(term("klaverjas", "The pit side has 162 points."), _pit_holds_all_points),
                Rule(
                    term("klaverjas", "The other side won no trick, so it has no roem."),
                    _pit_other_side_no_roem,
                ),
            ),
            label=term("klaverjas", "Pit (all 8 tricks)"),
        ),
        Field(
            "trump",
            RECORD_SUIT,
            term("klaverjas", "The trump suit; for the record only."),
            required=False,
            label=term("klaverjas", "Trump"),
        ),
        Field(
            "kraak",
            Choice(tuple(KRAAK_FACTORS), labels=tuple(KRAAK_WORDS.items())),
            term(
                "klaverjas",
                "How far the deal was doubled (*gekraakt*): the last word said, kraak (× 2), rekraak or "
                "herkraak (× 4), superkraak (× 8). The result is decided on the undoubled points.",
            ),
            required=False,
            default="none",
            when=KRAKEN_ON,
            label=term("klaverjas", "Kraak"),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "play_rule",
            Choice(
                ("amsterdam", "rotterdam"),
                labels=(
                    ("amsterdam", term("klaverjas", "Amsterdam")),
                    ("rotterdam", term("klaverjas", "Rotterdam")),
                ),
            ),
            "amsterdam",
            term(
                "klaverjas",
                "Whether you must trump when your partner is winning the trick (rotterdam) or not "
                "(amsterdam). Recorded with the match; no effect on scoring.",
            ),
            label=term("klaverjas", "Trumping rule"),
            hint=term(
                "klaverjas",
                "Whether you must trump when your partner is winning the trick (Rotterdam) or not (Amsterdam). Recorded with the match; no effect on scoring.",
            ),
        ),
        Option(
            "four_jacks",
            Choice((200, 100)),
            200,
            term("klaverjas", "The value of a `four_jacks` roem item."),
            label=term("klaverjas", "Four jacks are worth"),
            hint=term("klaverjas", "What roem for four jacks is worth."),
        ),
        Option(
            "defence_pit_bonus",
            Boolean(),
            True,
            term("klaverjas", "Whether defenders who take all 8 tricks also get +100."),
            label=term("klaverjas", "Defenders' pit bonus"),
        ),
        Option(
            "nat_test",
            Choice(
                ("with_roem", "card_points"),
                labels=(
                    ("with_roem", term("klaverjas", "more points with roem")),
                    ("card_points", term("klaverjas", "more card points")),
                ),
            ),
            "with_roem",
            term(
                "klaverjas",
                "What the playing side must win to make the deal: with_roem = more card points plus roem "
                "than the defenders; card_points = more card points (82 or more), roem left out of the "
                "test but still scored.",
            ),
            label=term("klaverjas", "To make the deal, the players need"),
            hint=term(
                "klaverjas",
                "What the playing side must win to make the deal: more card points plus roem than the defenders, or more card points (82 or more), roem still scored.",
            ),
        ),
        Option(
            "revoke_bonus",
            Choice((0, 100), labels=((0, term("klaverjas", "none")), (100, term("klaverjas", "100")))),
            0,
            term(
                "klaverjas", "Extra roem for the side that did not revoke: 0, or 100 (162 + all roem + 100)."
            ),
            label=term("klaverjas", "Revoke bonus"),
            hint=term(
                "klaverjas",
                "Extra roem for the side that did not revoke: none, or 100 (162 + all roem + 100).",
            ),
        ),
        Option(
            "kraken",
            Choice(
                ("off", "whole_score", "card_points"),
                labels=(
                    ("off", term("klaverjas", "no doubling")),
                    ("whole_score", term("klaverjas", "the whole score")),
                    ("card_points", term("klaverjas", "the card points only")),
                ),
            ),
            "off",
            term(
                "klaverjas",
                "Doubling (kraken). off: the `kraak` field must be none. whole_score: a kraak multiplies "
                "every score of the deal, roem and bonuses included. card_points: it multiplies the card "
                "points only.",
            ),
            label=term("klaverjas", "Doubling (kraken)"),
            hint=term(
                "klaverjas",
                "Whether a deal can be doubled (gekraakt), and whether a kraak multiplies the whole score of the deal, roem and bonuses included, or the card points only.",
            ),
        ),
        Option(
            "deals",
            Integer(low=1),
            16,
            term(
                "klaverjas",
                "A fixed-length match (a *boompje* of 16 deals: each player deals 4 times). Ignored "
                "when `target` is set.",
            ),
            label=term("klaverjas", "Number of deals"),
            hint=term(
                "klaverjas",
                "A fixed-length match (a boompje of 16 deals: each player deals 4 times); a target replaces it.",
            ),
        ),
        Option(
            "target",
            Integer(low=1),
            None,
            term(
                "klaverjas",
                "When set (commonly 1500), the match is played to this score instead of a number of "
                "deals. Giving both `deals` and `target` is an error on `deals`.",
            ),
            nullable=True,
            label=term("klaverjas", "Target"),
            hint=term(
                "klaverjas",
                "When set (commonly 1500), the match is played to this score instead of a number of deals.",
            ),
        ),
        Option(
            "first_dealer",
            Seat(),
            0,
            term("klaverjas", "Who deals the first deal (a seat number, 0–3)."),
            label=term("klaverjas", "First dealer"),
        ),
    )
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "amsterdam": {"play_rule": "amsterdam", "four_jacks": 200, "defence_pit_bonus": True},
        "rotterdam": {"play_rule": "rotterdam", "four_jacks": 200, "defence_pit_bonus": True},
        "parlett": {"play_rule": "amsterdam", "four_jacks": 100, "defence_pit_bonus": True},
    }
    default_preset = "amsterdam"
    preset_names: ClassVar[Mapping[str, str]] = {
        "amsterdam": term("klaverjas", "Amsterdam (NKU rules)"),
        "rotterdam": term("klaverjas", "Rotterdam (trumping duty recorded)"),
        "parlett": term("klaverjas", "Parlett (four Jacks score 100)"),
    }

    def start(self, table: Table) -> None:
        return None

    def score(
        self, table: Table, state: None, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, None]:
        sides, options = table.sides, table.options
        playing: str = entry["playing"]
        defending = other_side(sides, playing)
        claimed: Mapping[str, list[str]] = entry.get("roem") or {}
        roem = {side: sum(roem_value(i, options) for i in claimed.get(side, ())) for side in sides}
        pit: str | None = entry.get("pit")
        breakdown: list[str] = []
        for side in sides:
            if claimed.get(side):
                words = joined(
                    said("klaverjas", "%(item)s %(value)s", item=ROEM_WORDS[i], value=roem_value(i, options))
                    for i in claimed[side]
                )
                breakdown.append(
                    said(
                        "klaverjas",
                        "%(side)s roem: %(items)s = %(total)s",
                        side=side,
                        items=words,
                        total=roem[side],
                    )
                )
        # Rule 4: the result is decided undoubled; a kraak multiplies the card points, and the roem
        # and bonuses too when the whole score is doubled.
        kraak = str(entry.get("kraak", "none"))
        cards_by = KRAAK_FACTORS[kraak]
        rest_by = cards_by if options["kraken"] == "whole_score" else 1
        revoked: str | None = entry.get("verzaakt")
        if revoked is not None:
            result, scores = (
                "verzaakt",
                self._revoke(sides, revoked, roem, options, cards_by, rest_by, breakdown),
            )
        else:
            points: Mapping[str, int] = entry["points"]
            if self._made(points, roem, playing, defending, options, breakdown):
                result = "made"
                scores = {side: points[side] * cards_by + roem[side] * rest_by for side in sides}
                if pit == playing:
                    scores[playing] += PIT_BONUS * rest_by
                    breakdown.append(said("klaverjas", "pit by %(side)s: +100", side=playing))
            else:
                result = "nat"
                scores = dict.fromkeys(sides, 0)
                all_roem = roem[playing] + roem[defending]
                scores[defending] = CARD_POINTS * cards_by + all_roem * rest_by
                breakdown.append(
                    said(
                        "klaverjas",
                        "nat: %(playing)s 0, %(defending)s 162 + all roem %(roem)s",
                        playing=playing,
                        defending=defending,
                        roem=all_roem,
                    )
                )
                if pit == defending:
                    if options["defence_pit_bonus"]:
                        scores[defending] += PIT_BONUS * rest_by
                        breakdown.append(
                            said("klaverjas", "pit by the defenders %(side)s: +100", side=defending)
                        )
                    else:
                        breakdown.append(
                            said(
                                "klaverjas",
                                "pit by the defenders %(side)s: no bonus (option off)",
                                side=defending,
                            )
                        )
        if cards_by > 1:
            first, second = scores[sides[0]], scores[sides[1]]
            if rest_by > 1:
                line = said(
                    "klaverjas",
                    "%(kraak)s: the whole score multiplied: %(first)s – %(second)s",
                    kraak=KRAAK_WORDS[kraak],
                    first=first,
                    second=second,
                )
            else:
                line = said(
                    "klaverjas",
                    "%(kraak)s: the card points only multiplied: %(first)s – %(second)s",
                    kraak=KRAAK_WORDS[kraak],
                    first=first,
                    second=second,
                )
            breakdown.append(line)
        extra = {"result": result, "roem_points": roem, "pit": pit}
        return DealScore(scores, tuple(breakdown), extra), None

    def deal_notes(self, table: Table, record: DealRecord) -> tuple[str, ...]:
        """The result, and how far the deal was doubled when it was (kraak × 2)."""
        kraak = str(record.entry.get("kraak", "none"))
        result = RESULT_WORDS[str(record.score.extra["result"])]
        return (result,) if kraak == "none" else (result, KRAAK_WORDS[kraak])

    @staticmethod
    def _made(
        points: Mapping[str, int],
        roem: Mapping[str, int],
        playing: str,
        defending: str,
        options: Mapping[str, Any],
        breakdown: list[str],
    ) -> bool:
        """Rules 2–3: whether the playing side wins the nat test (a tie is nat)."""
        if options["nat_test"] == "card_points":
            ours, theirs = points[playing], points[defending]
            how = said(
                "klaverjas",
                "%(ours)s card points against %(theirs)s (roem not counted)",
                ours=ours,
                theirs=theirs,
            )
        else:
            ours, theirs = points[playing] + roem[playing], points[defending] + roem[defending]
            how = said(
                "klaverjas",
                "%(points)s + roem %(roem)s = %(ours)s against %(their_points)s + roem %(their_roem)s = %(theirs)s",
                points=points[playing],
                roem=roem[playing],
                ours=ours,
                their_points=points[defending],
                their_roem=roem[defending],
                theirs=theirs,
            )
        made = ours > theirs
        if made:
            line = said("klaverjas", "%(side)s play: %(how)s: made", side=playing, how=how)
        elif ours == theirs:
            line = said("klaverjas", "%(side)s play: %(how)s: nat (a tie is nat)", side=playing, how=how)
        else:
            line = said("klaverjas", "%(side)s play: %(how)s: nat", side=playing, how=how)
        breakdown.append(line)
        return made

    @staticmethod
    def _revoke(
        sides: tuple[str, ...],
        revoked: str,
        roem: Mapping[str, int],
        options: Mapping[str, Any],
        cards_by: int,
        rest_by: int,
        breakdown: list[str],
    ) -> dict[str, int]:
        """Rule 1: the side that revoked scores 0, the other side 162 + all roem + the revoke bonus."""
        beneficiary = other_side(sides, revoked)
        all_roem = sum(roem.values())
        bonus = int(options["revoke_bonus"])
        scores = dict.fromkeys(sides, 0)
        scores[beneficiary] = CARD_POINTS * cards_by + (all_roem + bonus) * rest_by
        if bonus:
            line = said(
                "klaverjas",
                "%(revoked)s revoked (verzaakt): %(revoked)s 0, %(other)s 162 + all roem %(roem)s + revoke bonus %(bonus)s",
                revoked=revoked,
                other=beneficiary,
                roem=all_roem,
                bonus=bonus,
            )
        else:
            line = said(
                "klaverjas",
                "%(revoked)s revoked (verzaakt): %(revoked)s 0, %(other)s 162 + all roem %(roem)s",
                revoked=revoked,
                other=beneficiary,
                roem=all_roem,
            )
        breakdown.append(line)
        return scores

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
