"""The checks every entry point (manage.py, WSGI, ASGI, the Celery worker) runs before serving.

They live here rather than at settings import so that the test runner, which configures Django
itself, is not refused; every real way of starting Tablescore goes through :func:`refuse_unsafe_start`.
"""

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from tablescore.settings import DEFAULT_SECRET_KEY


def refuse_unsafe_start() -> None:
    """Stop with DEBUG off and the public default secret key."""
    if not settings.DEBUG and settings.SECRET_KEY == DEFAULT_SECRET_KEY:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off: the default key is public. "
            "Set SECRET_KEY to a long random string, or DEBUG=true for development."
        )
