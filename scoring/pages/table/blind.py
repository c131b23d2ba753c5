"""The scorer page of a double-blind match (``scoring/services/blind.py``).

A side's own link shows that side's own ledger as the board (its entries, its totals), the entry
form for its next deal while its ledger is not complete, and a panel saying where the comparison
stands ("you have entered 3 deals", "waiting for Blue", then the result). It never shows another
side's entries: the official deals stay empty until the ledgers are compared, and the page of a
side's link reads its own ledger only. The table's shared link (or a physical table's) enters
nothing: it says to use each side's own link. The director, signed in, sees the official deals
there and may enter their own score (the desk links to it with a way back).

The scorer page (``scoring.pages.table.scorer``) and a deal's page ask these helpers which board to
show; they are a table page's own, since only a side's link has a ledger of its own.

What this module does not do: compare or decide (``scoring/services/blind.py``) or lay out the panel
(``templates/scoring/_blind.html``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.access import actor_for, can_manage
from clubs.errors import ServiceError
from scoring import display
from scoring.access import scorer_match
from scoring.links import token_side
from scoring.models import Deal, DealVersion, Match
from scoring.pages.common import sentence
from scoring.result_states import ResultStatus
from scoring.services import blind, ledger


def blind_side(request: HttpRequest, match: Match, token: str) -> int | None:
    """The side whose own ledger the scorer page shows: a double-blind match opened through a
    side's own link by anyone but the director."""
    if not blind.is_blind(match) or can_manage(request.user, match.club_id):
        return None
    side = token_side(token)
    return side if side is not None and 0 <= side < len(match.sides) else None


def blind_locked(request: HttpRequest, match: Match, token: str) -> bool:
    """Whether the page enters nothing: a double-blind match opened through the table's shared
    link by anyone but the director."""
    return blind.is_blind(match) and not can_manage(request.user, match.club_id) and token_side(token) is None


def shows_own(match: Match) -> bool:
    """Whether a side's page shows its own entries: while the match is entered and while the
    director settles a dispute; once the result is settled, the match's deals that count."""
    return match.result_status in (ResultStatus.OPEN, ResultStatus.DISPUTED)


def blind_board(match: Match, side: int) -> display.Board:
    """The board of side ``side``'s own ledger, as the game replays it."""
    entries = blind.ledger_of(match, side)
    played = ledger.replay(match, entries)
    live = [
        (Deal(match=match, number=number, version=1), DealVersion(version=1, entry=entry))
        for number, entry in enumerate(entries, start=1)
    ]
    return display.board(match, played, live)


def blind_panel(match: Match, side: int | None, board: display.Board | None) -> dict[str, Any]:
    """What the blind panel of the scorer page says: whose ledger it is, how far it goes, and
    which sides have entered the whole match."""
    entered = list(match.detail.sides_entered)
    status = ResultStatus(match.result_status)
    if side is None:
        return {"blind": True, "own_side": None, "entered": entered, "status": status}
    name = str(match.sides[side])
    waiting = [str(s) for s in match.sides if s not in entered and s != name]
    return {
        "blind": True,
        "own_side": name,
        "count": len(board.deals) if board else 0,
        "done": name in entered,
        "waiting": waiting,
        "status": status,
        "compared": status != ResultStatus.OPEN,
        "settled": not shows_own(match),
    }


def saved_notice(write: blind.BlindWrite) -> str:
    """What the page says once a side's deal is entered."""
    name = write.match.sides[write.side]
    if write.status == ResultStatus.CONFIRMED:
        return _("Deal %(n)s entered. Both sides entered the same match: the result is confirmed.") % {
            "n": write.number
        }
    if write.status == ResultStatus.DISPUTED:
        return _("Deal %(n)s entered. The sides' entries differ: the director decides.") % {"n": write.number}
    if write.finished:
        return _("Deal %(n)s entered: %(side)s has entered the whole match. Waiting for the other side.") % {
            "n": write.number,
            "side": name,
        }
    return _("Deal %(n)s entered for %(side)s.") % {"n": write.number, "side": name}


def back_path(request: HttpRequest) -> str:
    """Where the director came from (the desk): a path on this site given as ``?back=``."""
    back = request.GET.get("back", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts=None) and back.startswith("/"):
        return back
    return ""


@require_POST
def table_blind_undo(request: HttpRequest, token: str) -> HttpResponse:
    """A side takes back its last entry of a double-blind match (before the comparison)."""
    match = scorer_match(token)
    side = blind_side(request, match, token)
    try:
        number = blind.blind_undo(
            match_id=match.pk, side=side, actor=actor_for(request, table_link_club=match.club_id)
        )
    except ServiceError as error:
        messages.error(request, sentence(error.rule))
    else:
        messages.success(request, _("Deal %(n)s taken back: enter it again.") % {"n": number})
    return redirect("scoring:table", token=token)
