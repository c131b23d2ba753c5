"""The errors every service raises: a write refused, with the field and the rule that refused it.

Services of every app raise these; the edges show ``field`` and ``rule`` as they are (the API as its
one error shape, ``tablescore/api.py``; pages beside the field named) with ``status`` as the HTTP
status. ``rule`` is a sentence in the active language (write it with ``gettext`` and named
placeholders); ``code`` is the same refusal for scripts, in snake_case, the same in every language:
the raiser's own (``code="round_closed"``, or a game error's ``code``) or its kind's
(``invalid``, ``conflict``, ``not_found``). What this module does not do: decide who may write
(``clubs.access``).
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A write refused; ``field`` and ``rule`` say why, ``status`` is the HTTP status the edges use."""

    status = 400
    #: The code of a refusal of this kind that names no code of its own.
    default_code = "invalid"
    #: The refusal as its raiser worded it (a game's marked words), for a page to say it again in
    #: its own words (a field's label instead of its API key); ``rule`` is what the API says.
    words: object = None

    def __init__(self, rule: str, field: str | None = None, *, code: str | None = None, **extra: Any) -> None:
        super().__init__(rule)
        self.rule = rule
        self.field = field
        self.code = code or self.default_code
        self.extra = extra

    def as_json(self) -> dict[str, Any]:
        """The error body the API and pages show."""
        return {"error": {"field": self.field, "rule": str(self.rule), "code": self.code, **self.extra}}


class InvalidEntry(ServiceError):
    """The input was refused: a game's rule (docs/games/README.md §7) or a field of the request."""


class Conflict(ServiceError):
    """The request does not fit the row as it now stands (finished, stale version, reused key)."""

    status = 409
    default_code = "conflict"


class NotFound(ServiceError):
    status = 404
    default_code = "not_found"
