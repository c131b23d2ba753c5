"""The errors a game raises: each names the deal, the field and the rule broken.

Every error is a ``ValueError`` so that callers who only care that input was bad can catch one
type; the subclasses say which layer of ``match.json`` was at fault. Nothing else may escape from
a game for any input (a hypothesis test feeds arbitrary JSON to every game).

Each error has a stable ``code`` (snake_case) for scripts: the code its ``rule`` carries when the
rule was written with ``games.terms.problem`` (a template with named placeholders, which the pages
translate), else its class's. The ``rule`` itself stays the English sentence.
"""

from __future__ import annotations

from typing import Any

from games.terms import code_of


class GameError(ValueError):
    """Bad input: ``field`` is the top-level key at fault (or ``None``), ``rule`` a sentence,
    ``code`` what it is in one stable word."""

    default_code = "invalid_entry"

    def __init__(
        self, field: str | None, rule: str, deal: int | None = None, *, code: str | None = None
    ) -> None:
        super().__init__(rule)
        self.field = field
        self.rule = rule
        self.deal = deal
        self.code = code or code_of(rule, self.default_code)

    def as_json(self) -> dict[str, Any]:
        """The error document of docs/games/README.md §7."""
        return {"error": {"deal": self.deal, "field": self.field, "rule": self.rule}}


class SidesError(GameError):
    """The side list is wrong (count, empty or repeated names)."""

    default_code = "invalid_sides"

    def __init__(self, rule: str) -> None:
        super().__init__("sides", rule)


class OptionError(GameError):
    """An option is unknown or has a value outside its allowed set."""

    default_code = "invalid_option"


class IllegalDealError(GameError):
    """A deal entry breaks a rule of the game; ``deal`` is its 0-based index in the match."""

    default_code = "illegal_deal"
