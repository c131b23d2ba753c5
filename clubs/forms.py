"""The club's settings form: the language and the time zone of the club's own pages, and the room's
Wi-Fi (its name and password, which only organizers see: here and on the room page)."""

from __future__ import annotations

from zoneinfo import available_timezones

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from clubs.models import Club

#: A Wi-Fi name (SSID) is at most 32 bytes.
WIFI_NAME_BYTES = 32


#: The regions of the zones a club picks from, Europe (where the clubs of these games are) first.
#: The rest of the IANA names are aliases and legacy zones nobody lives in ("US/Pacific", "Etc/GMT+3",
#: "Factory", "EST5EDT"): listed, they made 600 entries of a list a club reads through.
REGIONS = ("Europe", "America", "Africa", "Asia", "Atlantic", "Australia", "Indian", "Pacific")


def time_zone_choices(current: str = "") -> list[tuple[str, object]]:
    """The zones a club would pick (``Europe/Amsterdam``), grouped by region with Europe first,
    then UTC; the club's ``current`` zone too, when it is none of those."""
    names = available_timezones()
    groups: list[tuple[str, object]] = []
    for region in REGIONS:
        zones = sorted(name for name in names if name.split("/", 1)[0] == region and "/" in name)
        groups.append((region, [(name, name.replace("_", " ")) for name in zones]))
    listed = {name for _region, zones in groups for name, _label in zones}  # type: ignore[attr-defined]
    extra = ["UTC", *([current] if current and current in names and current not in listed else [])]
    return [*groups, ("UTC", [(name, name) for name in extra])]


class ClubSettingsForm(forms.ModelForm):  # type: ignore[type-arg]
    language = forms.ChoiceField(
        label=_("Language of the club's pages"),
        required=False,
        choices=[("", _("The visitor's browser decides")), *settings.LANGUAGES],
        help_text=_(
            "Used by the club's page, scoreboards, scorer pages, tournaments, projectors, slips and"
            " seasons for visitors who did not choose a language themselves."
        ),
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=time_zone_choices,  # the club's own zone added in __init__ when it is an odd one
        # IANA names, the same in every language (HTML's "do not translate").
        widget=forms.Select(attrs={"translate": "no"}),
        help_text=_("The times the club's pages show are in this zone."),
    )

    wifi_name = forms.CharField(
        label=_("Wi-Fi name"),
        required=False,
        max_length=32,
        help_text=_(
            "The network the phones join in the room. With it, the room page (for the projector and"
            " the printer) shows a QR code that joins a phone to it."
        ),
    )
    wifi_password = forms.CharField(
        label=_("Wi-Fi password"),
        required=False,
        max_length=63,
        strip=False,  # a space is a character of a passphrase like any other
        # Not an account's password: the organizer reads it back, and no browser offers to keep it.
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
        help_text=_(
            "Leave it empty for an open network. Organizers see it here and on the room page;"
            " visitors never do."
        ),
    )

    class Meta:
        model = Club
        fields = ("language", "time_zone", "wifi_name", "wifi_password")

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["time_zone"].choices = time_zone_choices(self.instance.time_zone)  # type: ignore[attr-defined]

    def clean_wifi_name(self) -> str:
        name = str(self.cleaned_data["wifi_name"])
        if len(name.encode()) > WIFI_NAME_BYTES:
            raise forms.ValidationError(
                _("a Wi-Fi name has at most %(bytes)s bytes (fewer characters with accents)"),
                params={"bytes": WIFI_NAME_BYTES},
            )
        return name

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        if cleaned.get("wifi_password") and not cleaned.get("wifi_name"):
            self.add_error("wifi_name", _("give the Wi-Fi's name with its password"))
        return cleaned
