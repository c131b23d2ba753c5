"""The phone's outbox scripts' pure functions, tested by Node's own test runner (``node --test``,
tests/js/*.test.js): the state a sent deal gets, the backoff, the form's renumbering and the QR
texts for the desk. Node is Debian's ``nodejs`` (``.ci/run`` installs it where it is missing)."""

from __future__ import annotations

import shutil
import subprocess

from tests.conftest import missing
from tests.paths import ROOT


def test_the_outbox_scripts_pure_functions_pass_their_node_tests():
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        missing("Node.js is not installed (Debian's nodejs)")
    tests = sorted(str(path) for path in (ROOT / "tests" / "js").glob("*.test.js"))
    assert tests, "no tests/js/*.test.js found"
    done = subprocess.run([node, "--test", *tests], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout
