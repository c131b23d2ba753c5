"""Settings come from the environment, with working defaults and loud errors for bad values."""

import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from tablescore.settings import database_from_url, env_bool, env_int, env_list, redis_url
from tests.paths import ROOT


def test_it_reads_booleans(monkeypatch):
    monkeypatch.setenv("X_FLAG", "yes")
    assert env_bool("X_FLAG", False) is True
    monkeypatch.setenv("X_FLAG", "off")
    assert env_bool("X_FLAG", True) is False
    monkeypatch.delenv("X_FLAG")
    assert env_bool("X_FLAG", True) is True


def test_it_names_the_variable_of_a_bad_boolean(monkeypatch):
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="X_FLAG"):
        env_bool("X_FLAG", False)


def test_it_names_the_variable_of_a_bad_integer(monkeypatch):
    monkeypatch.setenv("X_COUNT", "ten")
    with pytest.raises(ImproperlyConfigured, match="X_COUNT"):
        env_int("X_COUNT", 1)


def test_it_reads_lists(monkeypatch):
    monkeypatch.setenv("X_HOSTS", "a.example, b.example,,")
    assert env_list("X_HOSTS", []) == ["a.example", "b.example"]


def test_it_parses_a_postgres_url():
    db = database_from_url("DATABASE_URL", "postgres://u:p%40ss@db.example:6543/tables?sslmode=require")
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["PASSWORD"], db["HOST"], db["PORT"]) == (
        "tables",
        "u",
        "p@ss",
        "db.example",
        "6543",
    )
    assert db["OPTIONS"] == {"connect_timeout": "5", "sslmode": "require"}


def test_a_postgres_url_may_set_its_own_connect_timeout():
    db = database_from_url("DATABASE_URL", "postgres://u@db.example/tables?connect_timeout=20")
    assert db["OPTIONS"] == {"connect_timeout": "20"}


def test_it_parses_a_sqlite_url():
    assert database_from_url("DATABASE_URL", "sqlite:////tmp/x.db")["NAME"] == "/tmp/x.db"


@pytest.mark.parametrize("url", ["mysql://x/y", "postgres://host:notaport/db", "postgres://host"])
def test_it_rejects_a_bad_database_url_naming_the_variable(url):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database_from_url("DATABASE_URL", url)


def test_it_rejects_a_bad_redis_url(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "http://cache")
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL"):
        redis_url("REDIS_URL")


def _manage(*args, **env):
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow  # manage.py or Django in a subprocess
def test_it_refuses_to_start_with_debug_off_and_the_default_key():
    result = _manage("check")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.slow  # manage.py or Django in a subprocess
def test_it_starts_with_debug_on_and_no_environment():
    result = _manage("check", DEBUG="true")
    assert result.returncode == 0, result.stderr


@pytest.mark.slow  # manage.py or Django in a subprocess
def test_a_malformed_value_stops_the_start_naming_the_variable():
    result = _manage("check", DEBUG="true", DATABASE_URL="oracle://nope")
    assert result.returncode != 0
    assert "DATABASE_URL" in result.stderr


@pytest.mark.slow  # manage.py or Django in a subprocess
def test_check_deploy_is_clean_with_production_settings():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY="a-long-random-production-secret-" + "x" * 40,
        ALLOWED_HOSTS="scores.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_it_runs_celery_in_process_without_redis():
    from django.conf import settings

    if os.environ.get("REDIS_URL"):
        assert os.environ["REDIS_URL"] == settings.CELERY_BROKER_URL
        assert settings.CELERY_TASK_ALWAYS_EAGER is False
    else:
        assert settings.CELERY_TASK_ALWAYS_EAGER is True


def test_a_pool_size_shares_each_process_connections_between_its_threads(monkeypatch):
    monkeypatch.setenv("DATABASE_POOL_SIZE", "8")
    db = database_from_url("DATABASE_URL", "postgres://u@db.example/tables")
    assert db["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 8, "timeout": 10}
    assert db["CONN_MAX_AGE"] == 0  # Django refuses a pool with persistent connections
    monkeypatch.delenv("DATABASE_POOL_SIZE")
    assert "pool" not in database_from_url("DATABASE_URL", "postgres://u@db.example/tables")["OPTIONS"]


@pytest.mark.slow  # manage.py or Django in a subprocess
def test_a_replica_url_routes_reads_and_checks_clean():
    script = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.DATABASES['replica']['OPTIONS']['connect_timeout'], s.DATABASE_ROUTERS, "
        "'tablescore.replica.ReplicaReadsMiddleware' in s.MIDDLEWARE)"
    )
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**clean, "DEBUG": "true", "DJANGO_SETTINGS_MODULE": "tablescore.settings",
             "DATABASE_URL": "postgres://u@db.example/tables",
             "DATABASE_REPLICA_URL": "postgres://u@replica.example/tables"},
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert done.stdout.split() == ["1", "['tablescore.replica.ReplicaRouter']", "True"], done.stderr
