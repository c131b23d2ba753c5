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
from games.terms import said


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
            self.lines.append(said("jo-jotte", "Jo-Jotte %(side)s: 20 above", side=holder))

    def collect(self, winner: str, pot: int) -> int:
        """The winner of a deal takes the pot above the line; the pot is then empty."""
        if pot:
            self.above[winner] += pot
            self.lines.append(
                said("jo-jotte", "%(side)s collects the pot: %(pot)s above", side=winner, pot=pot)
            )
        return 0


def _contract_words(contract: str, double: int) -> str:
    words = SUIT_SYMBOLS.get(contract, contract)
    if double == 2:
        return said("jo-jotte", "%(contract)s doubled", contract=words)
    if double == 4:
        return said("jo-jotte", "%(contract)s redoubled", contract=words)
    return words


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
        said(
            "jo-jotte",
            "%(stake)s by %(declarer)s: totals %(declarer)s %(declarer_total)s, %(opponent)s %(opponent_total)s",
            stake=stake,
            declarer=declarer,
            declarer_total=total[declarer],
            opponent=opponent,
            opponent_total=total[opponent],
        )
    )
    winner: str | None = None
    if total[declarer] > total[opponent]:
        result, winner = "declarer", declarer
        if double == 1:
            sheet.below[declarer] += points[declarer]
            sheet.lines.append(
                said(
                    "jo-jotte",
                    "%(side)s wins: own trick points %(points)s below",
                    side=declarer,
                    points=points[declarer],
                )
            )
        else:
            sheet.below[declarer] += both * double
            sheet.lines.append(
                said(
                    "jo-jotte",
                    "%(side)s wins: (%(both)s) × %(double)s = %(score)s below",
                    side=declarer,
                    both=both,
                    double=double,
                    score=both * double,
                )
            )
    elif total[opponent] > total[declarer]:
        result, winner = "opponent", opponent
        sheet.below[opponent] += both * double
        sheet.lines.append(
            said(
                "jo-jotte",
                "%(side)s wins: both players' %(both)s × %(double)s = %(score)s below",
                side=opponent,
                both=both,
                double=double,
                score=both * double,
            )
        )
    else:
        result = "tie"
        added = both * double if options["pot_multiplied"] else both
        pot += added
        sheet.lines.append(
            said(
                "jo-jotte",
                "tie: nobody scores below; %(added)s into the pot (now %(pot)s)",
                added=added,
                pot=pot,
            )
        )
    for side in sides:
        if tricks[side] == TRICKS:
            sheet.above[side] += ALL_TRICKS_BONUS
            sheet.lines.append(said("jo-jotte", "%(side)s took all 9 tricks: 100 above", side=side))
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
        sheet.lines.append(said("jo-jotte", "%(side)s's nullo made (no trick taken): 200 above", side=bidder))
    else:
        result = "nullo_failed"
        gained = NULLO_FIRST_TRICK + NULLO_FURTHER_TRICK * (taken - 1)
        sheet.above[declarer] += gained
        if taken > 1:
            line = said(
                "jo-jotte",
                "%(side)s's nullo failed with %(taken)s trick(s): %(declarer)s scores 200 + %(more)s × 100 = %(gained)s above",
                side=bidder,
                taken=taken,
                declarer=declarer,
                more=taken - 1,
                gained=gained,
            )
        else:
            line = said(
                "jo-jotte",
                "%(side)s's nullo failed with %(taken)s trick(s): %(declarer)s scores 200 = %(gained)s above",
                side=bidder,
                taken=taken,
                declarer=declarer,
                gained=gained,
            )
        sheet.lines.append(line)
    pot += both
    sheet.lines.append(
        said("jo-jotte", "nullo: the %(both)s trick points go into the pot (now %(pot)s)", both=both, pot=pot)
    )
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
        sheet.lines.append(
            said(
                "jo-jotte",
                "%(side)s's slam made: %(both)s × %(double)s = %(score)s below and 500 above",
                side=declarer,
                both=both,
                double=double,
                score=both * double,
            )
        )
    else:
        result, winner = "slam_failed", opponent
        sheet.above[opponent] += both
        sheet.lines.append(
            said(
                "jo-jotte",
                "%(side)s's slam failed: %(opponent)s scores both players' %(both)s above",
                side=declarer,
                opponent=opponent,
                both=both,
            )
        )
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
    sheet.lines.append(
        said(
            "jo-jotte",
            "%(side)s wins game %(game)s: %(below)s below the line",
            side=winner,
            game=game,
            below=below[winner],
        )
    )
    finished = (*state.finished_games, (below, winner))
    won = sum(1 for _, who in finished if who == winner)
    if won < GAMES_FOR_RUBBER:
        return JoJotteState(game + 1, dict.fromkeys(sides, 0), finished, pot)
    bonus = int(options["rubber_bonus"])
    sheet.above[winner] += bonus
    sheet.lines.append(
        said(
            "jo-jotte",
            "%(side)s wins the rubber %(won)s–%(lost)s: %(bonus)s above",
            side=winner,
            won=won,
            lost=len(finished) - won,
            bonus=bonus,
        )
    )
    return JoJotteState(game, dict.fromkeys(sides, 0), finished, pot, winner)
