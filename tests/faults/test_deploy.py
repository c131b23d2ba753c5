"""The production shape of deploy/, run as an operator would: deploy/first-start with the env file
made from deploy/tablescore.env.example, Debian's Caddy with deploy/Caddyfile (``tls internal``) in
front of two gunicorn processes, and the systemd units checked by systemd-analyze.

Everything listens on free ports of this machine's loopback; the site's name is ``localhost``.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import ssl
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import free_port, missing, wait_for_port
from tests.faults.support import redis_server, spawn, stop, tail, wait_for
from tests.paths import ROOT

pytestmark = [pytest.mark.slow]

DEPLOY = ROOT / "deploy"


def env_file(directory: Path, values: dict[str, str]) -> Path:
    """deploy/tablescore.env.example with this test's values in place of the example's."""
    text = (DEPLOY / "tablescore.env.example").read_text()
    for name, value in values.items():
        line = f'{name}="{value}"' if " " in value else f"{name}={value}"
        text, found = re.subn(rf"^#?{name}=.*$", line, text, flags=re.MULTILINE)
        if not found:
            text += line + "\n"
    path = directory / "tablescore.env"
    path.write_text(text)
    return path


def read_env(path: Path) -> dict[str, str]:
    """The variables of an env file, the way systemd's EnvironmentFile reads them."""
    found = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.partition("=")
            found[name.strip()] = value.strip().strip('"')
    return found


@dataclass
class Front:
    https_port: int
    http_port: int
    web: list[subprocess.Popen[bytes]]
    ca: Path
    env: dict[str, str]
    first_start: subprocess.CompletedProcess[str]
    directory: Path

    def get(self, path: str, *, trust: bool = True) -> http.client.HTTPResponse:
        context = ssl.create_default_context(cafile=str(self.ca)) if trust else ssl.create_default_context()
        conn = http.client.HTTPSConnection("localhost", self.https_port, context=context, timeout=15)
        conn.request("GET", path)
        response = conn.getresponse()
        response.body = response.read()  # type: ignore[attr-defined]
        conn.close()
        return response


def run_first_start(env_path: Path, extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # What this test process carries that production never does (the browser tests' async switch
    # is refused by check --deploy, rightly).
    dropped = {
        "SECRET_KEY",
        "DATABASE_URL",
        "REDIS_URL",
        "DEBUG",
        "DJANGO_SETTINGS_MODULE",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
    }
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [str(DEPLOY / "first-start"), str(env_path)],
        cwd=ROOT,
        env={**clean, **extra},
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def front(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Front]:
    caddy = shutil.which("caddy")
    if caddy is None:
        missing("Debian's caddy is not installed (apt-get install caddy)")
    directory = tmp_path_factory.mktemp("deploy")
    https_port, http_port = free_port(), free_port()
    upstreams = [free_port(), free_port()]
    processes: list[subprocess.Popen[bytes]] = []
    with redis_server(directory) as redis:
        values = {
            "TABLESCORE_DOMAIN": "localhost",
            "TABLESCORE_TLS": "internal",
            "TABLESCORE_HTTP_PORT": str(http_port),
            "TABLESCORE_HTTPS_PORT": str(https_port),
            "TABLESCORE_CADDY_ADMIN": "off",
            "TABLESCORE_UPSTREAMS": " ".join(f"127.0.0.1:{p}" for p in upstreams),
            "TABLESCORE_STATIC_ROOT": str(directory / "static"),
            "STATIC_ROOT": str(directory / "static"),
            "ALLOWED_HOSTS": "localhost",
            "CSRF_TRUSTED_ORIGINS": f"https://localhost:{https_port}",
            "SITE_URL": f"https://localhost:{https_port}",
            "SECRET_KEY_FILE": str(directory / "etc" / "secret_key"),
            "DATABASE_URL": f"sqlite:///{directory / 'tablescore.sqlite3'}",
            "DATABASE_POOL_SIZE": "0",
            "REDIS_URL": redis.url(0),
            "LOG_LEVEL": "WARNING",
        }
        path = env_file(directory, values)
        env = {**os.environ, **read_env(path), "XDG_DATA_HOME": str(directory / "data"),
               "XDG_CONFIG_HOME": str(directory / "config")}  # fmt: skip
        for name in ("SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"):
            env.pop(name, None)
        try:
            processes.append(spawn([caddy, "run", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
                                   env, directory / "caddy.log"))  # fmt: skip
            wait_for_port(https_port, timeout=30)
            ca = directory / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
            wait_for(ca.exists, "Caddy's local CA", 30)
            done = run_first_start(path, {"SSL_CERT_FILE": str(ca)})
            assert done.returncode == 0, done.stdout + done.stderr + tail(directory / "caddy.log")
            for port in upstreams:
                command = [str(ROOT / ".venv" / "bin" / "gunicorn"), "tablescore.wsgi", "--bind", f"127.0.0.1:{port}",
                           "--workers", "1", "--worker-class", "gthread", "--threads", "2"]  # fmt: skip
                processes.append(spawn(command, env, directory / f"web-{port}.log"))
            for port in upstreams:
                wait_for_port(port, timeout=30)
            yield Front(https_port, http_port, processes[1:], ca, env, done, directory)
        finally:
            for process in processes:
                stop(process)


def test_first_start_makes_the_key_once_migrates_and_checks_the_site(front: Front) -> None:
    out = front.first_start.stdout
    assert "Made the secret key" in out
    for part in ("django", "database", "broker", "name", "certificate"):
        assert re.search(rf"^ok +{part} ", out, re.MULTILINE), out
    assert "The site is ready." in out
    key_file = Path(front.env["SECRET_KEY_FILE"])
    key = key_file.read_text()
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"
    again = run_first_start(front.directory / "tablescore.env", {"SSL_CERT_FILE": str(front.ca)})
    assert again.returncode == 0, again.stdout + again.stderr
    assert "The secret key is kept" in again.stdout
    assert key_file.read_text() == key


def test_site_check_names_an_untrusted_certificate_and_a_dead_database(front: Front) -> None:
    env = {**front.env, "DATABASE_URL": f"postgres://postgres@127.0.0.1:{free_port()}/nowhere"}
    env.pop("SSL_CERT_FILE", None)
    done = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "python"), "manage.py", "site_check"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1
    assert re.search(r"^PROBLEM database +cannot connect", done.stdout, re.MULTILINE), done.stdout
    assert re.search(r"^PROBLEM certificate .*not trusted", done.stdout, re.MULTILINE), done.stdout


def test_caddy_serves_the_site_over_https_and_the_static_files_itself(front: Front) -> None:
    wait_for(lambda: front.get("/ping").status == 200, "the site through Caddy", 30, every=0.3)
    home = front.get("/")
    assert home.status == 200  # not a redirect: the app saw X-Forwarded-Proto: https
    assert "max-age=31536000" in home.getheader("Strict-Transport-Security", "")
    static = re.search(rb'/static/[^"\']+\.css', home.body)  # type: ignore[attr-defined]
    assert static, "no stylesheet on the home page"
    sheet = front.get(static.group().decode())
    assert sheet.status == 200
    assert sheet.getheader("Cache-Control") == "public, max-age=31536000, immutable"
    assert sheet.getheader("Server") == "Caddy"  # Caddy's file server, not whitenoise behind it


def test_plain_http_is_sent_to_https(front: Front) -> None:
    conn = http.client.HTTPConnection("localhost", front.http_port, timeout=10)
    conn.request("GET", "/")
    answer = conn.getresponse()
    assert answer.status in {301, 308}
    # Caddy 2.6 names the HTTPS port only when it is not 443 in later versions: the scheme is what counts.
    assert answer.getheader("Location", "").startswith("https://localhost")


def test_a_web_process_killed_loses_no_request(front: Front) -> None:
    wait_for(lambda: front.get("/ping").status == 200, "the site through Caddy", 30, every=0.3)
    front.web[0].send_signal(signal.SIGKILL)
    front.web[0].wait(timeout=10)
    statuses = [front.get("/").status for _ in range(20)]
    assert statuses == [200] * 20


def test_the_systemd_units_verify(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        missing("systemd-analyze is not installed")
    for unit in (DEPLOY / "systemd").iterdir():
        text = unit.read_text().replace("/srv/tablescore/app", str(ROOT))
        name = unit.name.replace("web@.", "web@8001.").replace("worker@.", "worker@1.")
        (tmp_path / name).write_text(text)
    units = sorted(str(p) for p in tmp_path.iterdir() if p.suffix in {".service", ".target", ".timer"})
    done = subprocess.run([analyze, "verify", "--man=no", *units], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "", done.stderr
