"""The club's settings, saved from its settings page (``clubs/views.py``): the language and the
time zone of the club's own pages, and the room's Wi-Fi.

Its own module because ``clubs`` is about making a club; this changes one that exists, and only
the four columns the page shows: a name or slug changed meanwhile elsewhere is kept. The values
come checked by ``clubs.forms.ClubSettingsForm`` (the zone a real one, the Wi-Fi name at most 32
bytes, a password only with a name).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.access import SignInRequired, can_manage, is_signed_in
from clubs.models import Club

#: The columns the settings page writes.
SETTINGS_FIELDS = ("language", "time_zone", "wifi_name", "wifi_password")


def club_settings_update(
    *, club: Club, language: str, time_zone: str, wifi_name: str, wifi_password: str, by: Any
) -> Club:
    """Save the club's settings; the club as saved."""
    if not is_signed_in(by):
        raise SignInRequired(_("sign in as an organizer of the club"))
    if not can_manage(by, club):
        raise PermissionDenied(_("only the club's owners and organizers may do this"))
    with transaction.atomic():
        locked = Club.objects.select_for_update().get(pk=club.pk)
        locked.language = language
        locked.time_zone = time_zone
        locked.wifi_name = wifi_name
        locked.wifi_password = wifi_password
        locked.save(update_fields=SETTINGS_FIELDS)
    return locked
