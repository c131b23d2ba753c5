"""Tablescore's settings with the bench-only URLs of ``bench/plain_orm.py``: for the gunicorn that
``bench/bench_entry.py`` starts, never for the site (production URLs do not gain the plain view)."""

from tablescore.settings import *  # noqa: F403

ROOT_URLCONF = "bench.plain_orm"
