"""The English a tournament wrote before its titles were data (issue #24), read once into data.

Until then a tournament's table match was titled with an English sentence ("Spring cup · round 2,
table 3, game 2", in ``Match.title``) and a closed result kept the name of its round ("round 2",
in ``result_detail["closed"]`` and in the ``closed`` of the audit events that closed or corrected
it). Migration ``scoring/0013`` turns the stored rows into data with the ``parsed_*`` functions,
and an evening file (``scoring/travel/rows.py``) or a club archive (:func:`archived`) written
before then is read through them too, so an old match reads as it did. Nothing reads a title with them at display time
(``scoring/titles.py`` says the data).

The ``written_*`` functions give a row back as it was written then. An evening's parts are hashed
in that form (``scoring.travel.rows.match_parts``), so an evening's fingerprint is the same before
and after the change: a file written before it still matches its own fingerprint, and a copy here
still compares with the files it left as.

A title that does not have the tournaments' shape, or that would not be written back exactly as
it is ("round 02"), stays as it is: a free title, as a friendly match's. The patterns are the ones
the pages parsed with until then; keep them, and the sentences, as they are: what they read was
written once and is never written again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scoring.titles import RoundName, round_of

_ROUND = re.compile(r"^round (\d+)$")
_TITLE = re.compile(r"^(?P<event>.+) · (?P<where>.+), table (?P<table>\d+)(?:, game (?P<game>\d+))?$")
#: The audit events whose detail names the closed round.
CLOSING_ACTIONS = ("result_closed", "result_corrected")


def written_round(name: RoundName) -> str:
    """A round as it was written: 2 → "round 2"; a bracket's label as is."""
    return name if isinstance(name, str) else f"round {name}"


def parsed_round(name: str) -> RoundName:
    """A round's written name as data: "round 2" → 2; a bracket's label ("Semi-finals") as is."""
    found = _ROUND.match(name)
    if found is None or written_round(int(found.group(1))) != name:
        return name
    return int(found.group(1))


def written_title(parts: Mapping[str, Any]) -> str:
    """A tournament table's title as it was written: "Spring cup · round 2, table 3, game 2"."""
    where = written_round(round_of(parts.get("round")) or "")
    title = f"{parts.get('event')} · {where}, table {parts.get('table')}"
    game = int(parts.get("game") or 1)
    return title + (f", game {game}" if game > 1 else "")


def parsed_title(title: str) -> dict[str, Any] | None:
    """A written title's parts (``Match.title_parts``), or ``None`` for a free title."""
    found = _TITLE.match(title)
    if found is None:
        return None
    parts = {
        "event": found.group("event"),
        "round": parsed_round(found.group("where")),
        "table": int(found.group("table")),
        "game": int(found.group("game") or 1),
    }
    return parts if written_title(parts) == title else None


def parsed_closed(detail: Any) -> Any:
    """A result's or an audit event's detail with its closed round as data ("round 2" → 2); any
    other detail as it is."""
    if isinstance(detail, dict) and isinstance(detail.get("closed"), str) and detail["closed"]:
        return {**detail, "closed": parsed_round(detail["closed"])}
    return detail


def written_closed(detail: Any) -> Any:
    """A detail with its closed round as it was written (2 → "round 2")."""
    if isinstance(detail, dict) and isinstance(detail.get("closed"), int):
        return {**detail, "closed": written_round(detail["closed"])}
    return detail


def parsed_match(fields: dict[str, Any]) -> dict[str, Any]:
    """A match's fields (``title``, ``result_detail``) as data: a written title becomes
    ``title_parts`` (the free ``title`` left empty), the closed round its number. Fields that
    hold data already (a ``title_parts``) stay as they are."""
    out = {**fields, "result_detail": parsed_closed(fields.get("result_detail"))}
    parts = None if fields.get("title_parts") else parsed_title(str(fields.get("title") or ""))
    if parts is not None:
        out.update(title="", title_parts=parts)
    return out


def written_match(fields: dict[str, Any]) -> dict[str, Any]:
    """A match's fields as they were written: the title a sentence, no ``title_parts``, the
    closed round "round 2"."""
    out = {key: value for key, value in fields.items() if key != "title_parts"}
    if fields.get("title_parts"):
        out["title"] = written_title(fields["title_parts"])
    if "result_detail" in fields:
        out["result_detail"] = written_closed(fields["result_detail"])
    return out


def archived(label: str, fields: dict[str, Any]) -> dict[str, Any]:
    """A scoring row of a club archive as it is stored today (``clubs.parts.ClubPart.archived``):
    a match archived with no ``title_parts`` and an audit event that closed or corrected a result
    read as the migration read them."""
    if label == "scoring.match" and "title_parts" not in fields:
        return parsed_match(fields)
    if label == "scoring.auditevent" and fields.get("action") in CLOSING_ACTIONS:
        return {**fields, "detail": parsed_closed(fields.get("detail"))}
    return fields
