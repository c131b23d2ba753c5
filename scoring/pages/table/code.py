"""The table code page (``/t/``), where a player types the short code printed beside the QR code
and is sent on to the table's scorer link: the way to the table's pages for a phone whose camera
cannot scan. Codes are throttled per address like bad tokens (``scoring.throttling``): a code that
finds no table counts, and an address over the rate gets 429 before any code is looked up.
"""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from scoring.links import path_for_code
from scoring.throttling import BadTokenThrottle, TooManyBadTokens, count_refused, too_many_response

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
