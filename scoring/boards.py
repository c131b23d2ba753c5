"""What every page of a match shares: its scoreboard, replayed by its game from the deals' current
versions, and the entry form of the deal that comes next. Public helpers, so that no page module
reaches into another's private ones.
"""

from __future__ import annotations

from typing import Any

from games import MatchState
from scoring import display
from scoring.forms.entry import EntryForm
from scoring.models import Match
from scoring.selectors import deal_rows
from scoring.services import ledger


def scoreboard(match: Match) -> display.Board:
    """The scoreboard: the match replayed by its game from its deals' current versions (one
    query), so that every fact shown is the game's answer for the match as it stands."""
    rows = deal_rows(match)
    live = [(deal, version) for deal, version in rows if not deal.voided]
    played = ledger.replay(match, [version.entry for _, version in live])
    return display.board(match, played, live, [deal for deal, _ in rows if deal.voided])


def entry_form(match: Match, played: MatchState[Any], **given: Any) -> EntryForm:
    """The entry form of the deal after ``played``, with the match's players in their seats."""
    return EntryForm(played, players=match.seats or (), **given)
