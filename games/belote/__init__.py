"""Classic Belote (*belote classique*), as clubs play it in a *concours*: four players, two partnerships.

There is no auction: the side that takes (chooses trumps) only has to score more than the defence,
belote included; otherwise it is *dedans* and the defence takes the whole deal, 162 (252 when the
taker took no trick) plus every declaration, the taker keeping only its belote. A tie is a
*litige*: the taker's points wait in a pot for the winner of the next deal, a chain of litiges
adds to it, and a pot still held after the last deal of a partie is handed back (or lost). A
concours partie is 12 counted deals (dead deals do not count, and the same player deals again);
the home game (preset ``classique``) is played to 1000 with declarations. The rules in words:
``docs/games/belote.md``.

This module holds the rules class (identity, one deal, the match end); the rest is split by concern:

- ``vocabulary.py``: the enums and constants of the options and the rules;
- ``rules.py``: the options read once per match (with Step 4's rounding), and the state carried
  between deals;
- ``scoring.py``: Steps 1 to 6 of a deal;
- ``declaration.py``: the one declaration (fields, options, presets).

The card values, the belote and the declarations (their checks, values and comparison) are La
Coinche's (``games.coinche``), which this package reuses rather than repeats.

What it does not do: the deal's two rounds of taking, card play, or any check that the entered card
points could really have been taken.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from games.base import Game
from games.belote.declaration import FIELDS, OPTIONS, PRESETS
from games.belote.rules import BeloteState, Rules
from games.belote.scoring import score_deal
from games.belote.vocabulary import OUTCOME_WORDS, FinalTie, Outcome, Preset, Redeal
from games.common import other_side
from games.declaration import Field, Option
from games.errors import OptionError
from games.facts import Fact, Facts
from games.match import Dealer, DealRecord, DealScore, Result, Table
from games.terms import counted, problem, said, term


class Belote(Game[BeloteState]):
    """Classic Belote as the FFB (2016) and the concours regulations score it."""

    key = "belote"
    name = term("belote", "Belote (classic Belote, as played in a concours)")
    summary = term(
        "belote",
        "Belote without bidding for two partnerships: the taker must score more than the defence or "
        "is dedans; a tie is a litige; a concours partie is 12 deals, the home game goes to 1000.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("belote", "preneur"),
            term(
                "belote", "The player who takes (chooses trumps); his side must score more than the defence."
            ),
        ),
        (
            term("belote", "dedans"),
            term(
                "belote",
                "The taker's side scored no more than the defence: the defence takes 162 (252 on a capot) and every declaration; the taker keeps only its belote.",
            ),
        ),
        (
            term("belote", "litige"),
            term(
                "belote",
                "A tie (81 each): the taker's points wait in a pot for the winner of the next deal.",
            ),
        ),
        (
            term("belote", "capot"),
            term("belote", "One side takes all 8 tricks: its card points count 252 instead of 162."),
        ),
        (
            term("belote", "belote et rebelote"),
            term(
                "belote",
                "King and Queen of trumps in one hand, announced as they are played: 20 points, kept even by a side that is dedans.",
            ),
        ),
        (term("belote", "dix de der"), term("belote", "The 10 points of the last trick.")),
        (
            term("belote", "partie"),
            term("belote", "A match: 12 counted deals in a concours, or a game to 1000 points at home."),
        ),
        (term("belote", "donne"), term("belote", "One deal: from the shuffle to the score.")),
        (
            term("belote", "concours"),
            term(
                "belote",
                "A club evening for teams of two: several parties, a new opponent each time, ranked on the points marked.",
            ),
        ),
    )
    aliases = ("belote-classique",)
    partnerships = True
    #: With a target the fixed length is not in use: echoed as null, so the options score again.
    deals_off_under_target = True
    fields: ClassVar[tuple[Field, ...]] = FIELDS
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    default_preset = Preset.CONCOURS.value
    preset_names: ClassVar[Mapping[str, str]] = {
        Preset.CONCOURS: term("belote", "Concours (12 deals, no declarations but belote)"),
        Preset.CLASSIQUE: term("belote", "Classique (to 1000, with declarations)"),
    }

    # -- options ------------------------------------------------------------------------------

    def resolve_options(
        self, sides: tuple[str, ...], match_options: Any = None, overrides: Mapping[str, Any] | None = None
    ) -> Table:
        """A number of deals given explicitly replaces the preset's target (and a target given the
        preset's number of deals, as ``deals_off_under_target`` does)."""
        given: dict[str, Any] = {}
        for layer in (match_options, overrides):
            if isinstance(layer, dict):
                given.update(layer)
        if given.get("deals") is not None and "target" not in given:
            overrides = {**(overrides or {}), "target": None}
        return super().resolve_options(sides, match_options, overrides)

    def check_options(self, table: Table, given: Mapping[str, Any]) -> None:
        super().check_options(table, given)
        if table.options["deals"] is None and table.options["target"] is None:
            raise OptionError(
                "deals",
                problem("belote", "no_match_end", "a match needs either a number of deals or a target"),
            )

    # -- one deal -------------------------------------------------------------------------------

    def start(self, table: Table) -> BeloteState:
        return BeloteState(Rules.of(table.options), dealer=int(table.options["first_dealer"]))

    def dealer(self, table: Table, state: BeloteState, index: int) -> Dealer:
        """The seat in the state: it stays put after a dead deal with ``redeal = same_dealer``."""
        return state.dealer

    def score(
        self, table: Table, state: BeloteState, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, BeloteState]:
        sides, rules = table.sides, state.rules
        if entry.get("dead"):
            zero = dict.fromkeys(sides, 0)
            same = rules.redeal is Redeal.SAME_DEALER
            lines: list[str] = [
                said("belote", "all four passed: dead deal, not counted; the same player deals again")
                if same
                else said("belote", "all four passed: dead deal, not counted; the next player deals")
            ]
            if state.pot:
                lines.append(said("coinche", "the pot of %(pot)s keeps waiting", pot=state.pot))
            extra = self._extra(Outcome.DEAD, False, zero, zero, state.pot)
            dealer = state.dealer if same else (state.dealer + 1) % 4
            return DealScore(zero, tuple(lines), extra), replace(
                state, dealer=dealer, barred=frozenset(), last_dead=True
            )
        deal = score_deal(rules, sides, entry, state)
        capot = entry.get("capot")
        barred = frozenset({other_side(sides, capot)}) if capot is not None else frozenset()
        pot = sum(deal.pot_shares.values())
        extra = self._extra(deal.outcome, True, deal.meld_points, deal.belote_points, pot)
        new = BeloteState(
            rules,
            dealer=(state.dealer + 1) % 4,
            pot_shares=deal.pot_shares,
            counted=state.counted + 1,
            barred=barred,
        )
        return DealScore(deal.scores, deal.lines, extra), new

    @staticmethod
    def _extra(
        outcome: Outcome, is_counted: bool, melds: Mapping[str, int], belote: Mapping[str, int], pot: int
    ) -> dict[str, Any]:
        return {
            "result": outcome.value,
            "counted": is_counted,
            "meld_points": dict(melds),
            "belote_points": dict(belote),
            "pot": pot,
        }

    # -- the match ------------------------------------------------------------------------------

    def result(self, table: Table, state: BeloteState, totals: Mapping[str, int], deals: int) -> Result:
        rules = state.rules
        if state.last_dead:
            return Result(False)
        if rules.deals is not None:
            if state.counted < rules.deals:
                return Result(False)
            a, b = table.sides
            if totals[a] == totals[b]:
                return Result(True)
            return Result(True, a if totals[a] > totals[b] else b)
        assert rules.target is not None
        barred = state.barred if rules.capot_cannot_finish else frozenset()
        candidates = [s for s in table.sides if totals.get(s, 0) >= rules.target and s not in barred]
        if not candidates:
            return Result(False)
        if len(candidates) == 1:
            return Result(True, candidates[0])
        a, b = candidates
        if totals[a] != totals[b]:
            return Result(True, a if totals[a] > totals[b] else b)
        return Result(rules.final_tie is FinalTie.DRAW)

    def counted_deals(self, table: Table, state: BeloteState, deals: int) -> int:
        """Dead deals do not count (FFB 10.4.1), in a partie or under a tournament's deal count."""
        return state.counted

    def structure(self, table: Table, state: BeloteState) -> dict[str, Any]:
        return {"pot": state.pot, "counted_deals": state.counted}

    def facts(self, table: Table, state: BeloteState, deals: tuple[DealRecord, ...], result: Result) -> Facts:
        """The pot while a litige waits, and the deals counted so far (dead deals do not count, so
        the page's "deal 3 of 12" is the third counted deal)."""
        lines = []
        if state.pot:
            pot = counted(
                "belote",
                "%(count)s point, for the winner of the next deal",
                "%(count)s points, for the winner of the next deal",
                state.pot,
            )
            lines.append(Fact(term("belote", "Litige pot"), pot))
        return replace(super().facts(table, state, deals, result), lines=tuple(lines), counted=state.counted)

    def deal_notes(self, table: Table, record: DealRecord) -> tuple[str, ...]:
        """The result, who took, and the pot the deal left."""
        extra, entry = record.score.extra, record.entry
        notes: list[str] = [OUTCOME_WORDS[extra["result"]]]
        if extra["result"] != Outcome.DEAD:
            notes.append(said("belote", "%(taker)s take", taker=entry["taker"]))
        if extra["pot"]:
            notes.append(said("coinche", "pot %(pot)s", pot=extra["pot"]))
        return tuple(notes)
