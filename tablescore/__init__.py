"""Tablescore's project package: settings, URLs, Celery app and entry points."""

from tablescore.celery import app as celery_app

__all__ = ["celery_app"]
