"""Every write of the tournaments app, one module per entity: one transaction each, the tournament
row locked first (``common``).

- ``tournaments``: create a tournament, change its format, tiebreaks or rounds;
- ``entrants``: register entrants, remove one (before round 1), withdraw one;
- ``check_in``: change an entrant (withdrawn, checked in, paid), its own check-in, the absentees
  withdrawn before a draw;
- ``rounds``: start a round, draw it (the ``round_pair`` task);
- ``tables``: open a table's match, or give a walkover;
- ``physical_tables``: the room's numbered tables and their one link each for the event;
- ``results``: a table's result from its matches (the ``match_changed`` task) or the organizer;
- ``brackets``: draw and advance an elimination bracket (the ``bracket_advance`` task);
- ``standings``: recompute the cached standings (the ``standings_recompute`` task);
- ``reconcile``: catch up on lost tasks (the periodic ``tournaments_reconcile`` task);
- ``removal``: delete a tournament that never started, archive (hide) one that did;
- ``reveal``: reveal the standings of a blind finish (``tournaments.blind_finish``);
- ``travel``: the evening id an arriving tournament takes from its file (``tournaments.travel``).

Services take keyword-only, typed arguments that the contracts (``tournaments.contracts``) have
checked one by one, check what depends on the tournament and on the other arguments, and return
model instances or the pure layers' values; the edges serialize. Each table plays ``scoring``
matches. Every service is idempotent: running it twice (a task delivered twice, the reconcile
catching up) leaves the same rows; follow-up work is enqueued after the commit.

Services refuse with ``clubs.errors`` (``InvalidEntry``, ``Conflict``, ``NotFound``) and name their
writer with ``clubs.access.Actor``. What this package does not do: parse input, check permissions
(the edges do), pair, rank or score (the pure packages and ``games`` do), or read for the pages
(``tournaments.selectors``).
"""

from tournaments.services.brackets import bracket_advance
from tournaments.services.check_in import absentees_withdraw, entrant_check_in, entrant_update
from tournaments.services.entrants import (
    EntrantSpec,
    entrant_register,
    entrant_remove,
    entrant_withdraw,
    entrants_register,
    entrants_removable,
    takes_late_arrivals,
)
from tournaments.services.physical_tables import physical_table_revoke, physical_tables_prepare
from tournaments.services.reconcile import tournaments_reconcile
from tournaments.services.removal import tournament_archive, tournament_deletable, tournament_delete
from tournaments.services.results import (
    TableDecision,
    open_tables,
    table_adjust,
    table_decide,
    table_forfeit,
    table_reset,
    table_sync,
)
from tournaments.services.reveal import tournament_reveal
from tournaments.services.rounds import round_pair, round_start, round_start_refusal
from tournaments.services.standings import standings_recompute
from tournaments.services.tournaments import tournament_configure, tournament_create

__all__ = [
    "EntrantSpec",
    "TableDecision",
    "absentees_withdraw",
    "bracket_advance",
    "entrant_check_in",
    "entrant_register",
    "entrant_remove",
    "entrant_update",
    "entrant_withdraw",
    "entrants_register",
    "entrants_removable",
    "open_tables",
    "physical_table_revoke",
    "physical_tables_prepare",
    "round_pair",
    "round_start",
    "round_start_refusal",
    "standings_recompute",
    "table_adjust",
    "table_decide",
    "table_forfeit",
    "table_reset",
    "table_sync",
    "takes_late_arrivals",
    "tournament_archive",
    "tournament_configure",
    "tournament_create",
    "tournament_deletable",
    "tournament_delete",
    "tournament_reveal",
    "tournaments_reconcile",
]
