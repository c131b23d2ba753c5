"""What every tournament write shares: the tournament row lock taken first, follow-up tasks sent
after the commit, the revision the public pages poll, and the name the audit trail gives the
tournament's own writes.

What this module does not do: decide anything about a tournament.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from celery import Task
from django.db import transaction
from django.utils.translation import gettext

from clubs.access import Actor
from clubs.errors import NotFound
from tournaments import events, tasks
from tournaments.models import Tournament

#: Who the audit trail names for matches the tournament opens by itself.
SYSTEM = Actor(label="tournament")


def lock_tournament(tournament_id: int) -> Tournament:
    """The tournament, its row locked until the transaction ends (every write takes it first)."""
    try:
        return Tournament.objects.select_for_update().select_related("club").get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise NotFound(gettext("no such tournament")) from None


#: The follow-ups gathered inside :func:`follow_ups_once`, each once, in the order first asked.
_gathered: ContextVar[dict[tuple[str, tuple[int, ...], str | None], Callable[[], None]] | None] = ContextVar(
    "tournament_follow_ups", default=None
)


def after_commit(task: Task, *args: int, task_id: str | None = None) -> None:
    """Send ``task`` (one of ``tournaments.tasks``) once the transaction commits (never failing it)."""

    def follow_up() -> None:
        events.send(task, *args, task_id=task_id)

    gathered = _gathered.get()
    if gathered is None:
        transaction.on_commit(follow_up)
    else:
        gathered.setdefault((task.name, args, task_id), follow_up)


@contextmanager
def follow_ups_once() -> Iterator[None]:
    """Inside one transaction that writes many results (the demo's evenings), ask for each
    follow-up once: the tasks read what was committed, so the hundred and fifty results of the
    demo need a standings recompute per tournament, not one per result (each of which recomputed
    every season after it). Left by an error, nothing is asked for."""
    gathered: dict[tuple[str, tuple[int, ...], str | None], Callable[[], None]] = {}
    token = _gathered.set(gathered)
    try:
        yield
    finally:
        _gathered.reset(token)
    for follow_up in gathered.values():
        transaction.on_commit(follow_up)


def bump_revision(tournament: Tournament) -> None:
    """Something the public pages show changed: they see a new revision."""
    tournament.revision += 1
    tournament.save(update_fields=["revision"])


def results_changed(tournament: Tournament) -> None:
    """The results changed: a new revision, and the standings recomputed after the commit."""
    bump_revision(tournament)
    after_commit(tasks.standings_recompute, tournament.pk)
