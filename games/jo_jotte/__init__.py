"""Jo-Jotte: Culbertson's two-player Belote on a Bridge score sheet (docs/games/jo-jotte.md).

The table enters the contract (suit or no trump, possibly doubled or redoubled, or replaced by a
nullo or a slam), both players' tricks and trick points, the melds each player declared and who
scored Jo-Jotte. Trick scores go below the line and count toward games of ``target`` (80); melds
and bonuses go above. Tied deals and nullos put their trick points into a pot that the next
decisive deal collects. The first player to win 2 games wins the rubber, its bonus and the match.
The deal alternates after every entry, dead deals included.

This module holds the rules class (identity, one deal, the match end, what a scoreboard shows);
the rest is split by concern:

- ``vocabulary.py``: the words of the entry and the numbers of the rules;
- ``melds.py``: quartets and sequences, their entry checks, and who scores them;
- ``declaration.py``: the one declaration (fields and options);
- ``deals.py``: what each kind of deal writes on the sheet, the pot, games and the rubber.

What it does not do: the bidding, the play, or checking that the melds fit in a 9-card hand (the
rule book's meld checks are the complete list); a pot still held when the rubber ends is not scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import Game
from games.common import best
from games.declaration import Field, Option
from games.facts import Fact, Facts, Row, RowKind, Sheet, cells, per_side
from games.jo_jotte.deals import DealSheet, JoJotteState, game_and_rubber, nullo, played, slam
from games.jo_jotte.declaration import FIELDS, OPTIONS
from games.jo_jotte.vocabulary import NULLO, SLAM
from games.match import DealRecord, DealScore, Result, Table
from games.terms import counted, said, term

#: A deal's result in the players' words, for the deal history.
RESULT_WORDS = {
    "dead": term("jo-jotte", "dead"),
    "declarer": term("jo-jotte", "declarer won"),
    "opponent": term("jo-jotte", "opponent won"),
    "tie": term("jo-jotte", "tie"),
    "nullo_made": term("jo-jotte", "nullo made"),
    "nullo_failed": term("jo-jotte", "nullo failed"),
    "slam_made": term("jo-jotte", "slam made"),
    "slam_failed": term("jo-jotte", "slam failed"),
}


class JoJotte(Game[JoJotteState]):
    """Jo-Jotte as in Parlett's account, with the research notes' readings where he is silent."""

    key = "jo-jotte"
    name = term("jo-jotte", "Jo-Jotte")
    summary = term(
        "jo-jotte",
        "Two players, Belote's cards and melds on a Bridge score sheet: games of 80 below the line, "
        "a rubber of two games.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("jo-jotte", "Jo-Jotte"),
            term("jo-jotte", "King then Queen of trumps, announced as they are played: 20 points."),
        ),
        (term("jo-jotte", "nullo"), term("jo-jotte", "A contract to take no trick at all.")),
        (
            term("jo-jotte", "slam"),
            term("jo-jotte", "An overcall of a nullo: the declarer undertakes to take every trick."),
        ),
        (term("jo-jotte", "rubber"), term("jo-jotte", "The match: the first player to win two games.")),
        (
            term("jo-jotte", "the line"),
            term(
                "jo-jotte", "Below the line go the points that win a game (80); above it, bonuses and melds."
            ),
        ),
    )
    aliases = ("jojotte",)
    fields: ClassVar[tuple[Field, ...]] = FIELDS
    options: ClassVar[tuple[Option, ...]] = OPTIONS

    def start(self, table: Table) -> JoJotteState:
        return JoJotteState(1, dict.fromkeys(table.sides, 0), (), 0)

    def score(
        self, table: Table, state: JoJotteState, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, JoJotteState]:
        sides = table.sides
        sheet = DealSheet(dict.fromkeys(sides, 0), dict.fromkeys(sides, 0), [])
        if entry.get("dead"):
            sheet.lines.append(
                said("jo-jotte", "dead deal: both players passed; nothing scored, the other player deals")
            )
            result, pot = "dead", state.pot
        elif entry["special"] == NULLO:
            result, pot = nullo(sides, state.pot, entry, sheet)
        elif entry["special"] == SLAM:
            result, pot = slam(sides, state.pot, entry, sheet)
        else:
            result, pot = played(table.options, sides, state.pot, entry, sheet)
        new_state = game_and_rubber(table.options, sides, state, sheet, pot)
        scores = {side: sheet.below[side] + sheet.above[side] for side in sides}
        extra = {"below": sheet.below, "above": sheet.above, "result": result, "game": state.game, "pot": pot}
        return DealScore(scores, tuple(sheet.lines), extra), new_state

    def result(self, table: Table, state: JoJotteState, totals: Mapping[str, int], deals: int) -> Result:
        winner = state.rubber_winner
        extra = {"games_won": state.games_won(table.sides)}
        if winner is None:
            return Result(False, None, extra)
        if table.options["winner_by"] == "points":
            return Result(True, best(totals), extra)
        return Result(True, winner, extra)

    def structure(self, table: Table, state: JoJotteState) -> dict[str, Any]:
        games = [
            {"number": n, "below": dict(below), "winner": winner}
            for n, (below, winner) in enumerate(state.finished_games, 1)
        ]
        if state.rubber_winner is None:
            games.append({"number": state.game, "below": dict(state.below), "winner": None})
        return {"games": games, "pot": state.pot}

    def facts(
        self, table: Table, state: JoJotteState, deals: tuple[DealRecord, ...], result: Result
    ) -> Facts:
        """The Bridge-style sheet (bonuses and melds above the line, newest on top; each game's trick
        scores below it, closed by the game's total) and the held pot. The target belongs to each
        game, so the match itself has none."""
        sides = table.sides
        rows = [
            Row(
                (said("jo-jotte", "deal %(number)s", number=d.number), *cells(sides, d.score.extra["above"])),
                RowKind.ABOVE,
            )
            for d in reversed(deals)
            if any(d.score.extra["above"].values())
        ]
        rows.append(Row((term("jo-jotte", "the line"), *("" for _ in sides)), RowKind.LINE))
        games: list[tuple[int, Mapping[str, int], str | None]] = [
            (n, below, winner) for n, (below, winner) in enumerate(state.finished_games, 1)
        ]
        if state.rubber_winner is None:
            games.append((state.game, state.below, None))
        for number, below, winner in games:
            rows += [
                Row(
                    (
                        said("jo-jotte", "deal %(number)s", number=d.number),
                        *cells(sides, d.score.extra["below"]),
                    ),
                    RowKind.BELOW,
                )
                for d in deals
                if d.score.extra["game"] == number and any(d.score.extra["below"].values())
            ]
            if winner:
                name = said("jo-jotte", "Game %(number)s: %(side)s won", number=number, side=winner)
            else:
                name = said("jo-jotte", "Game %(number)s (playing)", number=number)
            rows.append(Row((name, *cells(sides, below)), RowKind.TOTAL))
        won = per_side(sides, state.games_won(sides))
        sheet = Sheet(
            term("jo-jotte", "Above and below the line"),
            ("", *sides),
            tuple(rows),
            (said("jo-jotte", "Games won in the rubber: %(won)s", won=won),),
        )
        if state.pot:
            pot = counted(
                "jo-jotte",
                "%(count)s point, for the next deal won",
                "%(count)s points, for the next deal won",
                state.pot,
            )
        else:
            pot = term("jo-jotte", "none")
        return Facts(lines=(Fact(term("jo-jotte", "Held pot"), pot),), sheets=(sheet,))

    def deal_notes(self, table: Table, record: DealRecord) -> tuple[str, ...]:
        extra = record.score.extra
        notes = [RESULT_WORDS[extra["result"]], said("jo-jotte", "game %(number)s", number=extra["game"])]
        if extra["pot"]:
            notes.append(said("jo-jotte", "pot %(pot)s", pot=extra["pot"]))
        return tuple(notes)
