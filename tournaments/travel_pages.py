"""The evening's travel on the organizer's pages: "Download this evening" on a tournament's
console, and "Upload an evening" (a tournament's or a friendly match's file) into a club the
organizer runs. The services are ``tournaments.travel.service``; a refused file is shown on the
upload page, in the reader's language, and nothing was imported.

The download is a POST: it records in the evening's travel record that it left in this state,
which is what lets a later file of the same evening be told apart from one changed on both sides.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs.access import organized_clubs
from clubs.travel.envelope import EveningFileError, dumps
from tournaments import forms
from tournaments.access import tournament_for_organizer
from tournaments.travel.service import export_evening, import_evening

#: The largest evening file a page takes (a long club night is well under 5 MB).
MOST_BYTES = 20 * 1024 * 1024


@require_POST
def evening_download(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament's evening file, as an attachment."""
    tournament = tournament_for_organizer(request.user, pk)
    text = dumps(export_evening(tournament_id=tournament.pk))
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    name = slugify(tournament.name) or "evening"
    response["Content-Disposition"] = f'attachment; filename="{name}.evening.json"'
    return response


@require_http_methods(["GET", "POST"])
def evening_upload(request: HttpRequest) -> HttpResponse:
    """Bring an evening file into one of the clubs the organizer runs."""
    clubs = organized_clubs(request.user)
    choices = [(c.slug, c.name) for c in clubs]
    chosen = request.GET.get("club")
    initial = {"club": chosen if chosen in dict(choices) else choices[0][0]}
    form = forms.EveningUploadForm(
        request.POST or None, request.FILES or None, clubs=choices, initial=initial
    )
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            club = next(c for c in clubs if c.slug == form.cleaned_data["club"])
            upload = form.cleaned_data["file"]
            try:
                if upload.size > MOST_BYTES:
                    raise EveningFileError(gettext("This file is too large to be an evening file."))
                outcome = import_evening(
                    data=upload.read(), club=club, other_club=form.cleaned_data["other_club"]
                )
            except EveningFileError as error:
                form.add_error("file", str(error))
            else:
                messages.success(request, outcome.message)
                return redirect(outcome.manage_url or outcome.url)
    club_name = dict(choices).get(form["club"].value() or initial["club"], "")
    return render(
        request,
        "tournaments/evening_upload.html",
        {"form": form, "clubs": len(choices), "club_name": club_name},
        status=status,
    )
