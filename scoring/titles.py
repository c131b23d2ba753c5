"""Names the tournaments write in English once and the pages say in the reader's language.

A tournament's table match is titled when it is opened ("Spring cup · round 2, table 3, game 2",
``tournaments/services/tables.py``) and a closed result keeps the name of its round ("round 2",
``results_close``). Both are stored as written, so an old match reads the same; they are said
again here, at display time, in the active language. A bracket round's own label ("Semi-finals")
is said by the tournaments app, which registers its wording with :func:`say_rounds_with` in
``ready()`` (scoring sits below tournaments and imports nothing of it).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import gettext, pgettext

_ROUND = re.compile(r"^round (\d+)$")
_TITLE = re.compile(r"^(?P<event>.+) · (?P<where>.+), table (?P<table>\d+)(?:, game (?P<game>\d+))?$")
_labels: list[Callable[[str], str]] = []


def say_rounds_with(wording: Callable[[str], str]) -> None:
    """Say a stored round label (a bracket's "Semi-finals") with ``wording`` (the tournaments')."""
    _labels[:] = [wording]


def said_round(name: str) -> str:
    """A stored round name ("round 2", "Semi-finals") in the active language."""
    found = _ROUND.match(name)
    if found:
        # Translators: a tournament's round inside a sentence or a title ("round 2").
        return pgettext("round", "round %(number)s") % {"number": found.group(1)}
    return _labels[0](name) if _labels and name else name


def said_title(title: str) -> str:
    """A match title the tournaments generated, in the active language; any other title as is."""
    found = _TITLE.match(title)
    if found is None:
        return title
    said = {
        "event": found.group("event"),
        "round": said_round(found.group("where")),
        "table": found.group("table"),
        "game": found.group("game"),
    }
    if found.group("game"):
        # Translators: a tournament table's match: "Spring cup · round 2, table 3, game 2".
        return gettext("%(event)s · %(round)s, table %(table)s, game %(game)s") % said
    # Translators: a tournament table's match: "Spring cup · round 2, table 3".
    return gettext("%(event)s · %(round)s, table %(table)s") % said
