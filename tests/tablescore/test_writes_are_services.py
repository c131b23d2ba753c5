"""Every write is a service (#24): outside the ``services`` modules of the apps, no production module
saves, creates, updates or deletes a row through the ORM.

The check reads the source (``ast``): a call of ``save``, ``save_base`` or a bare ``delete()`` on
anything, and of ``create``, ``get_or_create``, ``update_or_create``, ``bulk_create``,
``bulk_update``, ``update`` or ``delete`` on a manager or a queryset (a chain through ``objects``,
``_default_manager`` or ``all()``). The benchmarks (``bench/``, which weigh the services against
plain ORM writes), the migrations and the tests are not production.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.paths import ROOT
from tests.tablescore.test_module_size import production_modules

#: Calls that write whatever they are called on.
SAVES = frozenset({"save", "save_base"})
#: Calls that write when called on a manager or a queryset.
QUERY_WRITES = frozenset(
    {"create", "get_or_create", "update_or_create", "bulk_create", "bulk_update", "update", "delete"}
)
#: Names in a call's receiver that make it a manager or a queryset.
MANAGERS = frozenset({"objects", "_default_manager", "all"})
#: Modules let off, each with why: none of these calls is an ORM write.
NOT_ORM = {"tablescore/qr.py": "segno's QR code saved into a buffer"}


def _through_a_manager(node: ast.expr) -> bool:
    while isinstance(node, ast.Attribute | ast.Call):
        if isinstance(node, ast.Call):
            node = node.func
            continue
        if node.attr in MANAGERS:
            return True
        node = node.value
    return False


def writes_in(source: str) -> list[int]:
    """The lines of ``source`` that write a row through the ORM."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        name, receiver = node.func.attr, node.func.value
        bare_delete = name == "delete" and not node.args and not node.keywords
        if name in SAVES or bare_delete or (name in QUERY_WRITES and _through_a_manager(receiver)):
            found.append(node.lineno)
    return found


def is_a_service(path: str) -> bool:
    parts = Path(path).parts
    return "services" in parts[:-1] or parts[-1] == "services.py"


def test_no_module_but_a_service_writes_a_row():
    outside = {
        f"{path}:{line}"
        for path in production_modules()
        if not is_a_service(path) and path not in NOT_ORM and not path.startswith("bench/")
        for line in writes_in((ROOT / path).read_text(encoding="utf-8"))
    }

    assert outside == set(), "move these writes into the app's services"


def test_it_sees_the_writes_and_only_them():
    source = """
Match.objects.filter(pk=1).update(title="x")
Deal.objects.create(number=1)
match.save()
AuditEvent.objects.filter(place__in=rooms).delete()
tournament.rounds.all().delete()
row.save_base(raw=True)
doc.update(links=1)
counts.update(Counter())
cache.delete(key)
"""
    assert writes_in(source) == [2, 3, 4, 5, 6, 7]
    assert is_a_service("scoring/services/travel.py")
    assert is_a_service("seasons/services.py")
    assert not is_a_service("scoring/travel/rows.py")
