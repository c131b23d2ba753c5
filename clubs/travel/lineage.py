"""Two copies of one evening: the same, one ahead of the other, or both changed since they parted.

An evening's content is cut into parts (the tournament's settings, each entrant, round, table,
match and deal), each with a short hash; the evening's fingerprint is the hash of its parts. Each
time an evening leaves a site (export) or arrives (import), the site records the fingerprint and
its parts in the evening's travel record (``clubs.models.EveningTravel``), and the file carries the list of fingerprints the
evening has had on its way (``history``). So when a file arrives for an evening already here:

* its fingerprint is the one here: the same evening, nothing to do;
* the fingerprint here is in the file's history: the file was made from this very copy and played
  on elsewhere, so it replaces it (a fast-forward: the laptop's evening sent up again later);
* the file's fingerprint is in the history here: the file is older than this copy, nothing to do;
* otherwise both changed since they parted: refused, naming each part that differs and on which
  side it changed since the last fingerprint both know.

What this module does not do: read the database or name parts in words (each app does).
"""

from __future__ import annotations

import enum
import hashlib
from dataclasses import dataclass
from typing import Any

from clubs.travel.envelope import canonical

#: How many fingerprints a travel record keeps the parts of (a club night travels a few times).
KEPT = 12


def part_hash(value: Any) -> str:
    """The short hash of one part's content."""
    return hashlib.sha256(canonical(value)).hexdigest()[:20]


def fingerprint(parts: dict[str, str]) -> str:
    """The evening's fingerprint: the hash of its parts' hashes."""
    return hashlib.sha256(canonical(parts)).hexdigest()


class Verdict(enum.Enum):
    NEW = "new"
    SAME = "same"
    FORWARD = "forward"
    OLDER = "older"
    CONFLICT = "conflict"


class Side(enum.Enum):
    """Where a differing part changed since the two copies parted."""

    BOTH = "both"
    HERE = "here"
    FILE = "file"


@dataclass(frozen=True)
class Judgement:
    verdict: Verdict
    #: For a conflict: each differing part's key and where it changed.
    differences: tuple[tuple[str, Side], ...] = ()


def history_of(travel: dict[str, Any]) -> list[str]:
    history = travel.get("history") if isinstance(travel, dict) else None
    return [h for h in history if isinstance(h, str)] if isinstance(history, list) else []


def recorded(
    travel: dict[str, Any], parts: dict[str, str], history: list[str] | None = None
) -> dict[str, Any]:
    """The travel record once the evening with ``parts`` left or arrived (``history``: the file's,
    on arrival)."""
    mark = fingerprint(parts)
    trail = list(history if history is not None else history_of(travel))
    if not trail or trail[-1] != mark:
        trail.append(mark)
    known = dict(travel.get("known") or {}) if isinstance(travel, dict) else {}
    known[mark] = parts
    for old in [h for h in known if h != mark][: max(0, len(known) - KEPT)]:
        del known[old]
    return {"history": trail[-50:], "known": known}


def judge(
    *, here: dict[str, str], travel: dict[str, Any], arriving: dict[str, str], history: list[str]
) -> Judgement:
    """Compare the copy here (its parts and travel record) with an arriving file's."""
    here_mark, arriving_mark = fingerprint(here), fingerprint(arriving)
    if here_mark == arriving_mark:
        return Judgement(Verdict.SAME)
    if here_mark in history:
        return Judgement(Verdict.FORWARD)
    if arriving_mark in history_of(travel):
        return Judgement(Verdict.OLDER)
    known = travel.get("known") or {} if isinstance(travel, dict) else {}
    common = next((mark for mark in reversed(history) if mark in known), None)
    base: dict[str, str] = known.get(common, {}) if common else {}
    differences = []
    for key in sorted(set(here) | set(arriving)):
        if here.get(key) == arriving.get(key):
            continue
        changed_here = common is None or here.get(key) != base.get(key)
        changed_there = common is None or arriving.get(key) != base.get(key)
        side = Side.BOTH if changed_here and changed_there else Side.HERE if changed_here else Side.FILE
        differences.append((key, side))
    differences.sort(key=lambda item: list(Side).index(item[1]))
    return Judgement(Verdict.CONFLICT, tuple(differences))
