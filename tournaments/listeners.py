"""What the tournaments app does when the scoring app announces a change: enqueue a task.

Subscribed in ``TournamentsConfig.ready()``. The receiver only sends the ``match_changed`` task
(``tournaments/events.py``: never raises, never waits on a broker that is down); the task reads the
match into its table's result.
"""

from __future__ import annotations

from typing import Any

from tournaments import events, tasks


def match_changed(sender: Any, *, match_id: int, **kwargs: Any) -> None:
    """A scoring match changed: its table, if any, reads it again."""
    events.send(tasks.match_changed, match_id)
