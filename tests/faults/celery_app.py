"""A test-only Celery app: the project's own, plus a stall at the first delivery of
``standings_recompute`` so that tests/faults/test_worker_killed.py can kill the worker mid-task.

The first time a worker started with ``-A tests.faults.celery_app`` is handed that task, it writes
the file named by ``TABLESCORE_FAULTS_MARKER`` (its process id) and sleeps; the test kills it there
with SIGKILL. Production code has no hook for this: the ``task_prerun`` signal is connected here only.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from celery.signals import task_prerun

from tablescore.celery import app

MARKER = Path(os.environ["TABLESCORE_FAULTS_MARKER"])


@task_prerun.connect
def _stall_first_recompute(sender: Any = None, **_: Any) -> None:
    if getattr(sender, "name", None) != "tournaments.standings_recompute" or MARKER.exists():
        return
    MARKER.write_text(str(os.getpid()))
    time.sleep(120)  # killed here by the test


__all__ = ["app"]
