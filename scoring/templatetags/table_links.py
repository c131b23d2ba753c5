"""The scorer page's own controls, kept out of the views' context:

- ``{% place_follow token %}``: for a place's link (a tournament's physical table,
  ``scoring.places``), what the table waits for once its match is over, and the poll that opens
  the next match by itself (``scoring.pages.table.place_link.follow``). Nothing for a match's own link.
- ``{% undo_last %}``: the Undo of the last deal while the match is open (``scoring.pages.table.undo``).
- ``{% deal_conflicts %}``: two entries sent for one deal number, to settle (``scoring.pages.common``);
  also on the organizer's match page, which has no ``token``.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from scoring.access import place_for
from scoring.pages.common import conflict_rows
from scoring.pages.table.place_link import FOLLOW_SECONDS, follow_url
from scoring.pages.table.undo import undo_control

register = template.Library()


@register.inclusion_tag("scoring/_place_follow.html")
def place_follow(token: str) -> dict[str, Any]:
    now = place_for(token) if token else None
    if now is None:
        return {}
    return {
        "now": now,
        "follow_url": follow_url(token, now),
        "follow_seconds": FOLLOW_SECONDS,
        "here": reverse("scoring:table", args=[token]),
    }


@register.inclusion_tag("scoring/_undo.html", takes_context=True)
def undo_last(context: template.Context, oob: bool = False) -> dict[str, Any]:
    """The Undo of the scorer page; ``oob`` on the board's poll, which renews it in place."""
    if context.get("blind"):
        return {"oob": oob}  # a double-blind side's own entries are not the match's deals
    return {
        "oob": oob,
        **undo_control(context["board"], context["token"]),
        "match": context["match"],
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("scoring/_conflicts.html", takes_context=True)
def deal_conflicts(context: template.Context) -> dict[str, Any]:
    return {
        "rows": conflict_rows(context["match"], context.get("token")),
        "csrf_token": context.get("csrf_token"),
    }
