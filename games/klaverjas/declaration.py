"""Klaverjas's one declaration: the deal entry's fields with their checks, the options, the presets.

Validation, ``python -m games schema klaverjas``, the API, the entry form and the tables of
``docs/games/klaverjas.md`` are all generated from these values, which the
:class:`~games.klaverjas.Klaverjas` class carries.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.common import RECORD_SUIT, adds_up_to, other_side
from games.declaration import EntryContext, Field, Option, Rule
from games.klaverjas.vocabulary import (
    CARD_POINTS,
    KRAAK_FACTORS,
    KRAAK_WORDS,
    KRAKEN_ON,
    MAX_FOUR_JACKS,
    MAX_FOUR_OF_A_KIND,
    MAX_STUK,
    ROEM_ITEMS,
    ROEM_WORDS,
    TRICKS,
)
from games.terms import problem, term
from games.values import Boolean, Choice, Integer, ListOf, PerSide, Seat, SideRef


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


#: The deal entry.
FIELDS: tuple[Field, ...] = (
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
#: The options a club may switch on.
OPTIONS: tuple[Option, ...] = (
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
        term("klaverjas", "Extra roem for the side that did not revoke: 0, or 100 (162 + all roem + 100)."),
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
PRESETS: Mapping[str, Mapping[str, Any]] = {
    "amsterdam": {"play_rule": "amsterdam", "four_jacks": 200, "defence_pit_bonus": True},
    "rotterdam": {"play_rule": "rotterdam", "four_jacks": 200, "defence_pit_bonus": True},
    "parlett": {"play_rule": "amsterdam", "four_jacks": 100, "defence_pit_bonus": True},
}
DEFAULT_PRESET = "amsterdam"
PRESET_NAMES: Mapping[str, str] = {
    "amsterdam": term("klaverjas", "Amsterdam (NKU rules)"),
    "rotterdam": term("klaverjas", "Rotterdam (trumping duty recorded)"),
    "parlett": term("klaverjas", "Parlett (four Jacks score 100)"),
}
