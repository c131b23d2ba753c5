"""What the seasons app does when the tournaments app says an evening's results changed: enqueue
a task (subscribed in ``SeasonsConfig.ready()``; never raises, never waits on a broker that is down)."""

from __future__ import annotations

from typing import Any

from seasons import tasks
from tournaments.events import send


def results_changed(sender: Any, *, tournament_id: int, **kwargs: Any) -> None:
    send(tasks.evening_changed, tournament_id)
