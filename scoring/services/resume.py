"""Where a match stands before a deal is appended: resumed from what the last write stored, so that
the sixtieth deal costs what the first does.

Every write keeps two caches on the match row: ``state`` (the output document the pages read) and
``snapshot`` (the game's own state and the deals' checked entries, ``MatchState.snapshot``, with the
numbers and versions of the deals they were made from). An append resumes from them
(``Game.resume``) when both were made from the very deals the ledger holds now; otherwise (a match
from before snapshots, an evening brought from another site, anything that wrote one cache without
the other) it replays, which stays the reference: ``tests/games/test_resume.py`` holds
resume = replay for every game, ``tests/scoring/services/test_resume.py`` the choice made here.

What this module does not do: write (``store_state`` keeps both caches, ``scoring/services/common.py``,
which also makes them: ``state_document``, ``snapshot_document``)
or decide what a correction or a void replays (always everything).
"""

from __future__ import annotations

from typing import Any

from games import MatchState, find_game
from games.snapshot import SnapshotError
from scoring.models import Match
from scoring.services.common import REF_KEYS
from scoring.services.ledger import LedgerRow, ledger, live, replay

#: What ``state_document`` adds to each deal of the game's document (its number and version): the
#: resumed deals keep them, as the next write stores them again.
ANNOTATIONS = frozenset(REF_KEYS)


def standing(match: Match, counted: list[LedgerRow]) -> MatchState[Any]:
    """The match after its ``counted`` deals (the live rows of its ledger, read without their
    entries): resumed when the stored caches were made from exactly those deals, else replayed
    (the entries read then)."""
    refs = [[row.number, row.version] for row in counted]
    snapshot, document = match.snapshot, match.state
    if (
        isinstance(snapshot, dict)
        and snapshot.get("deals") == refs
        and [[deal.get(key) for key in REF_KEYS] for deal in document.get("deals", ())] == refs
    ):
        try:
            return find_game(match.game_key).resume(
                match.options,
                match.sides,
                document,
                snapshot["game"],
                deal_limit=match.deal_limit,
                annotations=ANNOTATIONS,
            )
        except SnapshotError:
            pass  # a cache that does not read back: the replay is the reference
    return replay(match, [row.entry for row in live(ledger(match.pk).deals)])
