"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablescore.settings")
application = get_asgi_application()

from tablescore.startup import refuse_unsafe_start  # noqa: E402  (needs settings loaded)

refuse_unsafe_start()
