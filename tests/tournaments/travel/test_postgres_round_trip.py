"""The evening goes from a laptop's SQLite database to the club's PostgreSQL site, twice: the
laptop (a ``manage.py`` of its own on a SQLite file) plays and exports, this PostgreSQL test
database imports; the laptop plays on and exports again, and the site's copy is brought up to
date. Each import leaves standings equal to a fresh recompute, and a repeat changes nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from clubs.travel.arrival import Arrival
from tests.factories import ClubFactory
from tests.paths import ROOT
from tests.rows import table_rows
from tournaments.models import Tournament
from tournaments.services import standings_recompute
from tournaments.travel.service import import_evening

pytestmark = [pytest.mark.django_db, pytest.mark.postgres, pytest.mark.slow]


def laptop(database: Path, *arguments: str) -> str:
    """Run ``manage.py`` on the laptop's SQLite database; what it printed."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "TABLESCORE_REQUIRE_SERVICES")
    }
    environment |= {"DATABASE_URL": f"sqlite:///{database}", "DEBUG": "true"}
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_an_evening_goes_from_sqlite_to_postgresql_twice(tmp_path: Path) -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("the site's side needs DATABASE_URL on PostgreSQL (the suite's second phase)")
    database, file = tmp_path / "laptop.sqlite3", tmp_path / "evening.json"
    laptop(database, "migrate", "--no-input", "-v", "0")
    pk = laptop(
        database, "shell", "-c", "from tests.tournaments.travel.laptop import first; first()"
    ).split()[-1]
    laptop(database, "export_evening", pk, "-o", str(file))
    club = ClubFactory(slug="home")

    assert import_evening(data=file.read_bytes(), club=club).arrival is Arrival.CREATED
    copy = Tournament.objects.get(club=club)
    assert copy.standings["rows"]
    assert dict(standings_recompute(tournament_id=copy.pk)) == Tournament.objects.get(pk=copy.pk).standings
    before = table_rows()
    assert import_evening(data=file.read_bytes(), club=club).arrival is Arrival.SAME
    assert table_rows() == before

    laptop(database, "shell", "-c", "from tests.tournaments.travel.laptop import more; more()")
    laptop(database, "export_evening", pk, "-o", str(file))
    assert import_evening(data=file.read_bytes(), club=club).arrival is Arrival.UPDATED
    copy.refresh_from_db()
    assert dict(standings_recompute(tournament_id=copy.pk)) == Tournament.objects.get(pk=copy.pk).standings
    before = table_rows()
    assert import_evening(data=file.read_bytes(), club=club).arrival is Arrival.SAME
    assert table_rows() == before
