"""The pages of a club's onboarding on a hosted site, no admin needed:

- ``/clubs/new/``: a site operator makes a club and gets its first owner's invitation link;
- ``/clubs/<slug>/staff/``: the club's staff invite owners and organizers, see the links still
  open and who runs the club, withdraw a link or take a role back;
- ``/invite/<token>/``: the invitee makes an account (or signs in) and takes the role.

A new link is shown once, on the page that answers the form that made it (copy button and QR
code): the database keeps only its hash. The writes are ``clubs.services``; a refused link answers
with a page saying why, in the club's language (the page is bound to its club), with 404 or 410.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from clubs.access import (
    SignInRequired,
    get_for_organizer,
    is_owner,
    is_signed_in,
    is_site_operator,
)
from clubs.errors import ServiceError
from clubs.invitation_forms import ROLE_HELP, AccountForm, ClubCreateForm, InvitationForm
from clubs.models import Club, ClubRole, Invitation, StaffRole
from clubs.services.clubs import club_create
from clubs.services.invitations import (
    InvitationRefused,
    Issued,
    invitation_accept,
    invitation_accept_new_account,
    invitation_for,
    invitation_issue,
    invitation_revoke,
    pending_invitations,
)
from clubs.services.staff import removable, staff_role_remove
from tablescore.qr import qr_svg, site_url


def _link_page(request: HttpRequest, issued: Issued, *, first: bool) -> HttpResponse:
    """The new link, once: to copy or to scan."""
    link = site_url(reverse("clubs:invitation", args=[issued.token]))
    invitation = issued.invitation
    context = {
        "club": invitation.club,
        "invitation": invitation,
        "link": link,
        "qr": qr_svg(link, label=_("QR code of the invitation link"), css_class="qr invitation-qr"),
        "first": first,
    }
    return render(request, "clubs/invitation_link.html", context, status=201)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def club_new(request: HttpRequest) -> HttpResponse:
    if not is_signed_in(request.user):
        raise SignInRequired(_("sign in as the site's operator"))
    if not is_site_operator(request.user):
        raise PermissionDenied(_("only the site's operators may make a club"))
    form = ClubCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        issued = club_create(**form.cleaned_data, by=request.user)
        return _link_page(request, issued, first=True)
    return render(request, "clubs/club_new.html", {"form": form}, status=422 if form.errors else 200)


def _staff_context(request: HttpRequest, club: Club, form: InvitationForm) -> dict[str, Any]:
    owner = is_owner(request.user, club)
    roles = list(StaffRole.objects.filter(club=club).select_related("user").order_by("user__username"))
    return {
        "club": club,
        "form": form,
        "role_help": {str(role): text for role, text in ROLE_HELP.items()},
        "roles": roles,
        "removable": removable(roles, request.user, club),
        "invitations": pending_invitations(club),
        "may_give_owner": owner,
        "owner_role": ClubRole.OWNER,
    }


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def staff(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_for_organizer(request.user, Club.objects.all(), "club", slug=slug)
    form = InvitationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            issued = invitation_issue(club=club, role=form.cleaned_data["role"], by=request.user)
        except ServiceError as error:
            form.add_error("role", str(error.rule))
        else:
            return _link_page(request, issued, first=False)
    context = _staff_context(request, club, form)
    return render(request, "clubs/staff.html", context, status=422 if form.errors else 200)


def _act(request: HttpRequest, club: Club, write: Any, done: str) -> HttpResponse:
    """Run one staff write and come back to the staff page saying what happened."""
    try:
        write()
    except ServiceError as error:
        messages.error(request, str(error.rule))
    else:
        messages.success(request, done)
    return redirect("clubs:staff", slug=club.slug)


@require_POST
def invitation_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_for_organizer(request.user, Club.objects.all(), "club", slug=slug)
    return _act(
        request,
        club,
        lambda: invitation_revoke(club=club, invitation_id=pk, by=request.user),
        _("The invitation link was withdrawn: it no longer works."),
    )


@require_POST
def staff_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_for_organizer(request.user, Club.objects.all(), "club", slug=slug)
    return _act(
        request,
        club,
        lambda: staff_role_remove(club=club, role_id=pk, by=request.user),
        _("The role was taken back."),
    )


def _refused_page(request: HttpRequest, error: InvitationRefused) -> HttpResponse:
    return render(request, "clubs/invitation_refused.html", {"reason": error.rule}, status=error.status)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    try:
        found: Invitation = invitation_for(token)
    except InvitationRefused as error:
        return _refused_page(request, error)
    signed_in = is_signed_in(request.user)
    form = AccountForm(request.POST or None) if not signed_in else None
    if request.method == "POST":
        try:
            if signed_in:
                invitation_accept(token=token, user=request.user)
            elif form is not None and form.is_valid():
                role = invitation_accept_new_account(
                    token=token,
                    username=form.cleaned_data["username"],
                    display_name=form.cleaned_data["display_name"],
                    password=form.cleaned_data["password1"],
                )
                login(request, role.user, backend="django.contrib.auth.backends.ModelBackend")
        except InvitationRefused as error:
            return _refused_page(request, error)
        except ServiceError as error:
            if form is None:
                raise
            form.add_error(error.field if error.field in form.fields else None, str(error.rule))
        if form is None or (form.is_bound and not form.errors):
            messages.success(
                request, _("You are now on the staff of this club: %(club)s.") % {"club": found.club.name}
            )
            # The club's page (the scoring app's: ABSOLUTE_URL_OVERRIDES).
            return redirect(found.club.get_absolute_url())  # type: ignore[attr-defined]
    context = {
        "invitation": found,
        "club": found.club,
        "form": form,
        "signin_url": redirect_to_login(request.get_full_path()).url,
    }
    return render(
        request, "clubs/invitation.html", context, status=422 if form is not None and form.errors else 200
    )
