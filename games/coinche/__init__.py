"""La Coinche (Belote coinchée / Belote contrée): four players, two partnerships.

The table enters the contract (taker, bid, trump, coinche/surcoinche), the card points each side
took (including the 10 for the last trick), who took all eight tricks (``capot``), the belotes
announced and the declarations (melds) of each side; or ``{"dead": true}`` when all four passed.
The package checks the melds (shape, fit, no card in two declarations), finds the side holding the
best declaration, applies the capot bonus, tests the contract (``made_test``, ``tie_rule``, never
on rounded points), moves declarations and belote where the options say so, scores the deal by
one of the double formulas, keeps the *litige* pot for the next made contract, and ends the match
at ``target`` (candidates, the belote-only rule, ties). The rules in words: ``docs/games/coinche.md``.

This module holds the rules class (identity, one deal, the match end); the rest is split by concern:

- ``vocabulary.py``: the enums and constants of the entry, the options and the rules;
- ``melds.py``: declarations: their cards, values, ranks, entry checks, and who scores them;
- ``rules.py``: the options read once per match, and the state carried between deals;
- ``contract.py``: Steps 1 to 4 of a deal (card points, the contract test, transfers);
- ``scoring.py``: Steps 5 and 6 (the double formulas, the litige pot);
- ``declaration.py``: the one declaration (the entry's fields; with ``options.py``: the options, presets).

What it does not do: the auction (only the final contract is entered), card play, or any check
that the entered card points could really have been taken (1 card point is scored as entered).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from games.base import Game
from games.coinche.contract import contract_test, setup, transfer
from games.coinche.declaration import FIELDS, OPTIONS, PRESETS
from games.coinche.rules import CoincheState, Rules
from games.coinche.scoring import deal_scores
from games.coinche.vocabulary import DOUBLE_WORDS, OUTCOME_WORDS, Double, Outcome, Preset, contract_text
from games.common import other_side
from games.declaration import Field, Option
from games.facts import Fact, Facts, per_side
from games.match import DealRecord, DealScore, Result, Table
from games.terms import counted, said, term


class Coinche(Game[CoincheState]):
    """La Coinche as Parlett scores it, with FFB's and pagat's readings as options and presets."""

    key = "coinche"
    name = term("coinche", "La Coinche (Belote coinchée / Belote contrée)")
    summary = term(
        "coinche",
        "Belote with bidding for two partnerships: contracts from 80 to capot, coinche and surcoinche, "
        "belote and declarations, first side to 1000.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("coinche", "capot"),
            term(
                "coinche", "One side takes all 8 tricks; as a bid, a contract to take them all (worth 250)."
            ),
        ),
        (
            term("coinche", "générale"),
            term("coinche", "One player alone takes all 8 tricks; a bid above capot (worth 500)."),
        ),
        (
            term("coinche", "belote"),
            term(
                "coinche",
                "King and Queen of trumps in one hand, announced “belote” then “rebelote” as they are played: 20 points.",
            ),
        ),
        (term("coinche", "coinche"), term("coinche", "The defence doubles the contract (× 2).")),
        (
            term("coinche", "surcoinche"),
            term("coinche", "The taker redoubles a coinche (× 4, or × 3 with some clubs)."),
        ),
        (
            term("coinche", "litige"),
            term("coinche", "A tie at the bid: the taker's points wait in a pot for the next contract made."),
        ),
        (term("coinche", "dix de der"), term("coinche", "The 10 points of the last trick.")),
        (
            term("coinche", "tierce, quarte, quinte"),
            term(
                "coinche",
                "Declarations of three, four or five cards in a row in one suit: 20, 50 and 100 points.",
            ),
        ),
        (
            term("coinche", "carré"),
            term("coinche", "A declaration of four cards of one rank: 100 to 200 points."),
        ),
        (
            term("coinche", "chute (dedans)"),
            term("coinche", "The contract fails: the defence scores 160 plus the contract."),
        ),
    )
    aliases = ("belote-coinchee", "belote-contree", "contree")
    partnerships = True
    fields: ClassVar[tuple[Field, ...]] = FIELDS
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    default_preset = Preset.PARLETT.value
    preset_names: ClassVar[Mapping[str, str]] = {
        Preset.PARLETT: term("coinche", "Parlett (Penguin Book of Card Games)"),
        Preset.FFB: term("coinche", "FFB (Fédération Française de Belote)"),
        Preset.PAGAT: term("coinche", "Pagat (game to 2000, only the bid doubled)"),
    }

    def start(self, table: Table) -> CoincheState:
        rules = Rules.of(table.options)
        return CoincheState(rules, sheet=rules.sheet_after(dict.fromkeys(table.sides, 0), {}))

    # -- one deal -----------------------------------------------------------------------------

    def score(
        self, table: Table, state: CoincheState, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, CoincheState]:
        sides, rules = table.sides, state.rules
        if entry.get("dead"):
            zero = dict.fromkeys(sides, 0)
            dead: dict[str, Any] = {
                "result": Outcome.DEAD.value,
                "contract": None,
                "meld_points": dict(zero),
                "belote_points": dict(zero),
                "pot": state.pot,
            }
            lines: list[str] = [
                said("coinche", "all four passed: dead deal, no score; the next player deals")
            ]
            if state.pot:
                lines.append(said("coinche", "the pot of %(pot)s keeps waiting", pot=state.pot))
            sheet = rules.sheet_after(totals, zero)
            if sheet is not None:
                dead["rounded_running_totals"] = sheet
            return DealScore(zero, tuple(lines), dead), CoincheState(rules, state.pot, sheet=sheet)
        deal, lines = setup(rules, sides, entry)
        t, d = deal.taker, deal.defence
        outcome = contract_test(rules, deal, entry["bid"], lines)
        transfer(rules, deal, outcome, lines)
        scores, pot = deal_scores(rules, deal, outcome, state.pot, lines)
        barred: frozenset[str] = frozenset()
        if outcome is Outcome.FAILED:
            barred = barred | {t}
        if deal.capot is not None:
            barred = barred | {other_side(sides, deal.capot)}
        winner = t if outcome is Outcome.MADE else d if outcome is Outcome.FAILED else None
        extra: dict[str, Any] = {
            "result": outcome.value,
            "contract": {
                "taker": t,
                "bid": entry["bid"],
                "trump": entry["trump"],
                "double": entry["double"],
            },
            "meld_points": {side: deal.melds[side] for side in sides},
            "belote_points": {side: deal.belote[side] for side in sides},
            "pot": pot,
        }
        ordered = {side: scores[side] for side in sides}
        sheet = rules.sheet_after(totals, ordered)
        if sheet is not None:
            extra["rounded_running_totals"] = sheet
        return DealScore(ordered, tuple(lines), extra), CoincheState(rules, pot, barred, winner, sheet)

    # -- the match ----------------------------------------------------------------------------

    def result(self, table: Table, state: CoincheState, totals: Mapping[str, int], deals: int) -> Result:
        rules = state.rules
        # with rounding = total, the end is decided on the rounded running totals (Step 7), which
        # the last deal put in the state
        if state.sheet is not None:
            totals = state.sheet
        barred = state.barred if rules.belote_alone_cannot_win else frozenset()
        candidates = [
            side for side in table.sides if totals.get(side, 0) >= rules.target and side not in barred
        ]
        if not candidates:
            return Result(False)
        if len(candidates) == 1:
            return Result(True, candidates[0])
        a, b = candidates
        if totals[a] != totals[b]:
            return Result(True, a if totals[a] > totals[b] else b)
        if rules.last_contract_winner and state.contract_winner is not None:
            return Result(True, state.contract_winner)
        return Result(False)

    def leader(self, table: Table, state: CoincheState, totals: Mapping[str, int]) -> str | None:
        """The side ahead on the score sheet (rounded totals under ``rounding = total``)."""
        return super().leader(table, state, state.rules.on_sheet(totals))

    def structure(self, table: Table, state: CoincheState) -> dict[str, Any]:
        if state.sheet is None:
            return {"pot": state.pot}
        return {"pot": state.pot, "rounded_totals": dict(state.sheet)}

    def facts(
        self, table: Table, state: CoincheState, deals: tuple[DealRecord, ...], result: Result
    ) -> Facts:
        """The held pot and, with ``rounding = total``, the score sheet rounded to 10 (the deals stay
        exact; the sheet, and the match end, are rounded)."""
        lines = []
        if state.sheet is not None:
            lines.append(
                Fact(term("coinche", "Score sheet, rounded to 10"), per_side(table.sides, state.sheet))
            )
        if state.pot:
            pot = counted(
                "coinche",
                "%(count)s point, for the next contract made",
                "%(count)s points, for the next contract made",
                state.pot,
            )
        else:
            pot = term("coinche", "none")
        lines.append(Fact(term("coinche", "Held pot"), pot))
        return replace(super().facts(table, state, deals, result), lines=tuple(lines))

    def deal_notes(self, table: Table, record: DealRecord) -> tuple[str, ...]:
        """The result, the contract ("NS 100♥ coinche") and the pot the deal left."""
        extra, entry = record.score.extra, record.entry
        notes: list[str] = [OUTCOME_WORDS[extra["result"]]]
        if extra["result"] != Outcome.DEAD:
            contract = contract_text(entry["bid"], entry["trump"])
            if entry["double"] == Double.NONE:
                notes.append(
                    said("coinche", "%(taker)s %(contract)s", taker=entry["taker"], contract=contract)
                )
            else:
                notes.append(
                    said(
                        "coinche",
                        "%(taker)s %(contract)s %(double)s",
                        taker=entry["taker"],
                        contract=contract,
                        double=DOUBLE_WORDS[entry["double"]],
                    )
                )
        if extra["pot"]:
            notes.append(said("coinche", "pot %(pot)s", pot=extra["pot"]))
        return tuple(notes)
