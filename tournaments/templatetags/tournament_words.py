"""Template filters for the tournaments' pages: the words of ``tournaments.wording`` in the
active language (a side's outcome, what decides a table)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from games.seats import partnership_name
from tournaments import reasons, wording

register = template.Library()


@register.filter
def outcome(value: str | None) -> str:
    """``win`` → "win", "victoire", "winst"."""
    return wording.outcome_label(value)


@register.filter
def tally_count(count: int, tally: Any) -> str:
    """``{{ s.tally|tally_count:t.tally }}`` → "2 games"."""
    return wording.tally_count(int(count), str(tally.unit))


@register.filter
def tally_goal(tally: Any) -> str:
    """``{{ t.tally|tally_goal }}`` → "First to 2 games"."""
    return wording.tally_goal(int(tally.needed), str(tally.unit))


@register.filter
def tally_won(count: int, tally: Any) -> str:
    """``{{ s.tally|tally_won:t.tally }}`` → "games won" (the count itself is shown large)."""
    return wording.tally_won(int(count), str(tally.unit))


@register.filter
def flag(value: str) -> str:
    """A draw's flag (``rematch``) in words."""
    return wording.flag_label(value)


@register.filter
def flag_reason(value: str) -> str:
    """Why a draw flagged a table (``they met before, in round 2``) in words of the language."""
    return reasons.flag_reason(value)


@register.filter
def table_reason(value: str) -> str:
    """A table's reason (``withdrawn: Ann``) in words of the language, when the service wrote it."""
    return reasons.table_reason(value)


@register.filter
def round_name(the_round: Any) -> str:
    """A round as the reader says it: a bracket's stored English label ("Quarter-finals") in the
    active language, or "Round 3"."""
    return wording.round_label(str(the_round.label or ""), int(the_round.number))


@register.filter
def linked_name(row: Any, people: Mapping[int, list[tuple[str, str | None]]] | None) -> SafeString:
    """A standings row's name with its players' public pages (``selectors.people_linked``): "Ria"
    or "Ann & Bob" made of the players' names links each name; a team named otherwise ("Les As")
    keeps its name and lists its players, linked, under it. A player kept private is no link."""
    linked = (people or {}).get(row.entrant, [])

    def one(name: str, url: str | None) -> SafeString:
        return format_html('<a href="{}">{}</a>', url, name) if url else conditional_escape(name)

    if not any(url for _, url in linked):
        return conditional_escape(row.name)
    if partnership_name(name for name, _ in linked) == row.name:
        return mark_safe(" &amp; ".join(one(name, url) for name, url in linked))
    players = mark_safe(", ".join(one(name, url) for name, url in linked))
    return format_html('{} <small class="people">{}</small>', row.name, players)


@register.filter
def players_beside(entrant: Any) -> str:
    """An entrant's players to show beside its name ("Ann, Bob"), or nothing when they say the name
    again (an individual entrant "Ria" is the player Ria: not "Ria (Ria)")."""
    names = [str(player.name) for player in entrant.players.all()]
    shown = ", ".join(names)
    return "" if not names or shown.casefold() == str(entrant.name).casefold() else shown


@register.filter
def metric_heading(key: str) -> str:
    """A standings metric as a narrow column's heading ("Matchptn"); its full name goes in a title."""
    return wording.metric_heading(str(key))


@register.filter
def metric_name(key: str) -> str:
    """A standings metric's full name in the active language."""
    return wording.metric_name(str(key))
