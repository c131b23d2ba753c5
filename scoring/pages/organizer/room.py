"""Connect the room (#22): one page per club for the projector and the printer that tells the players
how to reach Tablescore from their phones. First the room's Wi-Fi (its name, its password, and a
QR code that joins a phone to it), then the QR code of the club's page with its address written
out. Organizers only: it shows the Wi-Fi password, which no public page does.

The Wi-Fi comes from the club's settings (``clubs/forms.py``); the address from ``SITE_URL``, which
``bin/run --room`` sets to the laptop's address on the room's network. When that address is this
computer's (``scoring.links.links_are_loopback``) the page says so above everything else, as the
console and the slips do (``{% loopback_warning %}``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from clubs.access import get_for_organizer
from clubs.models import Club
from scoring.links import site_url
from scoring.qr import qr_svg, wifi_text


@never_cache
@require_safe
def room(request: HttpRequest, slug: str) -> HttpResponse:
    """The room page of club ``slug``: its Wi-Fi, then its page's address, each as a QR code."""
    club = get_for_organizer(request.user, Club.objects.all(), "club", slug=slug)
    address = site_url(reverse("scoring:club", args=[club.slug]))
    wifi_qr = ""
    if club.wifi_name:
        wifi_qr = qr_svg(
            wifi_text(club.wifi_name, club.wifi_password),
            css_class="qr wifi-qr",
            label=_("QR code that joins the Wi-Fi"),
        )
    return render(
        request,
        "scoring/room.html",
        {
            "club": club,
            "address": address,
            "site_qr": qr_svg(address, css_class="qr site-qr", label=_("QR code of Tablescore's address")),
            "wifi_qr": wifi_qr,
        },
    )
