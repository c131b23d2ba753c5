"""How the seasons app sends its tasks: through the tournaments app's sender, which never lets a
broker that is down fail the caller (``tournaments.events``: one attempt, logged and dropped; the
periodic ``seasons.reconcile`` task catches up)."""

from __future__ import annotations

from tournaments.events import send


def enqueue(task_name: str, *args: int) -> bool:
    """Send ``seasons.tasks.<task_name>`` (by name: the tasks import the services)."""
    from seasons import tasks

    return send(getattr(tasks, task_name), *args)
