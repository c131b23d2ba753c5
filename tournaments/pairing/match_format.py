"""Match formats: how much of a game one table plays in a round (pure, no Django).

``game`` is one game to the game's own end; ``deals:N`` cuts it after N deals (or the game's own
end, if sooner), the best total winning; ``rubber`` is the game's own rubber (JAM: one rubber);
``best-of:N`` plays games until one side has won more than half of N (JAM's best of three rubbers
is JAM's own ``rubbers = 3`` option, played as one match).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tournaments.pairing.errors import gettext_noop

_PATTERN = re.compile(r"^(game|rubber|deals:([1-9][0-9]{0,2})|best-of:([1-9][0-9]?))$")


class FormatKind(StrEnum):
    GAME = "game"
    DEALS = "deals"
    RUBBER = "rubber"
    BEST_OF = "best-of"

    @property
    def label(self) -> str:
        """The kind as an organizer picks it on a page."""
        return _KIND_LABELS[self]

    @property
    def counted(self) -> bool:
        """Whether the kind takes a number (deals a match, games a series)."""
        return self in (FormatKind.DEALS, FormatKind.BEST_OF)


_KIND_LABELS = {
    FormatKind.GAME: "One game, to its end",
    FormatKind.DEALS: "A number of deals, the best total wins",
    FormatKind.RUBBER: "One rubber",
    FormatKind.BEST_OF: "Best of a number of games",
}
#: The most deals a match may be cut to, and games a series may count.
MOST_DEALS = 999
MOST_GAMES = 99


class MatchFormatError(ValueError):
    """The text is not one of the match formats. ``template`` has named placeholders filled from
    ``params`` (the edges translate it: ``tournaments.wording.match_format_refusal``)."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template % params if params else template)
        self.template = template
        self.params = params


@dataclass(frozen=True)
class MatchFormat:
    """A parsed match format and what it asks of each match a table plays."""

    kind: FormatKind
    count: int = 1
    option_overrides: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The format as the API spells it."""
        return (
            f"{self.kind}:{self.count}"
            if self.kind in (FormatKind.DEALS, FormatKind.BEST_OF)
            else str(self.kind)
        )

    @property
    def label(self) -> str:
        """The format as a player says it, for the pages."""
        if self.kind == FormatKind.DEALS:
            return f"{self.count} deal{'s' if self.count > 1 else ''} a match"
        if self.kind == FormatKind.BEST_OF:
            unit = "rubbers" if "rubbers" in self.option_overrides else "games"
            return f"best of {self.count} {unit}"
        return "one rubber" if self.kind == FormatKind.RUBBER else "one game"

    @property
    def deal_limit(self) -> int | None:
        """Deals after which each match is cut, if any."""
        return self.count if self.kind == FormatKind.DEALS else None

    @property
    def games(self) -> int:
        """The most matches a table plays in a series (1 unless best-of played as a series)."""
        return self.count if self.kind == FormatKind.BEST_OF and not self.option_overrides else 1

    @property
    def wins_needed(self) -> int:
        """Match wins that decide a series."""
        return self.games // 2 + 1


def parse_match_format(text: Any, game_key: str) -> MatchFormat:
    """``game``, ``deals:N``, ``rubber`` or ``best-of:N`` for this game."""
    found = _PATTERN.match(text) if isinstance(text, str) else None
    if not found:
        raise MatchFormatError(
            gettext_noop(
                "match_format must be game, deals:N, rubber or best-of:N (N a whole number: "
                "deals up to %(deals)s, games up to %(games)s)"
            ),
            deals=MOST_DEALS,
            games=MOST_GAMES,
        )
    if found.group(2):
        return MatchFormat(FormatKind.DEALS, int(found.group(2)))
    if found.group(3):
        count = int(found.group(3))
        if count % 2 == 0:
            raise MatchFormatError(
                gettext_noop(
                    "a best of N needs an odd number of games (3, 5, 7…), so that a series always has a winner"
                )
            )
        if game_key == "jam" and count == 3:
            return MatchFormat(FormatKind.BEST_OF, 3, {"rubbers": 3})
        return MatchFormat(FormatKind.BEST_OF, count)
    if found.group(1) == "rubber":
        return MatchFormat(FormatKind.RUBBER, 1, {"rubbers": 1} if game_key == "jam" else {})
    return MatchFormat(FormatKind.GAME)
