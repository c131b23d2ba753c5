"""Why a round's draw flagged a table or a bye, and why a table's result is what it is, in the
active language. The pairing engines and the services store these reasons as fixed English
sentences with the round or the table; each sentence is one pattern here, said again in words.
What an organizer typed is shown as typed.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext, pgettext

from tournaments.wording import listed


def _rounds(text: str) -> str:
    """``round 2`` / ``rounds 1, 2 and 4`` (``pairing.history.rounds_text``) in words."""
    numbers = re.findall(r"\d+", text)
    if len(numbers) == 1:
        # Translators: when entrants met before: "(they met before) in round 2".
        return pgettext("in rounds", "in round %(number)s") % {"number": numbers[0]}
    return pgettext("in rounds", "in rounds %(numbers)s") % {"numbers": listed(numbers)}


def _games(text: str) -> str:
    """The same for a concours, whose rounds are games (parties, partijen)."""
    numbers = re.findall(r"\d+", text)
    if len(numbers) == 1:
        # Translators: a concours' teams that met before: "(these teams met before) in game 2".
        return pgettext("concours", "in game %(number)s") % {"number": numbers[0]}
    return pgettext("concours", "in games %(numbers)s") % {"numbers": listed(numbers)}


def _sides(name: str) -> str:
    return pgettext("side", "first") if name == "first" else pgettext("side", "second")


#: The reasons the pairing engines give for a flag (English, stored with the round), each with the
#: words of the active language; the engines' sentences are fixed, so each is one pattern.
_REASONS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (
        re.compile(r"^they met before, in (?P<rounds>rounds? [\d, and]+)$"),
        lambda m: gettext("they met before, %(rounds)s") % {"rounds": _rounds(m["rounds"])},
    ),
    (
        re.compile(r"^opponents before, in (?P<rounds>rounds? [\d, and]+)$"),
        lambda m: gettext("opponents before, %(rounds)s") % {"rounds": _rounds(m["rounds"])},
    ),
    (
        re.compile(r"^partners before, in (?P<rounds>rounds? [\d, and]+)$"),
        lambda m: gettext("partners before, %(rounds)s") % {"rounds": _rounds(m["rounds"])},
    ),
    (
        re.compile(r"^paired across score groups: (?P<high>-?\d+) points against (?P<low>-?\d+)$"),
        lambda m: gettext("paired across score groups: %(high)s points against %(low)s") % m.groupdict(),
    ),
    (
        re.compile(r"^both from (?P<club>'.*'|\".*\")$"),
        lambda m: gettext("both from %(club)s") % {"club": m["club"][1:-1]},
    ),
    (
        re.compile(r"^takes the (?P<side>first|second) side for the third round running$"),
        lambda m: (
            gettext("takes the %(side)s side for the third round running") % {"side": _sides(m["side"])}
        ),
    ),
    (
        re.compile(r"^will have taken the (?P<side>first|second) side (?P<n>\d+) more times than the other$"),
        lambda m: (
            gettext("will have taken the %(side)s side %(n)s more times than the other")
            % {"side": _sides(m["side"]), "n": m["n"]}
        ),
    ),
    (
        re.compile(
            r"^seated with places (?P<start>\d+)–(?P<end>\d+) of the draw order from place (?P<k>\d+)$"
        ),
        lambda m: (
            gettext("seated with places %(start)s–%(end)s of the draw order from place %(k)s") % m.groupdict()
        ),
    ),
    (
        re.compile(
            r"^(?P<n>\d+) entrants do not divide into tables of (?P<p>\d+): tables of (?P<plan>[\d, ]+)$"
        ),
        lambda m: (
            gettext("%(n)s entrants do not divide into tables of %(p)s: tables of %(plan)s") % m.groupdict()
        ),
    ),
    (
        re.compile(r"^lowest-ranked entrant without a bye \((?P<n>\d+) entrants, (?P<c>\d+) must sit out\)$"),
        lambda m: (
            gettext("lowest-ranked entrant without a bye (%(n)s entrants, %(c)s must sit out)")
            % m.groupdict()
        ),
    ),
    (
        re.compile(
            r"^every entrant has had a bye; this one has had the fewest \((?P<had>\d+)\) and ranks lowest "
            r"\((?P<n>\d+) entrants, (?P<c>\d+) must sit out\)$"
        ),
        lambda m: (
            gettext(
                "every entrant has had a bye; this one has had the fewest (%(had)s) and ranks lowest "
                "(%(n)s entrants, %(c)s must sit out)"
            )
            % m.groupdict()
        ),
    ),
    (  # tournaments.pairing.base: the club's rule caps the byes and every entrant has reached it.
        re.compile(
            r"^every entrant has sat out the most the club's rule allows \((?P<cap>\d+)\); this one has had "
            r"the fewest \((?P<had>\d+)\) and ranks lowest \((?P<n>\d+) entrants, (?P<c>\d+) must sit out\)$"
        ),
        lambda m: (
            gettext(
                "every entrant has sat out the most the club's rule allows (%(cap)s); this one has had "
                "the fewest (%(had)s) and ranks lowest (%(n)s entrants, %(c)s must sit out)"
            )
            % m.groupdict()
        ),
    ),
    (
        re.compile(
            r"^every team has sat out the most the club's rule allows \((?P<cap>\d+)\); "
            r"this one has sat out least \((?P<n>\d+)\) and is last$"
        ),
        lambda m: (
            gettext(
                "every team has sat out the most the club's rule allows (%(cap)s); "
                "this one has sat out least (%(n)s) and is last"
            )
            % m.groupdict()
        ),
    ),
    (  # tournaments.pairing.concours: who sits out a partie, and a concours' rematch.
        re.compile(r"^the last team in the order that has not sat out yet$"),
        lambda m: gettext("the last team in the order that has not sat out yet"),
    ),
    (
        re.compile(r"^every team has sat out; this one has sat out least \((?P<n>\d+)\) and is last$"),
        lambda m: (
            gettext("every team has sat out; this one has sat out least (%(n)s) and is last") % m.groupdict()
        ),
    ),
    (
        re.compile(r"^the rotation seats this team against the empty place$"),
        lambda m: gettext("the rotation seats this team against the empty place"),
    ),
    (
        # Only the concours engine says "these teams": its rounds are games.
        re.compile(r"^these teams met in (?P<rounds>rounds? [\d, and]+)$"),
        lambda m: gettext("these teams met before, %(rounds)s") % {"rounds": _games(m["rounds"])},
    ),
    (  # tournaments.services.brackets: a bracket slot whose other side is empty (its id is not said).
        re.compile(r"^[\w-]+: no opponent in the bracket$"),
        lambda m: gettext("no opponent in the bracket"),
    ),
    (
        re.compile(r"^odd field of (?P<n>\d+): drawn against the empty number (?P<size>\d+)$"),
        lambda m: gettext("odd field of %(n)s: drawn against the empty number %(size)s") % m.groupdict(),
    ),
)


def flag_reason(reason: str) -> str:
    """Why a round's draw flagged a table or a bye, in the active language (a reason the engines
    do not give, a service's error for one, is shown as it was stored)."""
    for pattern, said in _REASONS:
        found = pattern.match(reason)
        if found is not None:
            return str(said(found))
    return reason


_TABLE_REASONS: tuple[tuple[re.Pattern[str], Any], ...] = (
    # tournaments.services.tables: a walkover for a withdrawn entrant.
    (re.compile(r"^withdrawn: (?P<names>.+)$"), lambda m: gettext("withdrawn: %(names)s") % m.groupdict()),
    # tournaments.services.results: the organizer's result cleared.
    (
        re.compile(r"^result cleared by (?P<who>.+)$"),
        lambda m: gettext("result cleared by %(who)s") % m.groupdict(),
    ),
)


def table_reason(reason: str) -> str:
    """Why a table's result is what it is: the service's own words in the active language; what
    an organizer typed stays as typed."""
    for pattern, said in _TABLE_REASONS:
        found = pattern.match(reason)
        if found is not None:
            return str(said(found))
    return reason
