"""What of a match is worth showing beside its totals, in the game's own words.

Every scoreboard shows each side's total and the deal history. The rest belongs to the game: JAM's
rubbers, Jo-Jotte's sheet above and below the line, a held Coinche pot, the hand size of Back
Alley's next deal, who leads in Matching Trumps. The game answers with these small typed values
(``Game.facts`` for the match, ``Game.deal_notes`` for one deal, both asked through
:class:`games.base.MatchState`), and a page lays them out: no page reads a game's own keys out of
its output document, nor guesses which of them matter.

What this module does not do: decide anything (the game fills the values in) or lay anything out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.terms import counted, term


@dataclass(frozen=True)
class Fact:
    """One labelled thing worth showing: "Held pot" and "20 points, for the next contract made"."""

    label: str
    text: str


class RowKind(StrEnum):
    """What a row of a score sheet is, for a sheet drawn like a Bridge score sheet."""

    PLAIN = "plain"
    #: A bonus or a meld, written above the line.
    ABOVE = "above"
    #: The line itself.
    LINE = "line"
    #: A trick score, written below the line.
    BELOW = "below"
    #: A game's total below the line, which closes the game.
    TOTAL = "total"


@dataclass(frozen=True)
class Row:
    """One row of a score sheet: its cells, first the row's name, then a cell per column."""

    cells: tuple[str, ...]
    kind: RowKind = RowKind.PLAIN


@dataclass(frozen=True)
class Sheet:
    """A table of the game's own structure: a title, column heads, rows, and notes under it."""

    title: str
    head: tuple[str, ...]
    rows: tuple[Row, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tally:
    """What decides a match when its total does not: JAM's best of three counts rubbers won, so
    "2 – 0" is the score and the game points (10 – 6) only say how. ``counts`` per side, ``unit``
    the thing counted ("rubber"), ``needed`` how many win the match."""

    unit: str
    counts: Mapping[str, int]
    needed: int

    def count(self, side: str) -> int:
        """How many ``side`` has won."""
        return self.counts.get(side, 0)

    @property
    def heading(self) -> str:
        """What the counts are, beside them: "rubbers won"."""
        if self.unit == "rubber":
            return term("games", "rubbers won")
        return f"{self.unit}s won"

    @property
    def goal(self) -> str:
        """The match's target in words: "First to 2 rubbers"."""
        if self.unit == "rubber":
            return counted("games", "First to %(count)s rubber", "First to %(count)s rubbers", self.needed)
        return f"First to {plural(self.needed, self.unit)}"


@dataclass(frozen=True)
class Facts:
    """What a game shows of a match besides the totals and the deals.

    ``lines`` are one-line facts of the match (a held pot, a rounded score sheet); ``sheets`` its
    own score sheets; ``upcoming`` what the table needs before the next deal besides the dealer
    (empty once the match has ended); ``target`` the total the match is played to and ``deals``
    the number of deals it lasts, when the match has one (not a rubber's or a game's target);
    ``tally`` what decides the match when its total does not (see :class:`Tally`); ``counted`` the
    deals that count toward ``deals`` when some do not.
    """

    lines: tuple[Fact, ...] = ()
    sheets: tuple[Sheet, ...] = ()
    upcoming: tuple[Fact, ...] = ()
    target: int | None = None
    deals: int | None = None
    tally: Tally | None = None
    #: The deals that count toward ``deals`` so far, where some do not (Belote's dead deals);
    #: ``None``: every deal counts.
    counted: int | None = None


def per_side(sides: Sequence[str], values: Mapping[str, int]) -> str:
    """Values side by side in the sides' order: "Ann 2 – Bob 1"."""
    return " – ".join(f"{side} {values.get(side, 0)}" for side in sides)


def cells(sides: Sequence[str], values: Mapping[str, int]) -> tuple[str, ...]:
    """A row's cells for a value per side, in the sides' order."""
    return tuple(str(values.get(side, 0)) for side in sides)


def plural(count: int, word: str) -> str:
    """ "1 card", "13 cards"."""
    return f"{count} {word}{'' if count == 1 else 's'}"
