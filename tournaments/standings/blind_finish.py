"""A blind finish: the last rounds of an evening whose standings stay hidden until the prize-giving.

An event with ``blind_rounds = N`` and ``planned`` rounds hides, from the public, the results of
the last N rounds: once round ``planned - N + 1`` is drawn and until the organizer reveals them,
every public read (page, projector, API, CSV, ETag) shows the evening as it stood after round
``planned - N``. This module is the one rule every read asks: which round's standings the public
may see. Pure: plain numbers in, a number out.

What it does not do: read the database or decide who is an organizer (``tournaments.blind_finish``
does, and applies the answer to each read).
"""

from __future__ import annotations

from dataclasses import dataclass


def public_round(*, planned: int | None, blind: int, drawn: int, revealed: bool) -> int | None:
    """The last round whose results the public may see, or ``None`` when it may see them all.

    ``planned``: the rounds the event will have (``None``: not known yet, nothing is hidden);
    ``blind``: how many of the last rounds are hidden; ``drawn``: the highest round drawn so far
    (0 before the first); ``revealed``: the organizer has revealed the finish.

    >>> public_round(planned=5, blind=1, drawn=4, revealed=False) is None
    True
    >>> public_round(planned=5, blind=1, drawn=5, revealed=False)
    4
    >>> public_round(planned=5, blind=2, drawn=5, revealed=True) is None
    True
    """
    if revealed or blind <= 0 or planned is None:
        return None
    last_shown = max(planned - blind, 0)
    if drawn <= last_shown:
        return None
    return last_shown


@dataclass(frozen=True)
class Veil:
    """What a public read hides: the results of every round after ``until`` (``None``: nothing),
    the ``blind`` last rounds of the event."""

    until: int | None = None
    blind: int = 0

    @property
    def active(self) -> bool:
        return self.until is not None

    def hides(self, number: int) -> bool:
        """Whether the results of round ``number`` are hidden."""
        return self.until is not None and number > self.until


#: The veil of an event that hides nothing (and of every organizer's read).
OPEN = Veil()


def veil(*, planned: int | None, blind: int, drawn: int, revealed: bool) -> Veil:
    """The :class:`Veil` of an event now (:func:`public_round`)."""
    until = public_round(planned=planned, blind=blind, drawn=drawn, revealed=revealed)
    return OPEN if until is None else Veil(until, blind)


def hidden_round(*, number: int, planned: int | None, blind: int, revealed: bool) -> bool:
    """Whether the results of round ``number`` are hidden (a round is hidden only once drawn, so
    it is asked with the round itself as the last drawn): the reads of many events at once."""
    return veil(planned=planned, blind=blind, drawn=number, revealed=revealed).hides(number)
