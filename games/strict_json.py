"""Reading JSON as a scorer means it: an object that names a key twice is refused.

Python's reader keeps the last of two equal keys, so ``{"points": {"Ann": 5, "Ann": 7}}`` would
silently score 7 for a sheet that is ambiguous. ``NaN`` and ``Infinity`` (which Python accepts but
JSON does not) are refused too. The CLI and the REST API both read through here.
"""

from __future__ import annotations

import json
from typing import Any


class DuplicateKeyError(ValueError):
    """A JSON object names ``key`` twice."""

    def __init__(self, key: str) -> None:
        super().__init__(f"{key!r} appears twice in one JSON object")
        self.key = key


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKeyError(key)
        out[key] = value
    return out


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(text: str | bytes) -> Any:
    """``json.loads`` that refuses duplicate keys and non-JSON constants (``ValueError``)."""
    return json.loads(text, object_pairs_hook=_object, parse_constant=_constant)
