"""The Celery app: configured from Django settings (``CELERY_*``), tasks autodiscovered.

Defaults favour never losing work: late acknowledgement, a redelivery when a worker dies, time
limits, and retries with backoff on the tasks themselves (see each app's ``tasks.py``). Without
``REDIS_URL`` tasks run eagerly, in-process.
"""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablescore.settings")

app = Celery("tablescore")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def _refuse_unsafe_worker(**_: object) -> None:
    from tablescore.startup import refuse_unsafe_start

    refuse_unsafe_start()


@task_prerun.connect
def _tasks_read_the_primary(**_: object) -> None:
    """A task reads what it will write from: never the replica, even run in-process by a GET."""
    from tablescore.replica import task_started

    task_started()


@task_postrun.connect
def _task_done(**_: object) -> None:
    from tablescore.replica import task_ended

    task_ended()
