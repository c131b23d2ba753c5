"""The seasons' words in the reader's language (issue #15): a season's rule in a line, and a row
of the season table explained ("best 4 of 5; dropped 2 Oct 598"), with dates in the active
locale ("2 oct.", "2 okt") and values without thousands separators.

The pure package (``seasons.competition``) keeps its English explanation in the stored table
(for the API's documents as they were); the pages ask this module for the same words, phrased at
the moment they are read from the stored row (what counted, what was dropped, on which evenings).

What this module does not do: decide what counts (``seasons.competition.table``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from django.utils import formats
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext, ngettext, pgettext

from seasons.competition.rule import Absence, Metric, RuleError, SeasonRule
from seasons.rating.engine import PROVISIONAL_MATCHES
from tournaments.wording import listed


def short_date(day: date) -> str:
    """A day as a season's row says it: "2 Oct", "2 oct.", "2 okt"."""
    # Translators: a PHP-style date format (Django's date filter) for a day of an evening in a
    # season row: "j M" gives "2 Oct"; "j N" gives "2 oct." in French and "2 okt" in Dutch.
    return date_format(day, pgettext("short date format", "j M"))


def value_text(value: Any, metric: Metric | str) -> str:
    """An evening's value: "4812" (no thousands separator: a score), "87,5 %" for a percentage."""
    number = float(value)
    if Metric(metric) is Metric.PERCENTAGE:
        places = 0 if number == int(number) else 2
        text = formats.number_format(round(number, 2), places, use_l10n=True, force_grouping=False)
        if places:
            text = text.rstrip("0").rstrip(formats.get_format("DECIMAL_SEPARATOR"))
        # Translators: a percentage ("87.5%"; French writes "87,5 %").
        return gettext("%(value)s%%") % {"value": text}
    if number != int(number):
        return formats.number_format(round(number, 2), 2, use_l10n=True, force_grouping=False)
    return str(int(number))


def explanation(row: Mapping[str, Any], days: Mapping[int, date], metric: Metric | str) -> str:
    """Why a stored row's total is what it is, in words of the active language."""
    counted: Sequence[Mapping[str, Any]] = row.get("counted", [])
    dropped: Sequence[Mapping[str, Any]] = row.get("dropped", [])
    absent = sum(1 for v in counted if v.get("absent"))
    if not dropped:
        if not counted:
            return gettext("no evening counted")
        if len(counted) > 1:
            line = gettext("all %(count)s evenings") % {"count": len(counted)}
        else:
            line = gettext("1 evening")
        if absent:
            return ngettext(
                "%(line)s (%(absent)s absent, 0 each)", "%(line)s (%(absent)s absent, 0 each)", absent
            ) % {"line": line, "absent": absent}
        return line

    def item(value: Mapping[str, Any]) -> str:
        day = days.get(value["tournament"])
        when = short_date(day) if day is not None else "?"
        if value.get("absent"):
            # Translators: an evening a player missed, in a season row: "2 Oct absent".
            return gettext("%(day)s absent") % {"day": when}
        return f"{when} {value_text(value['value'], metric)}"

    line = gettext("best %(counted)s of %(all)s; dropped %(dropped)s") % {
        "counted": len(counted),
        "all": len(counted) + len(dropped),
        "dropped": listed([item(v) for v in dropped]),
    }
    if absent:
        return ngettext(
            "%(line)s; %(absent)s absent counted 0", "%(line)s; %(absent)s absent counted 0", absent
        ) % {
            "line": line,
            "absent": absent,
        }
    return line


def rule_summary(rule: SeasonRule) -> str:
    """The rule in a line, for the season's page ("points; best 4 evenings; absences are not
    counted")."""
    if rule.metric is Metric.RANK_POINTS:
        worth = gettext("points per place (%(points)s)") % {"points": ", ".join(map(str, rule.rank_points))}
    else:
        worth = {
            Metric.POINTS: gettext("points"),
            Metric.MATCH_POINTS: gettext("match points"),
            Metric.PERCENTAGE: gettext("percentage of the evening's best score"),
        }[rule.metric]
    if rule.counting.best is not None:
        counting = ngettext("best %(count)s evening", "best %(count)s evenings", rule.counting.best) % {
            "count": rule.counting.best
        }
    elif rule.counting.drop is not None:
        counting = ngettext(
            "all evenings but the lowest", "all evenings but the %(count)s lowest", rule.counting.drop
        ) % {"count": rule.counting.drop}
    else:
        counting = gettext("all evenings")
    absent = (
        gettext("an absence counts 0")
        if rule.absence is Absence.ZERO
        else gettext("absences are not counted")
    )
    parts = [worth, counting, absent]
    if rule.min_evenings:
        parts.append(
            ngettext("ranked after %(count)s evening", "ranked after %(count)s evenings", rule.min_evenings)
            % {"count": rule.min_evenings}
        )
    # Translators: between the clauses of a season's rule ("points; best 4 evenings; ...").
    return pgettext("clauses", "; ").join(parts)


def rule_refusal(error: RuleError) -> str:
    """A season rule's refusal (``competition.rule.RuleError``) in the active language."""
    template = gettext(error.template)
    return template % error.params if error.params else template


def provisional_note() -> str:
    """What a provisional rating ("1424?") means, in the same words on the players' list and on a
    player's page: the "?" goes, and the rating joins the club's list, once it is established."""
    return ngettext(
        "A rating with a “?” is provisional: it joins the club's ratings once established, after at least %(count)s match.",
        "A rating with a “?” is provisional: it joins the club's ratings once established, after at least %(count)s matches.",
        PROVISIONAL_MATCHES,
    ) % {"count": PROVISIONAL_MATCHES}
