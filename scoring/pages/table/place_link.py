"""The pages of a place's link (a tournament's physical table, ``scoring.places``) that a match's
link does not have.

- The waiting page, shown while no match is played at the place (before the first round, a table
  left empty or given a walkover this round): what the table waits for, reloaded by itself (an
  htmx poll of :func:`follow`), with a "Check now" link for a phone without JavaScript (no meta
  refresh: a page that reloads itself on a timer is an accessibility failure, WCAG 2.2.1).
- :func:`follow`, polled by the waiting page and by the scorer page opened through a place's link:
  204 while the place shows the same thing, a full reload (``HX-Refresh``) once it changed (the
  next round was drawn, the next game of a series started).
- :func:`moved_on`: a form posted for a match that is no longer the one played at the place (the
  page was opened before the round moved on) is refused, nothing saved, and the page shows the
  place as it is now with a message saying so.

``scoring.throttling.guard_table_link`` calls these for every ``/t/<token>/`` page, so the views of
the scorer page need not know whether their token is a match's or a place's; they are table pages
because only a table's link is ever a place's.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from scoring.access import place_for
from scoring.places import Now

#: Seconds between two polls of a place's link (the waiting page, the scorer page).
FOLLOW_SECONDS = 5
MOVED_ON = gettext_lazy(
    "Not saved: this table has moved on to another match since the page was opened. The page now "
    "shows the match played at the table now; if your entry was for the earlier match, call the director."
)


def follow_url(token: str, now: Now) -> str:
    """The address the pages of a place's link poll."""
    return reverse("scoring:table_follow", args=[token]) + f"?s={now.signature}"


def waiting_page(request: HttpRequest, token: str, now: Now) -> HttpResponseBase:
    """The place has no match now: the waiting page (htmx polls see it as "nothing changed")."""
    if request.htmx:  # type: ignore[attr-defined]
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    return render(
        request,
        "scoring/waiting.html",
        {
            "now": now,
            "follow_url": follow_url(token, now),
            "follow_seconds": FOLLOW_SECONDS,
            "here": reverse("scoring:table", args=[token]),
        },
    )


@never_cache
@require_GET
def follow(request: HttpRequest, token: str) -> HttpResponse:
    """204 while the place shows what the polling page shows; a reload once it changed."""
    now = place_for(token)
    response = HttpResponse(status=204)
    if now is not None and request.GET.get("s") != now.signature:
        if not request.htmx:  # type: ignore[attr-defined]
            return redirect("scoring:table", token=token)
        response["HX-Refresh"] = "true"
    return response


def moved_on(request: HttpRequest, token: str) -> HttpResponse | None:
    """A refusal (409) for a form posted through a place's link for a match that is no longer the
    one played there; ``None`` when the post may go on (the view checks the rest)."""
    posted = request.POST.get("match") if request.method == "POST" else None
    if posted is None:
        return None
    now = place_for(token)
    if now is None or (now.match is not None and str(now.match.pk) == posted):
        return None
    messages.error(request, MOVED_ON)
    here = reverse("scoring:table", args=[token])
    if request.htmx:  # type: ignore[attr-defined]
        response = HttpResponse(str(MOVED_ON), status=409, content_type="text/plain; charset=utf-8")
        response["HX-Redirect"] = here
        return response
    return redirect(here)
