"""What the scoring app tells the apps above it: a match changed.

The scoring app knows no app above it. A match that someone follows (a tournament's table) is made
with ``announce_changes``; after every committed write to such a match the services call
:func:`announce`, which sends :data:`match_changed` with the match's id to whoever listens (the
tournaments app subscribes in its ``AppConfig.ready()``). A listener's error is logged by
``send_robust`` and never reaches the write, which is committed already. A friendly match, which
nobody follows, announces nothing and costs nothing.
"""

from __future__ import annotations

from django.dispatch import Signal

from scoring.models import Match

#: Sent with ``match_id`` (and ``sender=Match``) once a change to the match is committed.
match_changed = Signal()


def announce(match_id: int) -> None:
    """Tell the listeners that match ``match_id`` changed (call it once the change is committed)."""
    match_changed.send_robust(sender=Match, match_id=match_id)
