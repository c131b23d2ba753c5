"""The restore drill: deploy/backup dumps a database holding a played tournament and a corrected
match, deploy/restore puts the dump into a fresh database, and the restored site has the same
standings, the same deal versions (corrections and voids included) and the same audit trail.

On a throwaway PostgreSQL cluster (never the machine's shared server), with Debian's pg_dump and
pg_restore, exactly as the nightly timer runs them.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.faults.support import environment, manage_shell, postgres_cluster
from tests.paths import ROOT

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

SETUP = """
import json
from django.core.management import call_command
from clubs.access import Actor
from scoring.services.deals import deal_correct, deal_record, deal_void
from scoring.services.matches import match_create
from tests.tournaments.factories import make_tournament, play_round, start_round
call_command("migrate", verbosity=0)
tournament = make_tournament(name="Backup cup", entrants=6, rounds=2)
play_round(start_round(tournament))
play_round(start_round(tournament))
actor = Actor(label="drill")
match = match_create(club=tournament.club, game_key="tally", sides=["Ann", "Ben"], options={"target": 1000000}, actor=actor)
for points in (3, 5, 8):
    deal_record(match_id=match.pk, entry={"points": {"Ann": points, "Ben": 1}}, actor=actor)
deal_correct(match_id=match.pk, number=2, entry={"points": {"Ann": 6, "Ben": 2}}, expected_version=1, actor=actor, reason="misread")
deal_void(match_id=match.pk, number=3, expected_version=1, actor=actor, reason="not played")
print(json.dumps("ok"))
"""

#: What a club would check after a restore, printed as one JSON document.
FINGERPRINT = """
import json
from scoring.models import AuditEvent, DealVersion, Match
from tournaments.models import Tournament
print(json.dumps({
    "standings": [[t.name, t.standings["rows"], t.standings_revision] for t in Tournament.objects.order_by("pk")],
    "versions": [
        [v.deal.match_id, v.deal.number, v.version, v.entry, v.voided, v.reason]
        for v in DealVersion.objects.select_related("deal").order_by("deal__match_id", "deal__number", "version")
    ],
    "matches": [[m.pk, m.state, m.revision] for m in Match.objects.order_by("pk")],
    "audit": AuditEvent.objects.count(),
}, sort_keys=True, default=str))
"""


def run(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_a_nightly_dump_restores_into_a_fresh_database_with_the_same_standings_and_versions(
    tmp_path: Path,
) -> None:
    import psycopg

    with postgres_cluster() as cluster:
        with psycopg.connect(cluster.url(), autocommit=True, connect_timeout=10) as conn:
            conn.execute("CREATE DATABASE tablescore")
            conn.execute("CREATE DATABASE restored")
        env = environment(DATABASE_URL=cluster.url("tablescore"), TABLESCORE_ENV=str(tmp_path / "none.env"))
        manage_shell(env, SETUP)
        before = manage_shell(env, FINGERPRINT)
        assert before["standings"][0][1], "the tournament has no standings to compare"
        assert any(version[2] == 2 for version in before["versions"]), "no correction to compare"

        backup = run([str(ROOT / "deploy" / "backup")], {**env, "BACKUP_DIR": str(tmp_path / "backups")})
        assert backup.returncode == 0, backup.stderr
        dump = Path(backup.stdout.strip().splitlines()[-1])
        assert dump.parent == tmp_path / "backups"
        assert dump.name.startswith("tablescore-")
        assert dump.suffix == ".dump"
        assert not list(dump.parent.glob("*.partial"))

        restore = run([str(ROOT / "deploy" / "restore"), str(dump), cluster.url("restored")], env)
        assert restore.returncode == 0, restore.stdout + restore.stderr
        after = manage_shell({**env, "DATABASE_URL": cluster.url("restored")}, FINGERPRINT)
        assert after == before

        again = run([str(ROOT / "deploy" / "restore"), str(dump), cluster.url("restored")], env)
        assert again.returncode == 2
        assert "already holds a Tablescore database" in again.stderr
