"""The Celery app: configured from Django settings (``CELERY_*``), tasks autodiscovered.

Defaults favour never losing work: late acknowledgement, a redelivery when a worker dies, time
limits, and retries with backoff on the tasks themselves (see each app's ``tasks.py``). Without
``REDIS_URL`` tasks run eagerly, in-process.
"""

import os

from celery import Celery
from celery.signals import worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablescore.settings")

app = Celery("tablescore")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def _refuse_unsafe_worker(**_: object) -> None:
    from tablescore.startup import refuse_unsafe_start

    refuse_unsafe_start()
