"""No import cycle among our modules: what a module imports, at its top or inside a function
(not in a ``TYPE_CHECKING`` block), forms no loop.

A cycle hidden by importing inside a function, or by naming a task in a string, is how
``services → events → tasks → services`` grew without mypy or grep seeing it. The one allowed
shape is HackSoft's: services import the tasks at their top, and a Celery task (a function of a
``tasks.py``) imports the service it calls inside its body; those imports alone are not read.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import networkx

from tests.paths import ROOT

PACKAGES = ("games", "clubs", "scoring", "tournaments", "seasons", "tablescore")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def loaded_imports(
    tree: ast.Module, module: str, is_package: bool, *, functions: bool = True
) -> Iterator[str]:
    """The dotted names a module imports (inside its functions too unless ``functions`` is false)."""

    def walk(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                yield from walk(node.orelse)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if functions:
                    yield from walk(node.body)
            elif isinstance(node, ast.ClassDef):
                yield from walk(node.body)
            elif isinstance(node, (ast.If, ast.Try, ast.With)):
                yield from walk(node.body)
                yield from walk(getattr(node, "orelse", []))
                for handler in getattr(node, "handlers", []):
                    yield from walk(handler.body)
                yield from walk(getattr(node, "finalbody", []))
            else:
                yield node

    for node in walk(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            package = module.split(".") if is_package else module.split(".")[:-1]
            base = package[: len(package) - node.level + 1] if node.level else []
            parent = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                yield f"{parent}.{alias.name}"
            yield parent


def import_graph() -> networkx.DiGraph:
    paths = [p for package in PACKAGES for p in (ROOT / package).rglob("*.py") if "migrations" not in p.parts]
    modules = {module_name(p): p for p in paths}
    graph = networkx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        task_module = path.name == "tasks.py"
        for imported in loaded_imports(tree, name, path.name == "__init__.py", functions=not task_module):
            # ``from a import b``: the module ``a.b`` when there is one, else ``a`` itself.
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name and not name.startswith(imported + "."):
                graph.add_edge(name, imported)
    return graph


def test_no_module_imports_itself_round_a_loop() -> None:
    cycles = [sorted(component) for component in networkx.strongly_connected_components(import_graph())]
    loops = [component for component in cycles if len(component) > 1]
    assert not loops, (
        "import cycles (each a set of modules importing each other round a loop):\n"
        + "\n".join(" ↔ ".join(loop) for loop in loops)
    )


def test_the_reader_sees_a_loop_made_of_top_level_imports(tmp_path: Path) -> None:
    """The graph is read right: imports at the top and inside functions are found, a task's are not."""
    first = ast.parse("from tournaments import tasks\n")
    inside = ast.parse("def f():\n    from tournaments.services import rounds\n")
    assert "tournaments.tasks" in set(loaded_imports(first, "tournaments.services.common", False))
    assert "tournaments.services.rounds" in set(loaded_imports(inside, "tournaments.events", False))
    assert not set(loaded_imports(inside, "tournaments.tasks", False, functions=False))
    guarded = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import scoring.models\n")
    assert "scoring.models" not in set(loaded_imports(guarded, "clubs.x", False))
