"""The tournaments' words in the reader's language (issue #15): the labels the pure packages
name in English (formats, kinds of entrant, match formats, standings metrics, bracket columns)
said through the catalogs, and a list of numbers joined the way the language joins them.

The pure packages (``pairing``, ``standings``) import no Django, so they keep their English labels
(the API's values and the stored documents stay as they are); the pages and the API's messages ask
this module for the words, at the moment they are read, in the active language.

What this module does not do: decide anything, or translate what a person typed (names, reasons).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.seats import PARTNERSHIP_SIDES, Party, Place, compass, side_of_seat
from scoring.game_texts import game_text
from tournaments.pairing import bracket_layout
from tournaments.pairing.errors import SetupError
from tournaments.pairing.formats import EntrantKind, Format
from tournaments.pairing.match_format import FormatKind, MatchFormat, MatchFormatError

FORMATS: dict[Format, Promise] = {
    # Translators: the Swiss system of pairing (players of equal score meet).
    Format.SWISS: pgettext_lazy("format", "Swiss"),
    # Translators: everyone meets everyone once ("toutes rondes", "halve competitie").
    Format.ROUND_ROBIN: pgettext_lazy("format", "Round robin"),
    Format.SINGLE_ELIMINATION: pgettext_lazy("format", "Single elimination"),
    Format.DOUBLE_ELIMINATION: pgettext_lazy("format", "Double elimination"),
    # Translators: three or more players (sides) at each table, re-seated each round.
    Format.TABLES: pgettext_lazy("format", "Multi-seat tables"),
    # Translators: an individual event of a partnership game: the partners are drawn again each round.
    Format.INDIVIDUAL: pgettext_lazy("format", "Individual (partners re-drawn)"),
    # Translators: a "concours de belote": teams of two play a number of games ("parties", "partijen")
    # of a fixed number of deals, a new opponent each time, ranked on the points scored.
    Format.CONCOURS: pgettext_lazy("format", "Concours (teams of two)"),
}
ENTRANT_KINDS: dict[EntrantKind, Promise] = {
    EntrantKind.INDIVIDUAL: _("Individuals"),
    # Translators: teams of two that stay together ("doublettes", "vaste koppels").
    EntrantKind.PARTNERSHIP: _("Fixed partnerships"),
}
MATCH_FORMAT_KINDS: dict[FormatKind, Promise] = {
    FormatKind.GAME: _("One game, to its end"),
    FormatKind.DEALS: _("A number of deals, the best total wins"),
    # Translators: a rubber is a unit of play of some games (best of three games in bridge-like games).
    FormatKind.RUBBER: _("One rubber"),
    FormatKind.BEST_OF: _("Best of a number of games"),
}
#: The standings metrics' names (``tournaments.standings.metrics``), by key.
METRICS: dict[str, Promise] = {
    # Translators: points for a win, a draw or a loss in a tournament's standings.
    "match-points": _("Match points"),
    # Translators: short column heading: matches won.
    "matches-won": pgettext_lazy("matches", "Won"),
    # Translators: the card points a player or team scored over all its matches.
    "game-points-for": _("Points for"),
    "game-points-against": _("Points against"),
    # Translators: points for minus points against.
    "game-point-difference": _("Difference"),
    "deals-won": _("Deals won"),
    "buchholz": _("Buchholz"),
    "median-buchholz": _("Median Buchholz"),
    "sonneborn-berger": _("Sonneborn–Berger"),
    # Translators: the tiebreak that ranks by the result of the match the tied entrants played.
    "head-to-head": _("Head-to-head"),
    # Translators: short column heading: the opponents' share of matches won, in percent.
    "opponents-match-win-percentage": _("Opp. match-win %"),
    # Translators: a concours' ranking: the points a team scored over all its games ("points marqués",
    # "gemaakte punten").
    "points-marked": _("Points scored"),
    # Translators: a concours' tiebreak: the points the opponents scored against a team ("points
    # concédés", "punten tegen").
    "points-conceded": _("Points conceded"),
    # Translators: a concours' ranking: games won ("parties gagnées", "gewonnen partijen").
    "parties-won": pgettext_lazy("concours", "Games won"),
    # Translators: the last tiebreak: lots drawn by the server ("tirage au sort", "loting").
    "lots": _("Lots drawn"),
}
#: The settings of a concours (``pairing.formats.ConcoursDraw`` and ``ConcoursRanking``), by value.
CONCOURS_DRAWS: dict[str, Promise] = {
    # Translators: a concours' games after the first: 1st v 2nd, 3rd v 4th..., no rematch.
    "standings": _("By the standings, no rematch"),
    "random": _("Drawn again each game, no rematch"),
    # Translators: a concours' fixed rotation: odd-numbered teams stay, even-numbered teams move.
    "rotation": _("Fixed rotation"),
}
CONCOURS_RANKINGS: dict[str, Promise] = {
    "points": _("Points scored"),
    "parties-won": _("Games won, then points"),
}
#: A concours' round as stored (``Round.label``): "Game 3", said "Partie 3" by :func:`round_label`.
PARTIE_LABEL = "Game %s"
#: Bracket panels' titles (``bracket_layout.PART_TITLES`` and the winners' title of a double).
PANEL_TITLES: dict[str, Promise] = {
    "Bracket": _("Bracket"),
    "Winners' bracket": _("Winners' bracket"),
    "Losers' bracket": _("Losers' bracket"),
    "Grand final": _("Grand final"),
    "Third place": _("Third place"),
}
_FIXED_ROUNDS: dict[str, Promise] = {
    "Final": pgettext_lazy("bracket round", "Final"),
    "Semi-finals": _("Semi-finals"),
    "Quarter-finals": _("Quarter-finals"),
    "Winners' final": _("Winners' final"),
    "Losers' final": _("Losers' final"),
    "Grand final": _("Grand final"),
    "Grand final reset": _("Grand final reset"),
    "Third-place match": _("Third-place match"),
}
_NUMBERED_ROUND = re.compile(r"^(Round of|Winners' round|Losers' round|Game) (\d+)$")


def format_label(value: str) -> str:
    """A format's name (``swiss`` → "Swiss", "Système suisse")."""
    try:
        return str(FORMATS[Format(value)])
    except ValueError:
        return value


def format_choices() -> list[tuple[str, Promise]]:
    return [(member.value, FORMATS[member]) for member in Format]


def entrant_kind_choices() -> list[tuple[str, Promise]]:
    return [(member.value, ENTRANT_KINDS[member]) for member in EntrantKind]


def match_format_choices() -> list[tuple[str, Promise]]:
    return [(kind.value, MATCH_FORMAT_KINDS[kind]) for kind in FormatKind]


def match_format_label(parsed: MatchFormat) -> str:
    """``best-of:3`` as a player says it: "best of 3 games" (``MatchFormat.label`` in words)."""
    if parsed.kind == FormatKind.DEALS:
        return ngettext("%(count)s deal a match", "%(count)s deals a match", parsed.count) % {
            "count": parsed.count
        }
    if parsed.kind == FormatKind.BEST_OF:
        if "rubbers" in parsed.option_overrides:
            return gettext("best of %(count)s rubbers") % {"count": parsed.count}
        return gettext("best of %(count)s games") % {"count": parsed.count}
    return gettext("one rubber") if parsed.kind == FormatKind.RUBBER else gettext("one game")


def metric_name(key: str, english: str = "") -> str:
    """A standings metric's name (its English name from the pure package when not known here)."""
    found = METRICS.get(key)
    return str(found) if found is not None else english or key


#: Column headings where a metric's name is too long for a projector's narrow column ("Matchpun…").
_HEADINGS: dict[str, Promise] = {
    # Translators: a narrow column's heading for "Match points" (Dutch "Matchptn"), 9 letters at most.
    "match-points": pgettext_lazy("column heading", "Match pts"),
}


def metric_heading(key: str, english: str = "") -> str:
    """A standings metric's name as a narrow column's heading (its full name where it is short)."""
    found = _HEADINGS.get(key)
    return str(found) if found is not None else metric_name(key, english)


def round_label(label: str, number: int) -> str:
    """A round's name: its stored bracket label said in the active language ("Semi-finals" →
    "Demi-finales"), or "Round 3"."""
    if not label:
        return gettext("Round %(number)s") % {"number": number}
    fixed = _FIXED_ROUNDS.get(label)
    if fixed is not None:
        return str(fixed)
    found = _NUMBERED_ROUND.match(label)
    if found is None:
        return label
    n = int(found.group(2))
    if found.group(1) == "Round of":
        # Translators: a knockout round named by how many play in it ("Round of 16", "Huitièmes").
        return gettext("Round of %(count)s") % {"count": n}
    if found.group(1) == "Game":
        # Translators: a round of a concours de belote ("Partie 3", "Partij 3").
        return pgettext("concours", "Game %(number)s") % {"number": n}
    if found.group(1) == "Winners' round":
        return gettext("Winners' round %(number)s") % {"number": n}
    return gettext("Losers' round %(number)s") % {"number": n}


def listed(items: Iterable[Any]) -> str:
    """``1``, ``1 and 2``, ``1, 2 and 5`` in the active language."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    # Translators: the end of a list: %(items)s is "1, 2", %(last)s is "5" ("1, 2 and 5").
    return pgettext("list", "%(items)s and %(last)s") % {
        "items": ", ".join(words[:-1]),
        "last": words[-1],
    }


def bracket_panels(bracket: Mapping[str, Any], names: Mapping[int, str]) -> list[bracket_layout.Panel]:
    """The bracket's panels (``bracket_layout.panels``) with titles and column headings in words
    of the active language."""
    panels = bracket_layout.panels(bracket, names)
    numbers = {c["label"]: c.get("number", 0) for c in bracket.get("rounds", [])}
    out = []
    for panel in panels:
        title = PANEL_TITLES.get(panel.title)
        headings = tuple(
            dataclasses.replace(h, text=round_label(h.text, numbers.get(h.text, 0))) for h in panel.headings
        )
        boxes = tuple(_bye_said(box) for box in panel.boxes)
        out.append(
            dataclasses.replace(
                panel, title=str(title) if title else panel.title, headings=headings, boxes=boxes
            )
        )
    return out


def _bye_said(box: bracket_layout.Box) -> bracket_layout.Box:
    """A bracket box's empty side of a bye ("bye", drawn by ``bracket_layout``) in words."""
    if box.status not in ("bye", "void"):
        return box
    bye = str(OUTCOMES["bye"])
    return dataclasses.replace(
        box,
        top=bye if box.top == "bye" else box.top,
        bottom=bye if box.bottom == "bye" else box.bottom,
    )


def partners_line(names: Sequence[str]) -> str:
    """An individual evening's table of four as its two partnerships, who sits where:
    "Ann (North) & Cy (South) v Bob (East) & Dee (West)" (the seats in order of play)."""
    seats = compass(len(names))
    parties = [
        Party(
            "", tuple(Place(i, seats[i], name, "") for i, name in enumerate(names) if side_of_seat(i) == side)
        )
        for side in range(PARTNERSHIP_SIDES)
    ]
    return seat_names([str(game_text(party.seated)) for party in parties])


def partnerships_line(names: Sequence[str]) -> str:
    """An individual evening's table of four as its two partnerships, names only: "Ann & Cy v Bob &
    Dee" (the projector's pairings; ``partners_line`` says who sits where too)."""
    return seat_names(
        [
            " & ".join(name for i, name in enumerate(names) if side_of_seat(i) == side)
            for side in range(PARTNERSHIP_SIDES)
        ]
    )


def find_note(names: Sequence[str], seat: int) -> str:
    """Where a player of an individual evening sits and with whom: "North, with Cy"."""
    partner = next(i for i in range(len(names)) if i != seat and side_of_seat(i) == side_of_seat(seat))
    # Translators: a player's seat at the table and partner this round ("Nord, avec Cy").
    return gettext("%(seat)s, with %(partner)s") % {
        "seat": game_text(compass(len(names))[seat]),
        "partner": names[partner],
    }


def seat_names(sequence: Sequence[str]) -> str:
    """The entrants of a table, "Ann v Bob"."""
    # Translators: between the names of the sides of a table ("Ann v Bob").
    return pgettext("versus", " v ").join(sequence)


#: Where a table's result stands, said of the table (French agrees the word with "la table").
TABLE_RESULTS: dict[str, Promise] = {
    # Translators: where a table's result stands, after its state ("Finished · disputed").
    "submitted": pgettext_lazy("table result", "awaiting confirmation"),
    "confirmed": pgettext_lazy("table result", "confirmed"),
    "disputed": pgettext_lazy("table result", "disputed"),
    "final": pgettext_lazy("table result", "final"),
    "void": pgettext_lazy("table result", "void"),
}


def table_result_label(status: str) -> str:
    """Where a table's result stands ("disputed" → "contestée"); "" while it is being played."""
    found = TABLE_RESULTS.get(str(status))
    return str(found) if found is not None else ""


OUTCOMES: dict[str, Promise] = {
    # Translators: a side's result at a table, shown beside its name.
    "win": pgettext_lazy("outcome", "win"),
    "draw": pgettext_lazy("outcome", "draw"),
    "loss": pgettext_lazy("outcome", "loss"),
    # Translators: a round without an opponent (counted as a win).
    "bye": pgettext_lazy("outcome", "bye"),
}


def outcome_label(outcome: str | None) -> str:
    """A side's outcome at a table ("win" → "victoire")."""
    if not outcome:
        return ""
    found = OUTCOMES.get(outcome)
    return str(found) if found is not None else outcome


def tally_count(count: int, unit: str) -> str:
    """What a side has won of what decides its table: "2 games", "1 rubber"."""
    if unit == "rubber":
        return ngettext("%(count)s rubber", "%(count)s rubbers", count) % {"count": count}
    if unit == "game":
        return ngettext("%(count)s game", "%(count)s games", count) % {"count": count}
    return f"{count} {unit}"


def tally_won(count: int, unit: str) -> str:
    """Beside a side's count of what decides its table, in small type: "games won"."""
    if unit == "rubber":
        return ngettext("rubber won", "rubbers won", count)
    if unit == "game":
        return ngettext("game won", "games won", count)
    return unit


def tally_goal(needed: int, unit: str) -> str:
    """A table's target in words: "First to 2 games"."""
    if unit == "rubber":
        return ngettext("First to %(count)s rubber", "First to %(count)s rubbers", needed) % {"count": needed}
    if unit == "game":
        return ngettext("First to %(count)s game", "First to %(count)s games", needed) % {"count": needed}
    return f"{needed} {unit}"


#: The flags of a round's draw (``pairing.base.Flag``) as the console tags them.
FLAGS: dict[str, Promise] = {
    # Translators: two entrants who met before meet again.
    "rematch": _("rematch"),
    # Translators: an entrant sits the round out.
    "bye": pgettext_lazy("flag", "bye"),
    # Translators: entrants with different scores meet (Swiss "flotteur", "floater").
    "float": _("float"),
    "same-club": _("same club"),
    "side-imbalance": _("side imbalance"),
    "repeat-partner": _("repeat partner"),
    # Translators: the field does not divide into tables of the preferred size.
    "table-size": _("table size"),
    "error": _("error"),
}


def flag_label(flag: str) -> str:
    found = FLAGS.get(flag)
    return str(found) if found is not None else flag


def setup_refusal(error: SetupError) -> str:
    """A format's refusal (``pairing.errors.SetupError``) in the active language: its template
    translated, a format said by its name in the language."""
    params = {
        key: format_label(value).lower() if isinstance(value, Format) else value
        for key, value in error.params.items()
    }
    template = gettext(error.template) if error.template != "%(error)s" else error.template
    return template % params if params else template


def match_format_refusal(error: MatchFormatError) -> str:
    """A match format refused (``pairing.match_format``) in the active language."""
    template = gettext(error.template)
    return template % error.params if error.params else template
