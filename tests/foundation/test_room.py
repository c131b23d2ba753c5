"""The room, for real: ``bin/run --room`` on a "laptop", Chromium on a "phone", a cable between them.

Two network namespaces of this test's own, joined by a veth pair with private addresses of its own
(10.213.n.1 and .2, a /30: no route anywhere else, so nothing leaves the pair). The run command
starts from a clean copy of the repository (its tracked files) inside the laptop, with the club
and organizer given by the environment; Chromium runs inside the phone (Playwright launches a
wrapper that enters the namespace, and speaks to it over a pipe). The phone opens the address the
terminal printed, finds that ``admin``/``admin`` does not sign in, signs in as the organizer,
starts a match, reads its printed slip's QR code (zxing-cpp): the laptop's address, not 127.0.0.1.
Then a player's phone enters three deals while the cable is pulled (the veth is set down, which
``context.set_offline`` would not do: the server would still be reachable) and plugged in again:
3 of 3 are stored, in order, read from the laptop's database file.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import ARGS, CHROMIUM, PHONE
from tests.browser.test_offline_outbox import scanned
from tests.conftest import missing
from tests.paths import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ORGANIZER, PASSWORD = "marie", "trefle-du-lundi-soir"
PORT = 8765
#: Each step that waits on the server or the phone may take this long (the suite runs beside others).
PATIENCE = 120


def ip(*arguments: str, namespace: str | None = None) -> None:
    command = (
        ["ip", *arguments] if namespace is None else ["ip", "netns", "exec", namespace, "ip", *arguments]
    )
    subprocess.run(command, check=True, capture_output=True, text=True)


@dataclass(frozen=True)
class Room:
    laptop: str
    phone: str
    phone_link: str
    laptop_address: str


def can_make_namespaces() -> str | None:
    """Why this machine cannot run the test (not root, no ``ip netns``), or ``None``."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    if shutil.which("ip") is None:
        return "iproute2's ip is not installed"
    probe = f"ts-probe-{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True, check=False)
    if made.returncode != 0:
        return f"ip netns add failed: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "delete", probe], capture_output=True, check=False)
    return None


@pytest.fixture
def room() -> Iterator[Room]:
    """Two namespaces joined by a veth pair, removed afterwards whatever happens."""
    problem = can_make_namespaces()
    if problem is not None:
        missing(problem)
    if not Path(CHROMIUM).exists():
        missing(f"Debian's chromium is not installed at {CHROMIUM}")
    pid = os.getpid()
    laptop, phone = f"ts-laptop-{pid}", f"ts-phone-{pid}"
    laptop_link, phone_link = f"tsl{pid}"[:15], f"tsp{pid}"[:15]
    subnet = 20 + pid % 200
    laptop_address, phone_address = f"10.213.{subnet}.1", f"10.213.{subnet}.2"
    try:
        ip("netns", "add", laptop)
        ip("netns", "add", phone)
        ip(
            "link",
            "add",
            laptop_link,
            "netns",
            laptop,
            "type",
            "veth",
            "peer",
            "name",
            phone_link,
            "netns",
            phone,
        )
        for namespace, link, address in (
            (laptop, laptop_link, laptop_address),
            (phone, phone_link, phone_address),
        ):
            ip("link", "set", "lo", "up", namespace=namespace)
            ip("addr", "add", f"{address}/30", "dev", link, namespace=namespace)
            ip("link", "set", link, "up", namespace=namespace)
        yield Room(laptop, phone, phone_link, laptop_address)
    finally:
        for namespace in (laptop, phone):
            subprocess.run(["ip", "netns", "delete", namespace], capture_output=True, check=False)


def clean_copy(target: Path) -> Path:
    """The repository's files as a fresh clone has them (tracked, and new files not ignored),
    with the project's .venv (the packages are installed; the room has no internet)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    (target / ".venv").symlink_to((ROOT / ".venv").resolve())
    return target


class Terminal:
    """The run command's output, read as it comes."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        #: When each step's line came (``time.monotonic()``), to print where the start's time goes.
        self.steps: list[tuple[float, str]] = []
        self.process = process
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.rstrip().endswith("...") or line.startswith("Phones in the room open"):
                self.steps.append((time.monotonic(), line.strip()))

    def wait_for(self, prefix: str) -> str:
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            found = next((line for line in self.lines if line.startswith(prefix)), None)
            if found is not None:
                return found
            assert self.process.poll() is None, "\n".join(self.lines)
            time.sleep(0.2)
        raise AssertionError(f"no line {prefix!r} within {PATIENCE} s:\n" + "\n".join(self.lines))


@pytest.fixture
def served(room: Room, tmp_path: Path) -> Iterator[tuple[Terminal, float]]:
    """``bin/run --room`` on the laptop, from a clean copy, on SQLite in a folder of its own."""
    copy = clean_copy(tmp_path / "tablescore")
    keep = {"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR"}
    environment = {key: value for key, value in os.environ.items() if key in keep}
    environment |= {
        "PORT": str(PORT),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        "STATIC_ROOT": str(tmp_path / "static"),
        "TABLESCORE_CLUB": "Le Trèfle",
        "TABLESCORE_LANGUAGE": "en",
        "TABLESCORE_TIME_ZONE": "Europe/Brussels",
        "TABLESCORE_ORGANIZER": ORGANIZER,
        "TABLESCORE_ORGANIZER_PASSWORD": PASSWORD,
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    started = time.monotonic()
    process = subprocess.Popen(
        ["ip", "netns", "exec", room.laptop, str(copy / "bin" / "run"), "--room"],
        cwd=copy,
        env=environment,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        yield Terminal(process), started
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


@contextmanager
def chromium_on_the_phone(room: Room, folder: Path) -> Iterator[Any]:
    """Chromium inside the phone's namespace, through a wrapper Playwright launches."""
    from playwright.sync_api import sync_playwright

    wrapper = folder / "chromium-on-the-phone"
    wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {room.phone} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(wrapper), args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def on_its_own_thread(work: Callable[[], None]) -> None:
    """Run ``work`` on a thread of its own: the browser tests' session-wide Playwright may still
    run its event loop on this one, and Playwright's sync API refuses to start inside a loop."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(work).result()


def first_page(page: Any, url: str) -> None:
    """Open ``url``, again until the server answers (gunicorn starts after the last line)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            page.goto(url)
            return
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def sign_in(page: Any, base: str, username: str, password: str) -> None:
    page.goto(base + "accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")
    page.wait_for_load_state()


def stored(database: Path, match: int) -> list[tuple[int, Any]]:
    """The match's deals in the laptop's database: number and current entry, in order."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        rows = connection.execute(
            "SELECT d.number, v.entry FROM scoring_deal d JOIN scoring_dealversion v "
            "ON v.deal_id = d.id AND v.version = d.version WHERE d.match_id = ? ORDER BY d.number",
            (match,),
        ).fetchall()
    return [(number, entry) for number, entry in rows]


def test_phones_in_the_room_reach_the_laptop_and_lose_no_deal(room, served, tmp_path):
    terminal, started = served
    last = terminal.wait_for("Phones in the room open: ")
    url = last.removeprefix("Phones in the room open: ")
    assert url == f"http://{room.laptop_address}:{PORT}/"
    printed = [line for line in terminal.lines if line.strip()]
    assert printed[-1] == last  # the address is the last line, under its QR code
    assert any("▄" in line or "█" in line for line in printed[-6:])

    def at_the_tables() -> None:
        with chromium_on_the_phone(room, tmp_path) as phone_browser:
            the_evening(room, url, started, phone_browser, tmp_path / "club.sqlite3")

    on_its_own_thread(at_the_tables)
    for (begun, step), (ended, _) in zip(terminal.steps, terminal.steps[1:], strict=False):
        print(f"  {ended - begun:5.1f} s  {step}")


def the_evening(room: Room, url: str, started: float, phone_browser: Any, database: Path) -> None:
    """The organizer's phone, then a player's, at the tables."""
    organizer = phone_browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    organizer.set_default_timeout(PATIENCE * 1000)
    first_page(organizer, url)
    seconds = time.monotonic() - started
    print(f"\nbin/run --room on a clean copy to the first page on the phone: {seconds:.1f} s")
    assert "Le Trèfle" in organizer.content()

    sign_in(organizer, url, "admin", "admin")
    assert organizer.locator("#signin-error").count() == 1
    sign_in(organizer, url, ORGANIZER, PASSWORD)
    assert organizer.locator("#signin-error").count() == 0

    organizer.goto(url + "clubs/le-trefle/matches/new/?game=tally")
    organizer.fill("input[name=title]", "Table 1")
    organizer.fill("input[name='side.0']", "Ann")
    organizer.fill("input[name='side.1']", "Bob")
    organizer.locator("form button[type=submit].primary").first.click()
    organizer.wait_for_url("**/manage/")
    match = int(organizer.url.rstrip("/").split("/")[-2])
    organizer.goto(f"{url}matches/{match}/print/")
    scorer = scanned(organizer.locator(".slip .qr-box svg").first)
    assert scorer.startswith(f"{url}t/"), scorer
    assert "127.0.0.1" not in organizer.inner_text(".slip")
    assert f"Open {room.laptop_address}:{PORT}/t/ and type" in organizer.inner_text(".table-code-line")

    player = phone_browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    player.set_default_timeout(PATIENCE * 1000)
    player.goto(scorer)
    player.wait_for_selector("input[name='f.points.0']")
    ip("link", "set", room.phone_link, "down", namespace=room.phone)
    try:
        for number, (first, second) in enumerate((("5", "3"), ("2", "7"), ("4", "4")), start=1):
            player.fill("input[name='f.points.0']", first)
            player.fill("input[name='f.points.1']", second)
            player.locator("#entry button[type=submit]").click()
            player.wait_for_selector(f"#kept:has-text('Deal {number} is saved on this phone')")
        assert stored(database, match) == []
    finally:
        ip("link", "set", room.phone_link, "up", namespace=room.phone)
    player.wait_for_selector("#outbox-status:has-text('Online — last sent')")
    player.wait_for_selector("#outbox", state="hidden")
    assert stored(database, match) == [
        (1, '{"points": {"Ann": 5, "Bob": 3}}'),
        (2, '{"points": {"Ann": 2, "Bob": 7}}'),
        (3, '{"points": {"Ann": 4, "Bob": 4}}'),
    ]
