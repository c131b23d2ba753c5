"""What the browser tests share: where Chromium is, how it starts, a phone's size, screenshots."""

from __future__ import annotations

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
PHONE = {"width": 360, "height": 740}
ARTIFACTS = ROOT / "test-artifacts" / "browser"


def shot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/browser/ (git-ignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
