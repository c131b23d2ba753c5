"""Standing table links: one link for a place where matches follow one another (a tournament's
numbered physical table), which always opens the match played there now.

The scoring app cannot name the apps above it, so an app registers its kind of place in its
``AppConfig.ready()`` with two answers: a place's current secret (``None`` once its link is
revoked or the place is gone) and what is played there now (:class:`Now`). The tournaments app
registers its physical tables.

A place's token is signed like a match's (``scoring.links.place_token``) and grants exactly what
the link of the match played there now grants, nothing more: ``scoring.access.scorer_match``
resolves it to that match, a page posted for an earlier match is refused (``scoring.pages.table.place_link``),
and while no match is played there the place's waiting page shows (:class:`Waiting`). Nothing is
stored per token: renewing or revoking the place's link rotates its secret, as for a match.

What this module does not do: sign or check tokens (``scoring.links``) or render pages
(``scoring.pages.table.place_link``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from scoring.models import Match


@dataclass(frozen=True)
class Now:
    """What a place shows now: its name and the event it belongs to, the match played there (over
    or not; ``None`` between rounds), and, when its match is over or there is none, what the table
    waits for (``note``, with ``lines`` such as the next opponents)."""

    label: str
    event: str
    match: Match | None
    note: str = ""
    lines: tuple[str, ...] = ()
    #: The words of the page's "check again" button: what the table waits for (empty: the next
    #: round). A result awaiting confirmation is not waiting for the next round.
    check: str = ""
    #: Once the event is over, the address of its results: the pages then link there instead of
    #: offering to check for what comes next (nothing does).
    results: str = ""

    @property
    def signature(self) -> str:
        """Changes whenever what the place shows changes (its match, or what it waits for): the
        waiting pages poll with it and reload when it moves."""
        text = "\n".join([str(self.match.pk if self.match else 0), self.note, *self.lines])
        return hashlib.sha256(text.encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Kind:
    """A kind of place, as an app registers it."""

    secret: Callable[[int], str | None]
    now: Callable[[int], Now]


_kinds: dict[str, Kind] = {}


def register(name: str, kind: Kind) -> None:
    """Add (or, when ``ready()`` runs again, replace) a kind of place."""
    _kinds[name] = kind


def kind_of(name: str) -> Kind | None:
    return _kinds.get(name)


def kinds() -> dict[str, Kind]:
    """Every registered kind of place, by name."""
    return dict(_kinds)


class Waiting(Exception):
    """A place's link was opened while no match is played there (``scoring.pages.table.place_link`` shows
    the waiting page)."""

    def __init__(self, now: Now) -> None:
        super().__init__(now.note)
        self.now = now
