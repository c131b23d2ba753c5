"""WSGI entry point (gunicorn tablescore.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablescore.settings")
application = get_wsgi_application()

from tablescore.startup import refuse_unsafe_start  # noqa: E402  (needs settings loaded)

refuse_unsafe_start()
