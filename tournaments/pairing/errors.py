"""The errors the pairing engines raise for bad input.

Every error is a ``ValueError`` (through :class:`PairingError`), so a service that only wants to turn
bad input into a message catches one type; the subclasses say what was wrong. The message is a
sentence a tournament director can read.
"""

from __future__ import annotations


class PairingError(ValueError):
    """The input to a pairing engine is not usable."""


class DuplicateEntrantError(PairingError):
    """The same entrant id appears twice in the field (or twice at one table of the history)."""


class FieldTooSmallError(PairingError):
    """Too few entrants for the format (a Swiss needs two, a table of three needs three, ...)."""


class MissingSeedError(PairingError):
    """A random draw was asked for without the seed that makes it reproducible."""


class InvalidRoundError(PairingError):
    """The round number is out of range (below 1, past the schedule, or not after the history)."""


class InvalidTableSizesError(PairingError):
    """The table sizes are impossible (minimum above maximum, preferred outside the range, ...)."""


class InvalidFormatError(PairingError):
    """A format option is out of range (best of an even number of games, no cycles, ...)."""


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the translators' catalogs (Django's ``makemessages`` finds this name)
    and return it as it is: this package speaks English, the edges say it in the reader's language
    from ``template`` and ``params``."""
    return message


class SetupError(PairingError):
    """An event's setup breaks a rule of its format; ``field`` names the setting at fault.

    ``rule`` is a template with named placeholders (``%(game)s``), filled from ``params`` for the
    English message; a value with a ``label`` (a format) is said by its label, in lower case. The
    edges translate ``template`` and fill it again (``tournaments.wording``)."""

    def __init__(self, rule: str, field: str, **params: object) -> None:
        english = {key: _said(value) for key, value in params.items()}
        super().__init__(rule % english if params else rule)
        self.field = field
        self.template = rule
        self.params = params


def _said(value: object) -> object:
    label = getattr(value, "label", None)
    return label.lower() if isinstance(label, str) else value


class BracketError(PairingError):
    """A result does not fit the bracket."""


class UnknownSlotError(BracketError):
    """A result names a slot the bracket does not have."""


class SlotNotReadyError(BracketError):
    """A result was given for a slot whose two entrants are not both known (or that is a bye)."""


class NotInSlotError(BracketError):
    """The winner given for a slot is not one of the two entrants in it."""


__all__ = [
    "BracketError",
    "DuplicateEntrantError",
    "FieldTooSmallError",
    "InvalidFormatError",
    "InvalidRoundError",
    "InvalidTableSizesError",
    "MissingSeedError",
    "NotInSlotError",
    "PairingError",
    "SetupError",
    "SlotNotReadyError",
    "UnknownSlotError",
]
