"""Who is here and who has paid, as the draw and the console read it.

An entrant checks in (``Entrant.checked_in``) from the console or from its own link
(``Entrant.secret``), and pays the evening's fee (``Tournament.fee``, in cents; ``Entrant.paid`` is
what it has paid so far). Before a round is drawn, the entrants still in (not withdrawn, and not a
late arrival who joins at a later round) who have not checked in, or owe part of the fee, are
*missing*: with ``require_check_in`` or ``require_paid`` the draw waits for them
(:func:`draw_refusal`, which ``services.round_start_refusal`` raises), without it the console
warns above its start button.

What this module does not do: write (``tournaments.services.check_in``), or sum the evening's
cash (``tournaments.cash``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import ngettext

from clubs.errors import Conflict
from tournaments.models import Entrant, RoundStatus, Tournament
from tournaments.wording import listed


def by_secret(tournament_id: int, secret: str) -> Entrant | None:
    """The entrant whose own link carries ``secret`` (``None`` for a wrong or rotated one)."""
    if not secret:
        return None
    return (
        Entrant.objects.filter(tournament_id=tournament_id, secret=secret)
        .select_related("tournament")
        .first()
    )


def owes(tournament: Tournament, entrant: Entrant) -> int:
    """What the entrant still owes of the fee, in cents (0 when the event has no fee)."""
    return max(0, (tournament.fee or 0) - entrant.paid)


def next_round_number(tournament: Tournament) -> int:
    """The number of the round the next draw makes."""
    return tournament.rounds.exclude(status=RoundStatus.FAILED).count() + 1


def expected(tournament: Tournament, entrants: Iterable[Entrant], number: int) -> list[Entrant]:
    """The entrants the draw of round ``number`` seats: not withdrawn, and not a late arrival
    who joins at a later round."""
    return [e for e in entrants if not e.withdrawn and (e.joins_round or 0) <= number]


@dataclass(frozen=True)
class Missing:
    """The entrants the next draw would seat who have not checked in, and those who owe money."""

    absent: tuple[Entrant, ...]
    unpaid: tuple[Entrant, ...]
    #: How many entrants the draw would seat.
    due: int

    @property
    def present(self) -> int:
        return self.due - len(self.absent)

    @property
    def paid(self) -> int:
        return self.due - len(self.unpaid)


def missing(tournament: Tournament, entrants: Iterable[Entrant] | None = None) -> Missing:
    """Who the next draw would miss (``entrants``: the tournament's, when already read)."""
    rows = list(tournament.entrants.all() if entrants is None else entrants)
    due = expected(tournament, rows, next_round_number(tournament))
    return Missing(
        absent=tuple(e for e in due if not e.checked_in),
        unpaid=tuple(e for e in due if owes(tournament, e) > 0),
        due=len(due),
    )


def absent_words(absent: Iterable[Entrant]) -> str:
    """ "Ann and Bob have not checked in"."""
    names = [e.name for e in absent]
    return ngettext("%(names)s has not checked in", "%(names)s have not checked in", len(names)) % {
        "names": listed(names)
    }


def unpaid_words(unpaid: Iterable[Entrant]) -> str:
    """ "Ann and Bob have not paid"."""
    names = [e.name for e in unpaid]
    return ngettext("%(names)s has not paid", "%(names)s have not paid", len(names)) % {
        "names": listed(names)
    }


#: The codes of the refusals of a draw that waits for check-in or fees.
WAITING = ("not_checked_in", "not_paid")


def draw_refusal(tournament: Tournament) -> Conflict | None:
    """Why the next draw waits (``None``: it need not): the event requires every entrant checked
    in, or paid, and someone is not; the refusal names them."""
    if not (tournament.require_check_in or tournament.require_paid):
        return None
    now = missing(tournament)
    if tournament.require_check_in and now.absent:
        return Conflict(absent_words(now.absent), None, code="not_checked_in")
    if tournament.require_paid and now.unpaid:
        return Conflict(unpaid_words(now.unpaid), None, code="not_paid")
    return None
