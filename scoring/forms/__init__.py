"""The scoring app's forms, all Django forms.

- ``entry.py``: the deal entry form, built from the game's declaration (``build.py`` picks a field
  for each value kind; ``fields.py`` and ``widgets.py`` are those fields and their widgets);
- ``match.py``: the organizer's "new match" form;
- here: the small forms of a deal and a match (void a deal, undo the last one, revoke the scorer
  link, abandon).
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy


class VoidForm(forms.Form):
    """Take a deal out, saying why. A reason left out is refused by the server, in the page's
    language: no browser's own "please fill in" bubble, in the browser's language."""

    use_required_attribute = False

    version = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(max_length=300, widget=forms.TextInput(attrs={"autocomplete": "off"}))


class UndoForm(VoidForm):
    """Take the last deal out: the table's Undo, its reason filled in (and editable)."""

    REASON = gettext_lazy("Undo: entered by mistake")

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    reason = forms.CharField(
        max_length=300,
        initial=REASON,
        label=gettext_lazy("Why"),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class RevokeForm(forms.Form):
    """Stop the scorer link (and perhaps hand out a fresh one)."""

    renew = forms.BooleanField(required=False)


class AbandonForm(forms.Form):
    reason = forms.CharField(max_length=300, required=False)
