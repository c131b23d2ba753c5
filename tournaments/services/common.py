"""What every tournament write shares: the tournament row lock taken first, follow-up tasks sent
after the commit, the revision the public pages poll, and the name the audit trail gives the
tournament's own writes.

What this module does not do: decide anything about a tournament.
"""

from __future__ import annotations

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


def after_commit(task: Task, *args: int, task_id: str | None = None) -> None:
    """Send ``task`` (one of ``tournaments.tasks``) once the transaction commits (never failing it)."""
    transaction.on_commit(lambda: events.send(task, *args, task_id=task_id))


def bump_revision(tournament: Tournament) -> None:
    """Something the public pages show changed: they see a new revision."""
    tournament.revision += 1
    tournament.save(update_fields=["revision"])


def results_changed(tournament: Tournament) -> None:
    """The results changed: a new revision, and the standings recomputed after the commit."""
    bump_revision(tournament)
    after_commit(tasks.standings_recompute, tournament.pk)
