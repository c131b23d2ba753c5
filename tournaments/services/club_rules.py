"""Storing a club's rules for an evening (``tournaments.standings.club_rules``) on its tournament.

A new tournament and a change of one take the same rules; a rule given as ``None`` is taken off
(the format's default comes back), a rule left out stays as it was. A change of the rules that
score (``bye``, ``absent``) bumps the revision so the standings are computed again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.errors import InvalidEntry
from tournaments.models import Tournament
from tournaments.pairing.formats import BRACKETS
from tournaments.standings.club_rules import AbsentRule, ByeRule, Prizes

#: The rules stored as their value's ``stored()`` form, and the rule of no rule.
_STORED = {"bye": ByeRule, "absent": AbsentRule, "prizes": Prizes}
#: The rules stored as they come, and their value when taken off.
_PLAIN = {"fee": None, "require_paid": False, "require_check_in": False, "blind_rounds": 0}
CLUB_RULES = frozenset(_STORED) | frozenset(_PLAIN)
#: A bracket shows who goes through to play the next match: it has no standings to hide.
BLIND_BRACKET = _("an elimination bracket cannot hide its last rounds: it shows who goes through")


def apply_club_rules(tournament: Tournament, rules: Mapping[str, Any]) -> list[str]:
    """Set the given rules on ``tournament`` (unsaved); the names of the fields changed."""
    changed = []
    for name, value in rules.items():
        if name in _STORED:
            stored = value.stored() if value is not None else {}
        else:
            stored = _PLAIN[name] if value is None else value
        if getattr(tournament, name) != stored:
            setattr(tournament, name, stored)
            changed.append(name)
    if tournament.blind_rounds and tournament.format in BRACKETS:
        raise InvalidEntry(str(BLIND_BRACKET), "blind_rounds", code="blind_bracket")
    return changed
