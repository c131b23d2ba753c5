"""Every entrant id a tournament keeps inside its JSON fields, translated one field at a time.

The same functions write the file (this database's ids → the file's) and read it back (the file's
→ this database's): ``to`` translates one id and refuses one it does not know. Each field is named
here on purpose, so that a new JSON field holding ids is a visible change to this module (and its
test): the tournament's ``settings["order"]`` (a round robin's seating order) and ``bracket``
(``seeds``, ``champion``, each placing's ``entrants``) and ``lots`` (keyed by entrant), a round's ``byes`` and each of its
``flags``' ``entrants``, a table's ``entrants`` and the keys of its ``result``. The cached
``standings`` are not carried: they are recomputed after an import.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Translate = Callable[[Any], int]


def ids(values: Any, to: Translate) -> list[int]:
    if not isinstance(values, list):
        raise TypeError(f"a list of entrant ids was expected, not {values!r}")
    return [to(value) for value in values]


def settings(value: dict[str, Any], to: Translate) -> dict[str, Any]:
    """``Tournament.settings``: ``order`` holds entrant ids; the rest are numbers and flags."""
    out = dict(value)
    if "order" in out:
        out["order"] = ids(out["order"], to)
    return out


def bracket(value: dict[str, Any], to: Translate) -> dict[str, Any]:
    """``Tournament.bracket``: the seeds, the champion and each placing's entrants."""
    out = dict(value)
    if "seeds" in out:
        out["seeds"] = ids(out["seeds"], to)
    if out.get("champion") is not None:
        out["champion"] = to(out["champion"])
    if "placings" in out:
        out["placings"] = [
            {**placing, "entrants": ids(placing["entrants"], to)} for placing in out["placings"]
        ]
    return out


def lots(value: dict[str, Any], to: Translate) -> dict[str, int]:
    """``Tournament.lots``: per entrant id (a string: a JSON key), the lot drawn for it."""
    return {str(to(int(key))): int(lot) for key, lot in value.items()}


def flags(value: list[dict[str, Any]], to: Translate) -> list[dict[str, Any]]:
    """``Round.flags``: each flagged pairing names its entrants."""
    return [{**flag, "entrants": ids(flag.get("entrants", []), to)} for flag in value]


def result(value: dict[str, Any], to: Translate) -> dict[str, Any]:
    """``TableAssignment.result``: per entrant id (a string: a JSON key), its outcome and points."""
    return {str(to(int(key))): outcome for key, outcome in value.items()}
