"""The pages around a scorer link other than the scorer page itself.

- Everyone: the table code page (``/t/``), where a player types the short code printed beside the QR
  code and is sent on to the table's scorer link. Codes are throttled per address like bad tokens
  (``scoring.throttling``): a code that finds no table counts, and an address over the rate gets 429
  before any code is looked up.
- Organizers: the confirmation asked before an action that stops a table (revoking or renewing its
  link, abandoning its match, revoking or renewing a physical table's link); a table, before it
  undoes its last deal. It is a page, so that it works without JavaScript; with JavaScript
  the manage page asks in a dialog first and posts the confirmation at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from scoring import links
from scoring.links import code_page_url, path_for_code, scorer_path, scorer_url
from scoring.models import Match
from scoring.qr import qr_svg
from scoring.result_states import OWN_LINKS, Confirmation
from scoring.throttling import BadTokenThrottle, TooManyBadTokens, count_refused, too_many_response

#: What the organizer's confirmation posts back.
CONFIRMED = "yes"
NOT_FOUND = gettext_lazy("No table has this code. Check it on the slip, or ask the organizer for a new one.")


class TableCodeForm(forms.Form):
    code = forms.CharField(
        label=gettext_lazy("Table code"),
        max_length=40,
        help_text=gettext_lazy(
            "The code printed under the QR code, like 7KM4 QX2. Capitals or not, spaces or not."
        ),
        error_messages={"required": gettext_lazy("Type the code printed under the QR code.")},
    )


@never_cache
@require_http_methods(["GET", "POST"])
def table_code(request: HttpRequest) -> HttpResponse:
    """Type a table code, go to the table's scorer page."""
    form = TableCodeForm(request.POST or None)
    status = 200
    if request.method == "POST":
        throttle = BadTokenThrottle()
        if throttle.blocked(request):
            return too_many_response(TooManyBadTokens(throttle.retry_after()))
        status = 422
        if form.is_valid():
            found = path_for_code(form.cleaned_data["code"])
            if found is not None:
                return redirect(found)
            count_refused(request)
            form.add_error("code", NOT_FOUND)
    return render(request, "scoring/table_code.html", {"form": form}, status=status)


def link_context(match: Match, *, qr_scale: int) -> dict[str, Any]:
    """What the organizer's pages show of a match's scorer link: the link, its QR code (none once
    revoked), and its table code with the page where it is typed."""
    url = scorer_url(match)
    return {
        "scorer_url": url,
        "scorer_path": scorer_path(match),
        "qr": qr_svg(url, scale=qr_scale) if not match.table_link_revoked else "",
        "table_code": links.table_code(match),
        "code_url": code_page_url(),
        "side_links": side_links(match, qr_scale=qr_scale),
    }


def side_links(match: Match, *, qr_scale: int) -> list[dict[str, Any]]:
    """Each side's own link with its QR code, when each side has one (own-device and double-blind
    confirmation); none once the match's link is revoked (they are revoked with it)."""
    if match.table_link_revoked or match.confirmation not in OWN_LINKS:
        return []
    found = []
    for index, name in enumerate(match.sides):
        url = scorer_url(match, index)
        qr = qr_svg(url, scale=qr_scale) if qr_scale else ""
        blind = match.confirmation == Confirmation.DOUBLE_BLIND
        found.append({"index": index, "name": name, "url": url, "qr": qr, "blind": blind})
    return found


def confirmed(request: HttpRequest) -> bool:
    """Whether the organizer confirmed the action posted (the confirmation page, or the dialog)."""
    return request.POST.get("confirm") == CONFIRMED


def confirmation(
    request: HttpRequest,
    subject: Match | str,
    *,
    question: str,
    consequence: str,
    yes: str,
    carried: Iterable[str],
    back: str | None = None,
) -> HttpResponse:
    """The page asking to confirm what ``request`` posted about ``subject`` (a match, or what the
    question is about in words); the fields named in ``carried`` are posted again with the
    confirmation. "No" goes ``back`` (a match's manage page by default)."""
    if back is None and isinstance(subject, Match):
        back = reverse("scoring:match_manage", args=[subject.pk])
    return render(
        request,
        "scoring/confirm.html",
        {
            "match": subject,
            "question": question,
            "consequence": consequence,
            "yes": yes,
            "action": request.path,
            "carried": [(name, request.POST[name]) for name in carried if request.POST.get(name)],
            "back": back,
        },
    )


def revoke_words(*, renew: bool) -> dict[str, str]:
    """What the organizer is asked before revoking (or renewing) a match's scorer link: whole
    sentences, one set per choice."""
    if renew:
        return {
            "question": _("Replace the scorer link?"),
            "consequence": _(
                "The link, its QR code and its table code stop working at once: the table scans the new one "
                "to go on."
            ),
            "yes": _("Yes, replace the link"),
        }
    return {
        "question": _("Revoke the scorer link?"),
        "consequence": _(
            "The link, its QR code and its table code stop working at once: nobody can score through a link."
        ),
        "yes": _("Yes, revoke the link"),
    }


def revoke_done(*, renew: bool) -> str:
    """What the organizer is told once the scorer link is revoked (or renewed)."""
    return _("A new scorer link is ready.") if renew else _("The scorer link no longer works.")
