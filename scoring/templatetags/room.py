"""``{% loopback_warning %}``: at the top of every page that prints links for phones (the
tournament console, the table slips, a match's slip, the room page), a warning while those links
point at this computer (``scoring.links.links_are_loopback``), with what to do about it."""

from __future__ import annotations

from typing import Any

from django import template

from scoring.links import links_are_loopback, links_host

register = template.Library()

#: What starts Tablescore for the room's phones (never translated, never broken across lines).
ROOM_COMMAND = "bin/run --room"


@register.inclusion_tag("scoring/_loopback_warning.html")
def loopback_warning() -> dict[str, Any]:
    return {"host": links_host(), "command": ROOM_COMMAND} if links_are_loopback() else {}
