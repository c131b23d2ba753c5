"""Where the console says what an action did: beside the control that did it, not at the top of a
page that has just jumped to that control.

A view tags its message with the place it belongs (``extra_tags="at-entrants"``, ``"at-tables"``,
``"at-table-12"``); :func:`by_place` sorts a request's messages by place, the untagged ones under
``"top"``, and the console's template shows each group where it belongs (a status, or an alert
for an error, that a screen reader reads out).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.messages.storage.base import Message
from django.http import HttpRequest

PREFIX = "at-"


def by_place(request: HttpRequest) -> dict[str, list[Message]]:
    """The request's messages by the place they belong (``"entrants"``, ``"table-12"``, ``"top"``)."""
    found: dict[str, list[Message]] = {}
    for message in messages.get_messages(request):
        tags = (message.extra_tags or "").split()
        place = next((tag[len(PREFIX) :] for tag in tags if tag.startswith(PREFIX)), "top")
        found.setdefault(place, []).append(message)
    return found
