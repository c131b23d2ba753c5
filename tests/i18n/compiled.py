"""The catalogs compiled before a page is asked for in French or Dutch: the ``.mo`` files are
built from the ``.po`` files in the tree (``compilemessages``), never kept in git, so a test run
compiles what is missing or older than its catalog. A test module that asks for a page in French
or Dutch imports :func:`compiled_catalogs` (an autouse fixture of the session) and
:func:`back_to_the_default_language`."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation
from django.utils.translation import trans_real

from tests.conftest import missing

ROOT = Path(__file__).resolve().parents[2]


def _stale() -> bool:
    for po in ROOT.glob("**/locale/*/LC_MESSAGES/django.po"):
        if ".venv" in po.parts:
            continue
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            return True
    return False


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> None:
    if not _stale():
        return
    if shutil.which("msgfmt") is None:
        missing("gettext's msgfmt is needed to compile the catalogs (apt-get install gettext)")
    call_command("compilemessages", verbosity=0)
    trans_real._translations = {}  # catalogs read before they were compiled are read again
    trans_real._default = None


@pytest.fixture(autouse=True)
def back_to_the_default_language() -> Iterator[None]:
    """The locale middleware activates the language a test's request asked for in this thread and
    leaves it there; a later test calling a service directly would hear French or Dutch."""
    yield
    translation.deactivate()
