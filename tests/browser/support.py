"""What the browser tests share: where Chromium is, how it starts, a phone's size, screenshots."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.paths import ROOT

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: The two looks a page is checked in: a player's phone in a dim room (dark) and an organizer's
#: laptop on a busy night (light). The layout does not change with the scheme, nor the colours with
#: the size, so these two cover both sizes and both schemes.
LOOKS = [("phone", "dark"), ("laptop", "light")]
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
#: The projector's screens: a 1080p projector and a small 720p one.
PROJECTORS = {"1080p": {"width": 1920, "height": 1080}, "720p": {"width": 1280, "height": 720}}
ARTIFACTS = ROOT / "test-artifacts" / "browser"


#: ``TABLESCORE_SHOTS=off`` (``bin/test`` under CI, where no one looks at them) takes no screenshot:
#: a full page's PNG costs Chromium 0.2 to 0.5 s, at every page a browser test looks at.
SHOTS_WANTED = os.environ.get("TABLESCORE_SHOTS", "on") != "off"


def shot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/browser/ (git-ignored)."""
    return snap(page, ARTIFACTS, name)


def screen(
    browser: Any,
    size: dict[str, int],
    *,
    scheme: str = "dark",
    scripts: bool = True,
    workers: str = "allow",
    locale: str = "en-GB",
) -> Any:
    """A fresh page of ``size`` (a phone's touch below 500 px), its own cookies, ``scheme`` theme,
    asking for pages in ``locale``. ``workers="block"`` keeps service workers out: ``page.route``
    sees no request a worker sends."""
    small = size["width"] < 500
    context = browser.new_context(
        locale=locale,
        viewport=size,
        color_scheme=scheme,
        has_touch=small,
        is_mobile=small,
        java_script_enabled=scripts,
        service_workers=workers,
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def snap(page: Any, folder: Path, name: str, *, full_page: bool = True) -> Path:
    """A screenshot into ``folder`` (a helper's look at its pages, outside the repository)."""
    path = folder / f"{name}.png"
    if SHOTS_WANTED:
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=full_page)
    return path


def sign_in(page: Any, base: str, username: str = "admin", password: str = "admin") -> None:
    """Sign in through the sign-in page, as an organizer does."""
    page.goto(base + "/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")
    page.wait_for_load_state()


#: Resolves once the page's fonts are in and two frames are drawn: laid out as its reader sees it.
_DRAWN = """() => document.fonts.ready.then(() => new Promise(done =>
    requestAnimationFrame(() => requestAnimationFrame(() => done(true)))))"""


def settled(page: Any) -> None:
    """Wait until the page open is laid out as its reader first sees it (loaded, its fonts in, drawn).
    No page changes after its load but by its polls, which start seconds later; Playwright's
    "networkidle" waited half a second of silence on each page besides: the layout, language and
    accessibility sweeps took 150 s with it and 81 s with this, measured on one quiet machine."""
    page.wait_for_load_state("load")
    page.evaluate(_DRAWN)


def looked_at(page: Any, folder: Path, name: str) -> list[str]:
    """The layout check and axe's serious or critical findings on the page open, each named
    ``name``, with a shot of it into ``folder``."""
    from tests.browser.accessibility import report, violations
    from tests.browser.layout import layout_problems

    snap(page, folder, name)
    found = [f"{name}: {problem}" for problem in layout_problems(page)]
    grave = violations(page)
    if grave:
        found.append(f"{name}: {report(grave)}")
    return found


def until(holds: Callable[[], bool], what: str, *, timeout: float = 20.0) -> None:
    """Wait until ``holds()`` (what the server writes once it has answered a click). A page's load
    state says nothing of a form's POST still in flight: read at once, a busy CI machine found the
    table not yet accepted and the entrants not yet registered."""
    deadline = time.monotonic() + timeout
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"never came: {what}")
        time.sleep(0.1)
