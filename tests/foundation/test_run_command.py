"""``bin/run`` serves a club's first evening: DEBUG off, a kept secret key, gunicorn, whitenoise,
the site's own error pages, and a quiet start (a line per step, the URL last)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from tests.conftest import free_port
from tests.paths import ROOT

pytestmark = pytest.mark.slow


def fetch(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read().decode()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    if os.environ.get("DATABASE_URL"):
        pytest.skip("the run command's embedded default is checked in phase 1 (SQLite)")
    port = free_port()
    database = tmp_path_factory.mktemp("run") / "club.sqlite3"
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in {"SECRET_KEY", "DEBUG", "REDIS_URL", "CELERY_BROKER_URL", "DATABASE_URL"}
    }
    # Its own static folder: the suite's other tests must not see files being collected.
    static = tmp_path_factory.mktemp("static")
    environment |= {"PORT": str(port), "DATABASE_URL": f"sqlite:///{database}", "STATIC_ROOT": str(static)}
    process = subprocess.Popen(
        [str(ROOT / "bin" / "run")],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if fetch(base + "/ping")[0] == 200:
                    break
            except OSError:
                pass
            assert process.poll() is None, process.stdout.read()
            assert time.monotonic() < deadline, "bin/run did not serve within 120 s"
            time.sleep(0.5)
        yield base, process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=20)


def test_it_serves_the_demo_with_the_sites_own_pages(served):
    base, _ = served

    status, _, home = fetch(base + "/")
    assert status == 200
    assert "Demo Card Club" in home

    status, _, missing_page = fetch(base + "/no/such/page/")
    assert status == 404
    assert "<h1>Not found</h1>" in missing_page
    assert "Traceback" not in missing_page
    assert "URLconf" not in missing_page


def test_it_serves_hashed_static_files_and_a_favicon(served):
    base, _ = served
    _, _, home = fetch(base + "/")
    stylesheet = home.split('rel="stylesheet" href="', 1)[1].split('"', 1)[0]
    assert stylesheet.startswith("/static/css/tablescore.")
    assert stylesheet.count(".") == 2

    assert fetch(base + stylesheet)[:2] == (200, 'text/css; charset="utf-8"')
    status, kind, _ = fetch(base + "/favicon.ico")
    assert (status, kind) == (200, "image/svg+xml")


def test_it_keeps_one_secret_key_out_of_the_repository(served):
    key = ROOT / "var" / "secret_key"
    assert len(key.read_text().strip()) >= 50
    assert oct(key.stat().st_mode & 0o777) == "0o600"
    ignored = subprocess.run(["git", "check-ignore", "-q", str(key)], cwd=ROOT, check=False)
    assert ignored.returncode == 0


def test_it_starts_quietly_a_line_per_step_and_the_url_last(served):
    base, process = served
    os.killpg(process.pid, signal.SIGTERM)
    output = process.communicate(timeout=20)[0]
    lines = [line for line in output.splitlines() if line.strip()]

    assert not [line for line in lines if "Task " in line or "succeeded in" in line]
    served_at = next(i for i, line in enumerate(lines) if line.startswith(f"Tablescore: {base}/"))
    assert served_at <= 7, output  # one line per step: packages, database, demo, static files
    assert not [line for line in lines[served_at + 1 :] if "gunicorn" in line.lower()]


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--demo"], "--address and --demo go with --room"),
        (["--address", "192.168.1.20"], "--address and --demo go with --room"),
        (["--room", "--dev"], "--room and --dev do not go together"),
    ],
)
def test_the_room_s_options_go_with_room_only(arguments, said):
    done = subprocess.run(
        [str(ROOT / "bin" / "run"), *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )

    assert done.returncode == 2
    assert said in done.stderr
