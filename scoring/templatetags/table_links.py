"""``{% place_follow token %}`` on the scorer page: for a place's link (a tournament's physical
table, ``scoring.places``), what the table waits for once its match is over, and the poll that
opens the next match by itself (``scoring.place_pages.follow``). Nothing for a match's own link.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from scoring.access import place_for
from scoring.place_pages import FOLLOW_SECONDS, follow_url

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
