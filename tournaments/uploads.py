"""The console's entrants in bulk: a CSV upload, or a pasted list, read into rows for the entrant
contract.

A CSV file's header line names the columns: ``name`` and any of players, club, seed, rating; a
players cell lists the players separated by ``;``, ``/``, ``,`` or ``&``; blank lines are skipped.
A pasted list has one entrant a line: ``Ann``; a partnership by its players, ``Ann & Bob`` or
``Ann, Bob`` (named after them); or a named partnership, ``Les As: Ann & Bob``. Each row then goes
through ``contracts.EntrantInput`` like an entrant posted to the API, and an error names the line.

What this module does not do: check an entrant (the contract and the service do).
"""

from __future__ import annotations

import csv
import io
import re
from typing import IO

from django.utils.translation import gettext

from clubs.errors import InvalidEntry
from games.seats import partnership_name

CSV_FIELDS = ("name", "players", "club", "seed", "rating")
#: The most of a file that is read (a thousand entrants fit well within it).
MOST_BYTES = 1_000_000
#: What separates partners: ``&``, ``,``, ``;`` or ``/``.
_PARTNERS = re.compile(r"[&,;/]")


def split_players(text: str) -> list[str]:
    """The players named in ``text`` ("Ann & Bob", "Ann, Bob", "Ann; Bob"), blanks left out."""
    return [name.strip() for name in _PARTNERS.split(text) if name.strip()]


def read_upload(upload: IO[bytes]) -> str:
    """The uploaded file's text: UTF-8, or Latin-1 as spreadsheets of old still write it."""
    raw = upload.read(MOST_BYTES)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def parse_entrants_csv(text: str) -> list[dict[str, object]]:
    """Rows of an entrants CSV as the entrant contract takes them; :class:`InvalidEntry` on the
    ``file`` for a file that has no name column, an unknown column, or no entrant."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [h.strip().lower() for h in reader.fieldnames or []]
    if "name" not in header:
        raise InvalidEntry(gettext("the CSV needs a header line with a name column"), "file")
    unknown = [h for h in header if h and h not in CSV_FIELDS]
    if unknown:
        raise InvalidEntry(
            gettext("unknown column '%(column)s'; columns: %(columns)s")
            % {"column": unknown[0], "columns": ", ".join(CSV_FIELDS)},
            "file",
        )
    reader.fieldnames = header
    rows = []
    for line in reader:
        if not any((value or "").strip() for value in line.values() if isinstance(value, str)):
            continue
        row: dict[str, object] = {"name": (line.get("name") or "").strip()}
        players = split_players(line.get("players") or "")
        if players:
            row["players"] = players
        for key in ("club", "seed", "rating"):
            value = (line.get(key) or "").strip()
            if value:
                row[key] = value
        rows.append(row)
    if not rows:
        raise InvalidEntry(gettext("the CSV has no entrants"), "file")
    return rows


def line_of(row: int) -> int:
    """The file's line number of entrant ``row`` (0-based): the header is line 1."""
    return row + 2


def parse_entrant_lines(text: str) -> tuple[list[dict[str, object]], list[int]]:
    """The rows of a pasted list, one entrant a line, and the line number each comes from;
    :class:`InvalidEntry` on the ``entrants`` box when it holds no entrant."""
    rows: list[dict[str, object]] = []
    lines: list[int] = []
    for number, line in enumerate(text.splitlines(), start=1):
        named, colon, listed = line.partition(":")
        players = split_players(listed if colon else line)
        name = named.strip() if colon else partnership_name(players)
        if not name:
            continue
        row: dict[str, object] = {"name": name}
        if len(players) > 1 or (colon and players):
            row["players"] = players
        rows.append(row)
        lines.append(number)
    if not rows:
        raise InvalidEntry(gettext("the list has no entrant: one a line, like Ann & Bob"), "entrants")
    return rows, lines
