"""The organizer's API token page (``/accounts/api-token/``): the token scripts send, issued,
replaced or removed by the organizer (``clubs.services.api_tokens``)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from clubs.access import SignInRequired, is_signed_in, managed_clubs
from clubs.services.api_tokens import api_token_issue, api_token_of, api_token_remove


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def api_token(request: HttpRequest) -> HttpResponse:
    if not is_signed_in(request.user):
        raise SignInRequired(_("sign in as an organizer"))
    if not managed_clubs(request.user):
        raise PermissionDenied(_("only a club's owners and organizers have an API token"))
    if request.method == "POST":
        if request.POST.get("action") == "remove":
            api_token_remove(user=request.user)
            messages.success(request, _("Your API token was removed: scripts using it are refused now."))
        else:
            api_token_issue(user=request.user)
            messages.success(request, _("A new API token: the one before it no longer works."))
        return redirect("clubs:api_token")
    return render(request, "clubs/api_token.html", {"token": api_token_of(request.user)})
