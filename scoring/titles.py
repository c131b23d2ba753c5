"""A tournament table's title and the round that closed a result: stored as data, said here.

A tournament's table match is titled when it is opened (``tournaments/services/tables.py``) with
its parts, ``Match.title_parts``: the event's name, its round, its table's number and its game in
the table's series (:class:`TitleParts`). A closed result keeps its round in its detail
(``ResultDetail.closed``, written by ``results_close``). A round is its number, or a bracket
round's own label ("Semi-finals", "Game 3"): the words are made here, at display time, in the
active language ("Spring cup · ronde 2, table 3"), so nothing English is stored. A bracket label
is said by the tournaments app, which registers its wording with :func:`say_rounds_with` in
``ready()`` (scoring sits below tournaments and imports nothing of it). A friendly match keeps the
free title its scorer typed (``Match.title``), said as typed.

What this module does not do: read the English titles stored before issue #24
(``scoring/old_titles.py`` does, once, for the migration and old evening files).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, pgettext

#: A round: its number (2), or a bracket round's label as the tournaments store it ("Semi-finals").
RoundName = int | str

_labels: list[Callable[[str], str]] = []


def say_rounds_with(wording: Callable[[str], str]) -> None:
    """Say a stored round label (a bracket's "Semi-finals") with ``wording`` (the tournaments')."""
    _labels[:] = [wording]


def round_of(value: Any) -> RoundName | None:
    """A round as stored in JSON (a number, a label), or ``None`` when there is none."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    return value if isinstance(value, int) else str(value)


def said_round(name: RoundName | None) -> str:
    """A round (2, "Semi-finals") in the active language ("ronde 2", "Demi-finales"); ``""`` for
    none."""
    if name is None or isinstance(name, bool) or name == "":
        return ""
    if isinstance(name, int):
        # Translators: a tournament's round inside a sentence or a title ("round 2").
        return pgettext("round", "round %(number)s") % {"number": name}
    return _labels[0](name) if _labels else name


@dataclass(frozen=True)
class TitleParts:
    """A tournament table's match, named: ``event`` (the tournament's name when the table opened),
    ``round``, ``table`` (its number) and ``game`` (its place in the table's series, 1 for the
    first)."""

    event: str
    round: RoundName
    table: int
    game: int = 1

    @classmethod
    def of(cls, stored: Mapping[str, Any] | None) -> TitleParts | None:
        """The parts as stored (``None``: a match with a free title)."""
        if not stored:
            return None
        found = round_of(stored.get("round"))
        return cls(
            event=str(stored.get("event") or ""),
            round="" if found is None else found,
            table=int(stored["table"]),
            game=int(stored.get("game") or 1),
        )

    def as_json(self) -> dict[str, Any]:
        """The parts as ``Match.title_parts`` stores them."""
        return {"event": self.event, "round": self.round, "table": self.table, "game": self.game}

    def said(self) -> str:
        """The title in the active language; the first game of a table is not named."""
        said = {"event": self.event, "round": said_round(self.round), "table": self.table, "game": self.game}
        if self.game > 1:
            # Translators: a tournament table's match: "Spring cup · round 2, table 3, game 2".
            return gettext("%(event)s · %(round)s, table %(table)s, game %(game)s") % said
        # Translators: a tournament table's match: "Spring cup · round 2, table 3".
        return gettext("%(event)s · %(round)s, table %(table)s") % said


def said_title(title: str, parts: Mapping[str, Any] | None = None) -> str:
    """A match's title in the active language: said from its ``parts`` (a tournament's table),
    else its free ``title`` as typed."""
    found = TitleParts.of(parts)
    return title if found is None else found.said()
