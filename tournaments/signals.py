"""What the tournaments app tells the apps above it: an evening's results changed.

The tournaments app knows no app above it. After the standings of a tournament are recomputed
(``services.standings_recompute``, which runs after every change to its results) and committed, it
sends :data:`results_changed` with the tournament's id; the seasons app subscribes in its
``AppConfig.ready()`` and recomputes what it keeps from the results (season tables, ratings). A
listener's error is logged by ``send_robust`` and never reaches the write.
"""

from __future__ import annotations

from django.dispatch import Signal

from tournaments.models import Tournament

#: Sent with ``tournament_id`` (and ``sender=Tournament``) once its recomputed standings are committed.
results_changed = Signal()


def announce(tournament_id: int) -> None:
    """Tell the listeners that the results of ``tournament_id`` changed (once committed)."""
    results_changed.send_robust(sender=Tournament, tournament_id=tournament_id)
