"""A club's own rules for an evening, as plain values: what sitting out and missing a round score,
the entry fee and what the draw waits for, who wins a prize, and how many last rounds stay blind.

Clubs publish these in their rules (AOBK's klaverjas: an *uitloter* scores 1,600 and a win, at most
once an afternoon; KJC De Pitslag: 1,450 for missing a round for another reason), so an event
stores them as data and the pairing, standings and prize code read them here. Stored on the
tournament as JSON (``bye``, ``absent``, ``prizes``) and plain columns (``fee``, ``blind_rounds``);
``from_stored`` reads what the API and the pages wrote, ``stored`` gives it back.

No Django: plain values in, plain values out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class SitOutOutcome(StrEnum):
    """What an entrant who sits out (or misses a round) counts as, for match points."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


#: ``ByeRule.game_points``: the round's average game points rather than a fixed number.
AVERAGE = "average"


@dataclass(frozen=True)
class ByeRule:
    """What an entrant who sits out a round scores, and how often one entrant may sit out.

    ``game_points``: a fixed number (1,600), :data:`AVERAGE` (the round's average, a concours'
    rule) or ``None`` (nothing). ``outcome``: the match points it counts as. ``max_per_entrant``:
    at most this many sit-outs for one entrant in the evening (``None``: no cap). An event with no
    rule of its own (``given`` false) keeps its format's default."""

    game_points: int | str | None = None
    outcome: SitOutOutcome = SitOutOutcome.WIN
    max_per_entrant: int | None = None
    given: bool = True

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any] | None) -> ByeRule:
        if not stored:
            return cls(given=False)
        return cls(
            game_points=stored.get("game_points"),
            outcome=SitOutOutcome(stored.get("outcome", SitOutOutcome.WIN)),
            max_per_entrant=stored.get("max_per_entrant"),
        )

    def stored(self) -> dict[str, Any]:
        if not self.given:
            return {}
        return {
            "game_points": self.game_points,
            "outcome": str(self.outcome),
            "max_per_entrant": self.max_per_entrant,
        }


@dataclass(frozen=True)
class AbsentRule:
    """What an entrant scores for a round missed for another reason than sitting out (arrived
    late, away from the table): ``game_points`` (1,450 at KJC De Pitslag) and the outcome."""

    game_points: int = 0
    outcome: SitOutOutcome = SitOutOutcome.LOSS
    given: bool = True

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any] | None) -> AbsentRule:
        if not stored:
            return cls(given=False)
        return cls(
            game_points=int(stored.get("game_points") or 0),
            outcome=SitOutOutcome(stored.get("outcome", SitOutOutcome.LOSS)),
        )

    def stored(self) -> dict[str, Any]:
        if not self.given:
            return {}
        return {"game_points": self.game_points, "outcome": str(self.outcome)}


class PrizeRule(StrEnum):
    """Who gets a prize, by place."""

    PLACES = "places"
    """Places 1 to N."""
    EVERY_FOURTH = "every_fourth"
    """The *Formule-van-4*: places 1 to 4, then every 4th (8, 12, 16, …)."""
    EVERYONE = "everyone"
    """Every participating entrant, in order of the standings."""


class PrizeExtra(StrEnum):
    """A named prize beside the places."""

    BOOBY = "booby"
    """The last place (*poedelprijs*)."""
    MOST_POINTS = "most_points"
    """The best points total of the evening (*puntenkampioen*)."""
    BEST_MATCH = "best_match"
    """The best single match."""


@dataclass(frozen=True)
class Prizes:
    """An event's prize rule; ``places`` is N for :attr:`PrizeRule.PLACES` (and a cap for the
    others, when given). No rule (``given`` false): no prize list."""

    rule: PrizeRule = PrizeRule.PLACES
    places: int | None = None
    extras: tuple[PrizeExtra, ...] = field(default=())
    given: bool = True

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any] | None) -> Prizes:
        if not stored:
            return cls(given=False)
        extras: Sequence[str] = stored.get("extras") or ()
        return cls(
            rule=PrizeRule(stored.get("rule", PrizeRule.PLACES)),
            places=stored.get("places"),
            extras=tuple(PrizeExtra(extra) for extra in extras),
        )

    def stored(self) -> dict[str, Any]:
        if not self.given:
            return {}
        return {"rule": str(self.rule), "places": self.places, "extras": [str(e) for e in self.extras]}
