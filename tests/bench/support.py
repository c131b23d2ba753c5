"""Run one benchmark in its ``--smoke`` form, as a user runs it: its own process, from the root."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.paths import ROOT


def smoke(script: str, *arguments: str, timeout: float, **environment: str) -> str:
    """Run ``bench/<script> --smoke [arguments]``; fail with its output unless it exits 0. Its output back."""
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    env.update(environment)
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), "--smoke", *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"bench/{script} --smoke exited {done.returncode}:\n{output[-4000:]}"
    return output
