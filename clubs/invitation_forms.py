"""The forms of a club's onboarding: the operator's new club, an invitation's role, and the
account an invitee makes (Django's own user-creation checks: a free user name, the password typed
twice and held to ``AUTH_PASSWORD_VALIDATORS``)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from clubs.forms import time_zone_choices
from clubs.models import ClubRole

#: What each role may do, as the invitation form says it.
ROLE_HELP = {
    ClubRole.OWNER: _("Runs the club: its evenings, its settings and its staff, owners included."),
    ClubRole.ORGANIZER: _(
        "Runs evenings: tournaments, tables and results (the director), and invites organizers."
    ),
}


class ClubCreateForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=120)
    language = forms.ChoiceField(
        label=_("Language of the club's pages"), choices=settings.LANGUAGES, initial=settings.LANGUAGE_CODE
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=time_zone_choices,
        initial=settings.TIME_ZONE,
        widget=forms.Select(attrs={"translate": "no"}),
    )


class InvitationForm(forms.Form):
    role = forms.ChoiceField(
        label=_("Role"),
        choices=[(role.value, role.label) for role in ClubRole],
        initial=ClubRole.ORGANIZER,
        widget=forms.RadioSelect,
    )


class AccountForm(UserCreationForm):  # type: ignore[type-arg]
    """The invitee's new account: user name, the name others see, and the password twice."""

    display_name = forms.CharField(
        label=_("Your name"), max_length=150, help_text=_("As the club's staff will see it.")
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("User name")
        username = self.fields["username"].widget.attrs
        username.pop("autofocus", None)  # the name comes first; a phone's keyboard opens when asked
        username.update({"autocapitalize": "none", "spellcheck": "false", "autocomplete": "username"})
        for field in ("password1", "password2"):
            self.fields[field].widget.attrs["autocomplete"] = "new-password"
        self.order_fields(["display_name", "username", "password1", "password2"])
