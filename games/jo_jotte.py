"""Jo-Jotte: Culbertson's two-player Belote on a Bridge score sheet (docs/games/jo-jotte.md).

The table enters the contract (suit or no trump, possibly doubled or redoubled, or replaced by a
nullo or a slam), both players' tricks and trick points, the melds each player declared and who
scored Jo-Jotte. Trick scores go below the line and count toward games of ``target`` (80); melds
and bonuses go above. Tied deals and nullos put their trick points into a pot that the next
decisive deal collects. The first player to win 2 games wins the rubber, its bonus and the match.
The deal alternates after every entry, dead deals included.

What it does not do: the bidding, the play, or checking that the melds fit in a 9-card hand (the
rule book's meld checks are the complete list); a pot still held when the rubber ends is not scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.base import DealScore, Game, Result, Table
from games.common import SUIT_SYMBOLS, SUITS, adds_up_to, best, other_side
from games.declaration import EntryContext, Field, Option, Rule
from games.errors import GameError
from games.values import (
    Boolean,
    Choice,
    Integer,
    ListOf,
    PerSide,
    Record,
    SideRef,
    Variants,
)

TRICKS = 9
NO_TRUMP = "no-trump"
CONTRACTS = (*SUITS, NO_TRUMP)
SPECIALS = ("none", "nullo", "slam")
#: Sequence order, highest first, in every suit.
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")
#: Ranks that make a quartet (four 8s or 7s do not count).
QUARTET_RANKS = ("J", "9", "A", "10", "K", "Q")
#: Quartets from best to worst.
QUARTET_ORDER = {True: ("J", "9", "A", "10", "K", "Q"), False: ("A", "10", "K", "Q", "J", "9")}
QUARTET_POINTS = 100
JO_JOTTE_POINTS = 20
ALL_TRICKS_BONUS = 100
NULLO_MADE = 200
NULLO_FIRST_TRICK = 200
NULLO_FURTHER_TRICK = 100
SLAM_BONUS = 500
GAMES_FOR_RUBBER = 2
DEAD_FIELDS = ("declarer", "contract", "special", "double", "tricks", "trick_points", "melds", "jo_jotte")

MELD = Variants(
    "meld",
    {
        "quartet": Record("quartet", {"meld": Choice(("quartet",)), "rank": Choice(QUARTET_RANKS)}),
        "sequence": Record(
            "sequence",
            {
                "meld": Choice(("sequence",)),
                "length": Integer(3, 8),
                "top": Choice(RANKS),
                "suit": Choice(SUITS),
            },
        ),
    },
)

Card = tuple[str, str]


def sequence_points(length: int) -> int:
    """A sequence of 3 scores 20, of 4 40, of 5 or more 50."""
    return 20 if length == 3 else 40 if length == 4 else 50


def meld_cards(meld: Mapping[str, Any]) -> frozenset[Card]:
    """The cards a (validated) meld is made of."""
    if meld["meld"] == "quartet":
        return frozenset((meld["rank"], suit) for suit in SUITS)
    start = RANKS.index(meld["top"])
    return frozenset((rank, meld["suit"]) for rank in RANKS[start : start + meld["length"]])


def _dead_alone(value: Any, ctx: EntryContext) -> str | None:
    """A dead deal has no other field; the error is on the first one present, in table order."""
    if value is True:
        for name in DEAD_FIELDS:
            if ctx.has(name):
                raise GameError(name, f"a dead deal has no other fields; remove {name}")
    return None


def _alive(raw: Mapping[str, Any]) -> bool:
    return raw.get("dead") is not True


def _trick_points_total(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    expected = int(ctx.options["trick_points_total"])
    if sum(value.values()) != expected:
        return f"trick_points must add up to {expected}, not {sum(value.values())}"
    return None


def _multiples_of_five(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    if ctx.options["trick_points_total"] == 162:
        return None
    for side, points in value.items():
        if points % 5:
            return f"trick points are multiples of 5; {side} has {points}"
    return None


def _no_tricks_no_points(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    tricks = ctx.clean.get("tricks")
    if not isinstance(tricks, dict):
        return None
    for side, points in value.items():
        if tricks.get(side) == 0 and points != 0:
            return f"{side} took no trick, so {side} has 0 trick points, not {points}"
    return None


def _no_melds_on_special(value: Mapping[str, list[Any]], ctx: EntryContext) -> str | None:
    special = ctx.clean.get("special")
    if special in ("nullo", "slam") and any(value.values()):
        return f"no melds are claimed on a {special} deal"
    return None


def _sequences_fit(value: Mapping[str, list[Any]], ctx: EntryContext) -> str | None:
    if not value:
        return None
    for side, melds in value.items():
        for meld in melds:
            if meld["meld"] == "sequence" and RANKS.index(meld["top"]) + meld["length"] > len(RANKS):
                return (
                    f"{side}'s sequence of {meld['length']} headed by {meld['top']} does not fit "
                    "in A K Q J 10 9 8 7"
                )
    return None


def _own_melds_distinct(value: Mapping[str, list[Any]], ctx: EntryContext) -> str | None:
    if not value:
        return None
    for side, melds in value.items():
        ranks = [m["rank"] for m in melds if m["meld"] == "quartet"]
        if len(ranks) != len(set(ranks)):
            return f"{side} lists the same quartet twice"
        used: set[Card] = set()
        for meld in melds:
            if meld["meld"] == "sequence":
                cards = meld_cards(meld)
                if used & cards:
                    return f"{side}'s sequences share a card"
                used |= cards
    return None


def _no_card_in_both(value: Mapping[str, list[Any]], ctx: EntryContext) -> str | None:
    if not value:
        return None
    held: list[set[Card]] = []
    for side in ctx.sides:
        cards: set[Card] = set()
        for meld in value.get(side, ()):
            cards |= meld_cards(meld)
        held.append(cards)
    if len(held) == 2 and held[0] & held[1]:
        return "a card appears in both players' melds"
    return None


def _jo_jotte_suit_only(value: str | None, ctx: EntryContext) -> str | None:
    if value is not None and ctx.clean.get("contract") == NO_TRUMP:
        return "Jo-Jotte needs a trump suit; there is none at no trump"
    return None


def _jo_jotte_not_nullo(value: str | None, ctx: EntryContext) -> str | None:
    if value is not None and ctx.clean.get("special") == "nullo":
        return "there is no Jo-Jotte on a nullo deal (it is played at no trump)"
    return None


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
class _Sheet:
    """What one deal writes on the score sheet, built up rule by rule."""

    below: dict[str, int]
    above: dict[str, int]
    lines: list[str]


def _melds(
    sides: tuple[str, ...], melds: Mapping[str, list[Mapping[str, Any]]], trump: str | None
) -> tuple[dict[str, int], list[str]]:
    """Meld points each player scores, with the reasons."""
    points = dict.fromkeys(sides, 0)
    lines: list[str] = []
    if not any(melds.values()):
        return points, lines
    order = QUARTET_ORDER[trump is not None]
    quartets = {s: [m["rank"] for m in melds.get(s, ()) if m["meld"] == "quartet"] for s in sides}
    holders = [s for s in sides if quartets[s]]
    if holders:
        top = min(holders, key=lambda s: min(order.index(r) for r in quartets[s]))
        points[top] += QUARTET_POINTS * len(quartets[top])
        ranks = ", ".join(quartets[top])
        lines.append(
            f"{top} holds the best quartet: {len(quartets[top])} quartet(s) ({ranks}) = "
            f"{QUARTET_POINTS * len(quartets[top])}"
        )
    sequences = {s: [m for m in melds.get(s, ()) if m["meld"] == "sequence"] for s in sides}

    def rank(meld: Mapping[str, Any]) -> tuple[int, int, int]:
        return (meld["length"], -RANKS.index(meld["top"]), 1 if meld["suit"] == trump else 0)

    bests = {s: max(rank(m) for m in sequences[s]) for s in sides if sequences[s]}
    winner: str | None = None
    if len(bests) == 1:
        winner = next(iter(bests))
    elif len(bests) == 2:
        a, b = sides
        if bests[a] != bests[b]:
            winner = a if bests[a] > bests[b] else b
        else:
            lines.append("best sequences equal in length, top card and trump: neither scores sequences")
    if winner is not None:
        gained = sum(sequence_points(m["length"]) for m in sequences[winner])
        points[winner] += gained
        lengths = " + ".join(str(sequence_points(m["length"])) for m in sequences[winner])
        lines.append(f"{winner} holds the best sequence: {lengths} = {gained}")
    return points, lines


class JoJotte(Game[JoJotteState]):
    """Jo-Jotte as in Parlett's account, with the research notes' readings where he is silent."""

    key = "jo-jotte"
    name = "Jo-Jotte"
    summary = (
        "Two players, Belote's cards and melds on a Bridge score sheet: games of 80 below the line, "
        "a rubber of two games."
    )
    aliases = ("jojotte",)
    fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "dead",
            Boolean(),
            "Both players passed throughout: the deal is annulled and the other player deals.",
            required=False,
            default=False,
            rules=(Rule("With `true`, no other field may be present.", _dead_alone),),
        ),
        Field(
            "declarer",
            SideRef(),
            "The player who set the contract (named trumps or no trump).",
            required=_alive,
            required_text="yes, unless `dead`",
        ),
        Field(
            "contract",
            Choice(CONTRACTS),
            "The contract as set; on a nullo deal, the contract that the nullo replaced.",
            required=_alive,
            required_text="yes, unless `dead`",
        ),
        Field(
            "special",
            Choice(SPECIALS),
            '"nullo": the declarer\'s opponent bid nullo and was not overcalled (he is the nullo '
            'bidder). "slam": the opponent bid nullo and the declarer overcalled with a slam, played '
            "in `contract`.",
            required=False,
            default="none",
        ),
        Field(
            "double",
            Choice((1, 2, 4)),
            "1, 2 (doubled) or 4 (redoubled). No effect on a nullo deal.",
            required=False,
            default=1,
        ),
        Field(
            "tricks",
            PerSide(Integer(0, TRICKS)),
            "Tricks taken by each player.",
            required=_alive,
            required_text="yes, unless `dead`",
            rules=(adds_up_to(TRICKS, "tricks"),),
        ),
        Field(
            "trick_points",
            PerSide(Integer(low=0)),
            "Card points taken by each player, the last trick's 10 included.",
            required=_alive,
            required_text="yes, unless `dead`",
            rules=(
                Rule("The values add up to `trick_points_total` (160 by default).", _trick_points_total),
                Rule(
                    "Each value is a multiple of 5 (not checked when the total is 162).", _multiples_of_five
                ),
                Rule("A player with 0 tricks has 0 trick points.", _no_tricks_no_points),
            ),
        ),
        Field(
            "melds",
            PerSide(ListOf(MELD), all_sides=False),
            'The melds each player declared; a player may be left out. Quartet: {"meld": "quartet", '
            '"rank": R}; sequence: {"meld": "sequence", "length": 3–8, "top": R, "suit": S}.',
            required=False,
            default={},
            rules=(
                Rule("Empty on nullo and slam deals.", _no_melds_on_special),
                Rule(
                    "A sequence fits: the position of its top card in A K Q J 10 9 8 7, plus its "
                    "length, is at most 8.",
                    _sequences_fit,
                ),
                Rule(
                    "A player lists no quartet twice, and his sequences share no card.", _own_melds_distinct
                ),
                Rule("No card appears in both players' melds.", _no_card_in_both),
            ),
        ),
        Field(
            "jo_jotte",
            SideRef(),
            "The player who scored Jo-Jotte (K then Q of trumps, announced).",
            required=False,
            nullable=True,
            default=None,
            rules=(
                Rule("Only in a suit contract.", _jo_jotte_suit_only),
                Rule("Not on a nullo deal.", _jo_jotte_not_nullo),
            ),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "trick_points_total",
            Choice((160, 162, 165)),
            160,
            "The sum `trick_points` must reach (160 Parlett's figure; 165 his card values; 162 Belote values).",
        ),
        Option(
            "jo_jotte_in_total",
            Boolean(),
            True,
            "Whether Jo-Jotte's 20 counts in the totals that decide the deal and the pot.",
        ),
        Option(
            "pot_multiplied",
            Boolean(),
            False,
            "Whether a tied doubled deal puts trick points × double into the pot.",
        ),
        Option("target", Integer(low=1), 80, "Below-the-line points that win a game."),
        Option("rubber_bonus", Integer(low=0), 300, "Bonus for winning the rubber."),
        Option(
            "winner_by",
            Choice(("games", "points")),
            "games",
            "games: the match winner is the rubber winner. points: the player with the higher total "
            "after the rubber bonus (a draw if equal).",
        ),
        Game.first_dealer_option(),
    )

    def start(self, table: Table) -> JoJotteState:
        return JoJotteState(1, dict.fromkeys(table.sides, 0), (), 0)

    def score(
        self, table: Table, state: JoJotteState, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, JoJotteState]:
        sides = table.sides
        sheet = _Sheet(dict.fromkeys(sides, 0), dict.fromkeys(sides, 0), [])
        if entry.get("dead"):
            sheet.lines.append("dead deal: both players passed; nothing scored, the other player deals")
            return self._finish(table, state, sheet, "dead", state.pot)
        special = entry["special"]
        if special == "nullo":
            result, pot = self._nullo(table, state, entry, sheet)
        elif special == "slam":
            result, pot = self._slam(table, state, entry, sheet)
        else:
            result, pot = self._normal(table, state, entry, sheet)
        return self._finish(table, state, sheet, result, pot)

    # -- the three kinds of deal ---------------------------------------------------------------

    def _normal(
        self, table: Table, state: JoJotteState, entry: Mapping[str, Any], sheet: _Sheet
    ) -> tuple[str, int]:
        sides = table.sides
        declarer: str = entry["declarer"]
        opponent = other_side(sides, declarer)
        contract: str = entry["contract"]
        trump = None if contract == NO_TRUMP else contract
        double: int = entry["double"]
        tricks: Mapping[str, int] = entry["tricks"]
        points: Mapping[str, int] = entry["trick_points"]
        both = points[declarer] + points[opponent]
        melds, lines = _melds(sides, entry.get("melds") or {}, trump)
        sheet.lines.extend(lines)
        jo_jotte: str | None = entry.get("jo_jotte")
        total = {side: points[side] + melds[side] for side in sides}
        if jo_jotte is not None and table.options["jo_jotte_in_total"]:
            total[jo_jotte] += JO_JOTTE_POINTS
        for side in sides:
            sheet.above[side] += melds[side]
        self._jo_jotte(sheet, jo_jotte)
        stake = self._contract_words(contract, double)
        sheet.lines.append(
            f"{stake} by {declarer}: totals {declarer} {total[declarer]}, {opponent} {total[opponent]}"
        )
        pot = state.pot
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
            added = both * double if table.options["pot_multiplied"] else both
            pot += added
            sheet.lines.append(f"tie: nobody scores below; {added} into the pot (now {pot})")
        for side in sides:
            if tricks[side] == TRICKS:
                sheet.above[side] += ALL_TRICKS_BONUS
                sheet.lines.append(f"{side} took all 9 tricks: 100 above")
        if winner is not None:
            pot = self._collect(sheet, winner, pot)
        return result, pot

    def _nullo(
        self, table: Table, state: JoJotteState, entry: Mapping[str, Any], sheet: _Sheet
    ) -> tuple[str, int]:
        declarer: str = entry["declarer"]
        bidder = other_side(table.sides, declarer)
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
        pot = state.pot + both
        sheet.lines.append(f"nullo: the {both} trick points go into the pot (now {pot})")
        return result, pot

    def _slam(
        self, table: Table, state: JoJotteState, entry: Mapping[str, Any], sheet: _Sheet
    ) -> tuple[str, int]:
        declarer: str = entry["declarer"]
        opponent = other_side(table.sides, declarer)
        double: int = entry["double"]
        both = sum(entry["trick_points"].values())
        if entry["tricks"][declarer] == TRICKS:
            result, winner = "slam_made", declarer
            sheet.below[declarer] += both * double
            sheet.above[declarer] += SLAM_BONUS
            sheet.lines.append(
                f"{declarer}'s slam made: {both} × {double} = {both * double} below and 500 above"
            )
        else:
            result, winner = "slam_failed", opponent
            sheet.above[opponent] += both
            sheet.lines.append(f"{declarer}'s slam failed: {opponent} scores both players' {both} above")
        self._jo_jotte(sheet, entry.get("jo_jotte"))
        return result, self._collect(sheet, winner, state.pot)

    # -- shared steps ---------------------------------------------------------------------------

    @staticmethod
    def _contract_words(contract: str, double: int) -> str:
        words = SUIT_SYMBOLS.get(contract, contract)
        return words + {1: "", 2: " doubled", 4: " redoubled"}.get(double, "")

    @staticmethod
    def _jo_jotte(sheet: _Sheet, holder: str | None) -> None:
        if holder is not None:
            sheet.above[holder] += JO_JOTTE_POINTS
            sheet.lines.append(f"Jo-Jotte {holder}: 20 above")

    @staticmethod
    def _collect(sheet: _Sheet, winner: str, pot: int) -> int:
        if pot:
            sheet.above[winner] += pot
            sheet.lines.append(f"{winner} collects the pot: {pot} above")
        return 0

    def _finish(
        self, table: Table, state: JoJotteState, sheet: _Sheet, result: str, pot: int
    ) -> tuple[DealScore, JoJotteState]:
        sides = table.sides
        below = {side: state.below[side] + sheet.below[side] for side in sides}
        game = state.game
        target = int(table.options["target"])
        reached = [side for side in sides if sheet.below[side] and below[side] >= target]
        new_state = JoJotteState(game, below, state.finished_games, pot)
        if reached:
            winner = reached[0]
            sheet.lines.append(f"{winner} wins game {game}: {below[winner]} below the line")
            finished = (*state.finished_games, (below, winner))
            won = sum(1 for _, who in finished if who == winner)
            if won >= GAMES_FOR_RUBBER:
                bonus = int(table.options["rubber_bonus"])
                sheet.above[winner] += bonus
                sheet.lines.append(f"{winner} wins the rubber {won}–{len(finished) - won}: {bonus} above")
                new_state = JoJotteState(game, dict.fromkeys(sides, 0), finished, pot, winner)
            else:
                new_state = JoJotteState(game + 1, dict.fromkeys(sides, 0), finished, pot)
        scores = {side: sheet.below[side] + sheet.above[side] for side in sides}
        extra = {
            "below": sheet.below,
            "above": sheet.above,
            "result": result,
            "game": game,
            "pot": pot,
        }
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
