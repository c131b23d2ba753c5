"""What one Jo-Jotte deal writes on the score sheet: the three kinds of deal (a contract played, a
nullo, a slam), the pot, and the game and rubber they may end (docs/games/jo-jotte.md).

Trick scores go below the line and count toward a game of ``target``; melds and bonuses go above.
A tied deal or a nullo puts its trick points into the pot, which the next deal won collects.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.common import SUIT_SYMBOLS, other_side
from games.jo_jotte.melds import meld_points
from games.jo_jotte.vocabulary import (
    ALL_TRICKS_BONUS,
    GAMES_FOR_RUBBER,
    JO_JOTTE_POINTS,
    NO_TRUMP,
    NULLO_FIRST_TRICK,
    NULLO_FURTHER_TRICK,
    NULLO_MADE,
    SLAM_BONUS,
    TRICKS,
)


@dataclass(frozen=True)
class JoJotteState:
    """The game in progress (number and below-the-line scores), the games played, and the pot.

    ``rubber_winner`` is set once a player has won 2 games; the match then ends.
    """

    game: int
    below: Mapping[str, int]
    finished_games: tuple[tuple[Mapping[str, int], str], ...]
    pot: int
    rubber_winner: str | None = None

    def games_won(self, sides: tuple[str, ...]) -> dict[str, int]:
        """Games won so far by each player."""
        won = dict.fromkeys(sides, 0)
        for _, winner in self.finished_games:
            won[winner] += 1
        return won


@dataclass
class DealSheet:
    """What one deal writes on the score sheet, built up rule by rule."""

    below: dict[str, int]
    above: dict[str, int]
    lines: list[str]

    def jo_jotte(self, holder: str | None) -> None:
        """Jo-Jotte's 20 above the line, for the player who scored it."""
        if holder is not None:
            self.above[holder] += JO_JOTTE_POINTS
            self.lines.append(f"Jo-Jotte {holder}: 20 above")

    def collect(self, winner: str, pot: int) -> int:
        """The winner of a deal takes the pot above the line; the pot is then empty."""
        if pot:
            self.above[winner] += pot
            self.lines.append(f"{winner} collects the pot: {pot} above")
        return 0


def _contract_words(contract: str, double: int) -> str:
    words = SUIT_SYMBOLS.get(contract, contract)
    return words + {1: "", 2: " doubled", 4: " redoubled"}.get(double, "")


def played(
    options: Mapping[str, Any], sides: tuple[str, ...], pot: int, entry: Mapping[str, Any], sheet: DealSheet
) -> tuple[str, int]:
    """A contract played out: the higher total (trick points, melds, perhaps Jo-Jotte) wins the
    deal; a tie feeds the pot. Returns the deal's result and the pot after it."""
    declarer: str = entry["declarer"]
    opponent = other_side(sides, declarer)
    contract: str = entry["contract"]
    trump = None if contract == NO_TRUMP else contract
    double: int = entry["double"]
    tricks: Mapping[str, int] = entry["tricks"]
    points: Mapping[str, int] = entry["trick_points"]
    both = points[declarer] + points[opponent]
    melds, lines = meld_points(sides, entry.get("melds") or {}, trump)
    sheet.lines.extend(lines)
    jo_jotte: str | None = entry.get("jo_jotte")
    total = {side: points[side] + melds[side] for side in sides}
    if jo_jotte is not None and options["jo_jotte_in_total"]:
        total[jo_jotte] += JO_JOTTE_POINTS
    for side in sides:
        sheet.above[side] += melds[side]
    sheet.jo_jotte(jo_jotte)
    stake = _contract_words(contract, double)
    sheet.lines.append(
        f"{stake} by {declarer}: totals {declarer} {total[declarer]}, {opponent} {total[opponent]}"
    )
    winner: str | None = None
    if total[declarer] > total[opponent]:
        result, winner = "declarer", declarer
        if double == 1:
            sheet.below[declarer] += points[declarer]
            sheet.lines.append(f"{declarer} wins: own trick points {points[declarer]} below")
        else:
            sheet.below[declarer] += both * double
            sheet.lines.append(f"{declarer} wins: ({both}) × {double} = {both * double} below")
    elif total[opponent] > total[declarer]:
        result, winner = "opponent", opponent
        sheet.below[opponent] += both * double
        sheet.lines.append(f"{opponent} wins: both players' {both} × {double} = {both * double} below")
    else:
        result = "tie"
        added = both * double if options["pot_multiplied"] else both
        pot += added
        sheet.lines.append(f"tie: nobody scores below; {added} into the pot (now {pot})")
    for side in sides:
        if tricks[side] == TRICKS:
            sheet.above[side] += ALL_TRICKS_BONUS
            sheet.lines.append(f"{side} took all 9 tricks: 100 above")
    if winner is not None:
        pot = sheet.collect(winner, pot)
    return result, pot


def nullo(sides: tuple[str, ...], pot: int, entry: Mapping[str, Any], sheet: DealSheet) -> tuple[str, int]:
    """A nullo: the bidder scores above for taking no trick, or the declarer for each trick he
    took; the trick points go into the pot."""
    declarer: str = entry["declarer"]
    bidder = other_side(sides, declarer)
    taken: int = entry["tricks"][bidder]
    both = sum(entry["trick_points"].values())
    if taken == 0:
        result = "nullo_made"
        sheet.above[bidder] += NULLO_MADE
        sheet.lines.append(f"{bidder}'s nullo made (no trick taken): 200 above")
    else:
        result = "nullo_failed"
        gained = NULLO_FIRST_TRICK + NULLO_FURTHER_TRICK * (taken - 1)
        sheet.above[declarer] += gained
        sheet.lines.append(
            f"{bidder}'s nullo failed with {taken} trick(s): {declarer} scores 200"
            + (f" + {taken - 1} × 100" if taken > 1 else "")
            + f" = {gained} above"
        )
    pot += both
    sheet.lines.append(f"nullo: the {both} trick points go into the pot (now {pot})")
    return result, pot


def slam(sides: tuple[str, ...], pot: int, entry: Mapping[str, Any], sheet: DealSheet) -> tuple[str, int]:
    """A slam over a nullo: all nine tricks score below and 500 above, else the opponent takes
    both players' trick points above."""
    declarer: str = entry["declarer"]
    opponent = other_side(sides, declarer)
    double: int = entry["double"]
    both = sum(entry["trick_points"].values())
    if entry["tricks"][declarer] == TRICKS:
        result, winner = "slam_made", declarer
        sheet.below[declarer] += both * double
        sheet.above[declarer] += SLAM_BONUS
        sheet.lines.append(f"{declarer}'s slam made: {both} × {double} = {both * double} below and 500 above")
    else:
        result, winner = "slam_failed", opponent
        sheet.above[opponent] += both
        sheet.lines.append(f"{declarer}'s slam failed: {opponent} scores both players' {both} above")
    sheet.jo_jotte(entry.get("jo_jotte"))
    return result, sheet.collect(winner, pot)


def game_and_rubber(
    options: Mapping[str, Any], sides: tuple[str, ...], state: JoJotteState, sheet: DealSheet, pot: int
) -> JoJotteState:
    """The state after the deal: a player whose trick scores reach ``target`` below the line wins
    the game, and the second game won wins the rubber and its bonus."""
    below = {side: state.below[side] + sheet.below[side] for side in sides}
    game = state.game
    reached = [side for side in sides if sheet.below[side] and below[side] >= int(options["target"])]
    if not reached:
        return JoJotteState(game, below, state.finished_games, pot)
    winner = reached[0]
    sheet.lines.append(f"{winner} wins game {game}: {below[winner]} below the line")
    finished = (*state.finished_games, (below, winner))
    won = sum(1 for _, who in finished if who == winner)
    if won < GAMES_FOR_RUBBER:
        return JoJotteState(game + 1, dict.fromkeys(sides, 0), finished, pot)
    bonus = int(options["rubber_bonus"])
    sheet.above[winner] += bonus
    sheet.lines.append(f"{winner} wins the rubber {won}–{len(finished) - won}: {bonus} above")
    return JoJotteState(game, dict.fromkeys(sides, 0), finished, pot, winner)
