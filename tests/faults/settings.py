"""Settings of the processes the fault tests start (gunicorn, Celery): production's own, read from
the same environment, except that static files come from the source folders, so pages render
without a ``collectstatic`` manifest. Nothing else differs."""

from tablescore.settings import *  # noqa: F403
from tablescore.settings import STORAGES

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
