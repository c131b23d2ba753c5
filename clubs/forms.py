"""The club's settings form: the language and the time zone of the club's own pages."""

from __future__ import annotations

from zoneinfo import available_timezones

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from clubs.models import Club


def time_zone_choices() -> list[tuple[str, str]]:
    """Every IANA zone by its name (``Europe/Amsterdam``), sorted."""
    return [(name, name.replace("_", " ")) for name in sorted(available_timezones())]


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
        choices=time_zone_choices,
        # IANA names, the same in every language (HTML's "do not translate").
        widget=forms.Select(attrs={"translate": "no"}),
        help_text=_("The times the club's pages show are in this zone."),
    )

    class Meta:
        model = Club
        fields = ("language", "time_zone")
