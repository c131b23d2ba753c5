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

This module holds the rules class (identity, one deal, the match end), as ``games.coinche`` does; the
vocabulary (roem, kraak, result words) is ``vocabulary.py``, the entry, options and presets are
``declaration.py``. Their names are importable from here as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import Game
from games.common import best, other_side
from games.declaration import Field, Option
from games.klaverjas.declaration import DEFAULT_PRESET, FIELDS, OPTIONS, PRESET_NAMES, PRESETS
from games.klaverjas.vocabulary import (
    CARD_POINTS,
    KRAAK_FACTORS,
    KRAAK_WORDS,
    KRAKEN_ON,
    MAX_FOUR_JACKS,
    MAX_FOUR_OF_A_KIND,
    MAX_STUK,
    PIT_BONUS,
    RESULT_WORDS,
    ROEM_ITEMS,
    ROEM_VALUES,
    ROEM_WORDS,
    TRICKS,
    roem_value,
)
from games.match import DealRecord, DealScore, Result, Table
from games.terms import joined, said, term

__all__ = [
    "CARD_POINTS",
    "KRAAK_FACTORS",
    "KRAAK_WORDS",
    "KRAKEN_ON",
    "MAX_FOUR_JACKS",
    "MAX_FOUR_OF_A_KIND",
    "MAX_STUK",
    "PIT_BONUS",
    "RESULT_WORDS",
    "ROEM_ITEMS",
    "ROEM_VALUES",
    "ROEM_WORDS",
    "TRICKS",
    "Klaverjas",
    "roem_value",
]


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
    fields: ClassVar[tuple[Field, ...]] = FIELDS
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    default_preset = DEFAULT_PRESET
    preset_names: ClassVar[Mapping[str, str]] = PRESET_NAMES

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
