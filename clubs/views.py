"""The club's settings page: its owners and organizers choose the language and the time zone of
the club's own pages (``clubs/bound.py`` finds the club of a page, ``tablescore/languages.py``
applies them), and the room's Wi-Fi that the room page shows (``scoring/pages/organizer/room.py``)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.access import SignInRequired, can_manage, is_signed_in, one_or_404
from clubs.forms import ClubSettingsForm
from clubs.models import Club
from clubs.services.club_settings import SETTINGS_FIELDS, club_settings_update


@require_http_methods(["GET", "HEAD", "POST"])
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = one_or_404(Club.objects.all(), "club", slug=slug)
    if not is_signed_in(request.user):
        raise SignInRequired(_("sign in as an organizer of the club"))
    if not can_manage(request.user, club):
        raise PermissionDenied(_("only the club's owners and organizers may do this"))
    form = ClubSettingsForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        values = {
            # As a model form saves: a setting the POST leaves out keeps the club's value.
            name: form.cleaned_data[name] if name in request.POST else getattr(club, name)
            for name in SETTINGS_FIELDS
        }
        club = club_settings_update(club=club, by=request.user, **values)
        # Said on the next page, which speaks the club's language as just saved (unless the
        # visitor chose one: tablescore/languages.py).
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        with translation.override(
            club.language if club.language and not chosen else translation.get_language()
        ):
            messages.success(request, _("Saved."))
        return redirect("clubs:settings", slug=club.slug)
    status = 422 if form.errors else 200
    return render(request, "clubs/settings.html", {"club": club, "form": form}, status=status)
