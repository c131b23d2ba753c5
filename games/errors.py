"""The errors a game raises: each names the deal, the field and the rule broken.

Every error is a ``ValueError`` so that callers who only care that input was bad can catch one
type; the subclasses say which layer of ``match.json`` was at fault. Nothing else may escape from
a game for any input (a hypothesis test feeds arbitrary JSON to every game).
"""

from __future__ import annotations

from typing import Any


class GameError(ValueError):
    """Bad input: ``field`` is the top-level key at fault (or ``None``), ``rule`` a sentence."""

    def __init__(self, field: str | None, rule: str, deal: int | None = None) -> None:
        super().__init__(rule)
        self.field = field
        self.rule = rule
        self.deal = deal

    def as_json(self) -> dict[str, Any]:
        """The error document of docs/games/README.md §7."""
        return {"error": {"deal": self.deal, "field": self.field, "rule": self.rule}}


class SidesError(GameError):
    """The side list is wrong (count, empty or repeated names)."""

    def __init__(self, rule: str) -> None:
        super().__init__("sides", rule)


class OptionError(GameError):
    """An option is unknown or has a value outside its allowed set."""


class IllegalDealError(GameError):
    """A deal entry breaks a rule of the game; ``deal`` is its 0-based index in the match."""
