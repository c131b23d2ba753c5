"""The house stands one way: no module imports a layer above its own.

The apps stack ``clubs`` ← ``scoring`` ← ``tournaments`` ← ``seasons``: each may import the ones
before it and never one after (a lower app hears from a higher one through a signal or a registry the
higher app fills in ``AppConfig.ready()``). The rule book (``games``) imports no Django and no app;
the pure packages (tournaments' ``pairing`` and ``standings``, seasons' ``competition`` and
``rating``) import no Django and nothing of the apps but the pure packages themselves; the project's shared kit (``tablescore``) sits on ``clubs`` only. Every module is read
with ``ast``, imports inside functions and ``TYPE_CHECKING`` blocks included.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

import pytest

from tests.paths import ROOT

#: Our Django apps, bottom first (as in INSTALLED_APPS).
APPS = ("clubs", "scoring", "tournaments", "seasons")
FRAMEWORKS = ("django", "rest_framework", "drf_spectacular", "celery", "kombu", "csp", "django_htmx")
PURE = ("tournaments/pairing", "tournaments/standings", "seasons/competition", "seasons/rating")
PURE_PACKAGES = tuple(f"{package.replace('/', '.')}." for package in PURE)


def imports(source: str, module: str) -> Iterator[tuple[int, str]]:
    """``(line, imported name)`` for every import in ``source`` (``from a import b`` gives ``a.b``),
    relative ones made absolute from ``module``'s own dotted name."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = module.split(".")[: -node.level] if node.level else []
            parent = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                yield node.lineno, f"{parent}.{alias.name}"


def breaches(folder: str, forbidden: Callable[[str], bool]) -> list[str]:
    """Every import under ``folder`` that ``forbidden`` refuses, as ``path:line imports name``."""
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        relative = path.relative_to(ROOT)
        module = ".".join(relative.with_suffix("").parts)
        for line, name in imports(path.read_text(encoding="utf-8"), module):
            if forbidden(name):
                found.append(f"{relative}:{line} imports {name}")
    return found


def top(name: str) -> str:
    return name.split(".")[0]


def above(app: str) -> Callable[[str], bool]:
    higher = APPS[APPS.index(app) + 1 :]
    return lambda name: top(name) in higher


@pytest.mark.parametrize("app", APPS)
def test_no_app_imports_an_app_above_it(app):
    assert breaches(app, above(app)) == []


def test_the_rule_book_imports_no_django_and_no_app():
    assert breaches("games", lambda name: top(name) in (*FRAMEWORKS, *APPS, "tablescore")) == []


@pytest.mark.parametrize("package", PURE)
def test_the_pure_packages_import_no_django_and_no_app(package):
    def forbidden(name: str) -> bool:
        if top(name) in (*FRAMEWORKS, "tablescore"):
            return True
        return top(name) in APPS and not name.startswith(PURE_PACKAGES)

    assert breaches(package, forbidden) == []


def test_the_projects_shared_kit_sits_on_the_clubs_app_only():
    assert breaches("tablescore", lambda name: top(name) in APPS[1:]) == []


def test_it_finds_an_upward_import_however_it_is_written():
    source = """
import tournaments.models
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from scoring.models import Match
def later():
    from . import signals
    from ..tournaments import events
"""
    found = [name for _, name in imports(source, "scoring.services")]

    assert [name for name in found if above("scoring")(name)] == ["tournaments.models", "tournaments.events"]
    assert [name for name in found if above("clubs")(name)] == [
        "tournaments.models",
        "scoring.models.Match",
        "scoring.signals",
        "tournaments.events",
    ]


def test_it_reads_every_app_it_names():
    assert all(any((ROOT / app).rglob("*.py")) for app in (*APPS, "games", "tablescore", *PURE))
