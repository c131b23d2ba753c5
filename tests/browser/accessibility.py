"""An automated accessibility pass: axe-core (vendored in ``tests/browser/vendor``) run in the page
under test.

The Content-Security-Policy lets no inline script run, so axe is not added to the page as a script
tag: it is evaluated through the browser's debugging protocol (Playwright's ``evaluate``), which the
policy does not govern, and no page of the site ever loads it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tests.paths import ROOT

AXE = ROOT / "tests" / "browser" / "vendor" / "axe.min.js"
#: The impacts that fail the pass.
GRAVE = ("serious", "critical")


@cache
def _source() -> str:
    return AXE.read_text(encoding="utf-8")


def violations(page: Any, *, impacts: tuple[str, ...] = GRAVE) -> list[dict[str, Any]]:
    """axe's violations of ``impacts`` on the page open in ``page``: rule, impact, help and the
    first few elements, each as a short dict."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_source())
    found: list[dict[str, Any]] = page.evaluate(
        """async (impacts) => {
          const result = await axe.run(document, {resultTypes: ['violations']});
          return result.violations
            .filter(v => impacts.includes(v.impact))
            .map(v => ({rule: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' — ' + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))}));
        }""",
        list(impacts),
    )
    return found


def report(found: list[dict[str, Any]]) -> str:
    """``found`` in lines a person reads in a failing test's output."""
    return "\n".join(f"{v['impact']}: {v['rule']} ({v['help']}): {'; '.join(v['nodes'])}" for v in found)
