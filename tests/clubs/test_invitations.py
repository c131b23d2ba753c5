"""A club onboards itself: the operator makes it with its first owner's link, its staff invite and
take roles back, an invitee makes an account and joins (clubs.services, clubs.invitation_pages)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from clubs.errors import Conflict
from clubs.models import Club, ClubRole, Invitation, StaffRole
from clubs.services.clubs import club_create
from clubs.services.invitations import (
    InvitationRefused,
    invitation_accept,
    invitation_accept_new_account,
    invitation_issue,
    invitation_revoke,
    token_hash,
)
from clubs.services.staff import staff_role_remove
from tests.factories import ClubFactory, UserFactory, organizer

pytestmark = pytest.mark.django_db

ACCOUNT = {
    "display_name": "Marie Dupont",
    "username": "marie",
    "password1": "un-bon-mot-de-passe",
    "password2": "un-bon-mot-de-passe",
}


def operator():
    return UserFactory(is_superuser=True, is_staff=True)


def owner(club: Club):
    return organizer(club, role=ClubRole.OWNER)


def token_of(page: str) -> str:
    found = re.search(r"/invite/([^/\"]+)/", page)
    assert found, "no invitation link on the page"
    return found.group(1)


# The services.


def test_it_makes_a_club_with_its_first_owners_link():
    issued = club_create(name="Les As", language="fr", time_zone="Europe/Paris", by=operator())
    club = issued.invitation.club
    assert (club.name, club.slug, club.language, club.time_zone) == ("Les As", "les-as", "fr", "Europe/Paris")
    assert issued.invitation.role == ClubRole.OWNER
    assert issued.invitation.token_hash == token_hash(issued.token) != issued.token
    assert issued.invitation.expires_at > timezone.now() + dt.timedelta(days=6)


def test_a_staff_account_needs_the_permission_to_make_a_club():
    staff = UserFactory(is_staff=True)
    with pytest.raises(PermissionDenied):
        club_create(name="X", language="en", time_zone="UTC", by=staff)
    staff.user_permissions.add(Permission.objects.get(codename="add_club"))
    staff = get_user_model().objects.get(pk=staff.pk)  # permissions are cached on the instance
    assert club_create(name="X", language="en", time_zone="UTC", by=staff).invitation.club.name == "X"


def test_an_organizer_cannot_make_a_club():
    with pytest.raises(PermissionDenied):
        club_create(name="X", language="en", time_zone="UTC", by=organizer())
    assert not Club.objects.filter(name="X").exists()


def test_a_club_named_new_gets_another_slug():
    club = club_create(name="New", language="en", time_zone="UTC", by=operator()).invitation.club
    assert club.slug == "new-2"


def test_accepting_gives_the_role_once():
    club = ClubFactory()
    issued = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=owner(club))
    invitee = UserFactory()
    role = invitation_accept(token=issued.token, user=invitee)
    assert (role.club, role.user, role.role) == (club, invitee, ClubRole.ORGANIZER)
    invitation = Invitation.objects.get()
    assert (invitation.used_by, invitation.used_at is not None) == (invitee, True)
    with pytest.raises(InvitationRefused) as refused:
        invitation_accept(token=issued.token, user=UserFactory())
    assert (refused.value.code, refused.value.status) == ("invitation_used", 410)
    assert StaffRole.objects.filter(club=club).count() == 2


def test_an_expired_or_revoked_or_unknown_link_gives_nothing():
    club = ClubFactory()
    by = owner(club)
    expired = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=by)
    Invitation.objects.filter(pk=expired.invitation.pk).update(expires_at=timezone.now())
    revoked = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=by)
    invitation_revoke(club=club, invitation_id=revoked.invitation.pk, by=by)
    for token, code, status in [
        (expired.token, "invitation_expired", 410),
        (revoked.token, "invitation_revoked", 410),
        ("nothing-like-it", "invitation_unknown", 404),
    ]:
        with pytest.raises(InvitationRefused) as refused:
            invitation_accept(token=token, user=UserFactory())
        assert (refused.value.code, refused.value.status) == (code, status)
    assert StaffRole.objects.filter(club=club).count() == 1


def test_a_refused_link_makes_no_account():
    club = ClubFactory()
    issued = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=owner(club))
    invitation_accept(token=issued.token, user=UserFactory())
    with pytest.raises(InvitationRefused):
        invitation_accept_new_account(
            token=issued.token, username="late", display_name="Late", password="x-y-z-w-1"
        )
    assert not get_user_model().objects.filter(username="late").exists()


def test_an_organizer_invites_organizers_but_not_owners():
    club = ClubFactory()
    by = organizer(club)
    assert invitation_issue(club=club, role=ClubRole.ORGANIZER, by=by).invitation.role == ClubRole.ORGANIZER
    with pytest.raises(PermissionDenied):
        invitation_issue(club=club, role=ClubRole.OWNER, by=by)


def test_an_organizer_of_another_club_can_neither_invite_nor_revoke():
    club, other = ClubFactory(), ClubFactory()
    issued = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=owner(club))
    stranger = owner(other)
    with pytest.raises(PermissionDenied):
        invitation_issue(club=club, role=ClubRole.ORGANIZER, by=stranger)
    with pytest.raises(PermissionDenied):
        invitation_revoke(club=club, invitation_id=issued.invitation.pk, by=stranger)
    with pytest.raises(PermissionDenied):
        staff_role_remove(club=club, role_id=StaffRole.objects.get(club=club).pk, by=stranger)
    assert Invitation.objects.get().revoked_at is None


def test_an_owner_invitation_promotes_an_organizer():
    club = ClubFactory()
    member = organizer(club)
    issued = invitation_issue(club=club, role=ClubRole.OWNER, by=owner(club))
    assert invitation_accept(token=issued.token, user=member).role == ClubRole.OWNER
    assert StaffRole.objects.get(club=club, user=member).role == ClubRole.OWNER


def test_the_last_owner_stays():
    club = ClubFactory()
    first = owner(club)
    helper = organizer(club)
    only_owner = StaffRole.objects.get(user=first)
    with pytest.raises(Conflict) as refused:
        staff_role_remove(club=club, role_id=only_owner.pk, by=first)
    assert refused.value.code == "last_owner"
    with pytest.raises(PermissionDenied):
        staff_role_remove(club=club, role_id=only_owner.pk, by=helper)
    staff_role_remove(club=club, role_id=StaffRole.objects.get(user=helper).pk, by=first)
    assert list(StaffRole.objects.filter(club=club)) == [only_owner]


def test_the_last_organizer_of_a_club_without_owner_stays():
    club = ClubFactory()
    alone = organizer(club)
    with pytest.raises(Conflict):
        staff_role_remove(club=club, role_id=StaffRole.objects.get(user=alone).pk, by=alone)
    assert StaffRole.objects.filter(club=club).count() == 1


# The pages.


def test_the_operator_makes_a_club_and_sees_its_link_once(client, settings):
    settings.SITE_URL = "https://scores.example.org/"
    client.force_login(operator())
    page = client.post("/clubs/new/", {"name": "Les As", "language": "fr", "time_zone": "Europe/Paris"})
    assert page.status_code == 201
    text = page.content.decode()
    token = token_of(text)
    assert f'value="https://scores.example.org/invite/{token}/"' in text
    assert '<svg role="img"' in text  # the QR code
    club = Club.objects.get(name="Les As")
    assert Invitation.objects.get(club=club).token_hash == token_hash(token)
    assert token not in client.get(f"/clubs/{club.slug}/staff/").content.decode()


def test_the_new_club_page_refuses_organizers_and_visitors(client):
    assert client.get("/clubs/new/").status_code == 302
    client.force_login(organizer())
    assert client.get("/clubs/new/").status_code == 403
    assert client.post("/clubs/new/", {"name": "X", "language": "en", "time_zone": "UTC"}).status_code == 403
    assert not Club.objects.filter(name="X").exists()


def test_a_bad_new_club_is_refused_beside_its_field(client):
    client.force_login(operator())
    page = client.post("/clubs/new/", {"name": "", "language": "xx", "time_zone": "Mars/Olympus"})
    assert page.status_code == 422
    assert page.content.decode().count('class="form-error"') == 3
    assert not Club.objects.exists()


def test_an_invitee_makes_an_account_and_joins(client):
    club = ClubFactory(language="fr")
    issued = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=owner(club))
    url = f"/invite/{issued.token}/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert page["Content-Language"] == "fr"  # the club's page
    assert "Rejoindre l'équipe d'un club" in page.content.decode()
    response = client.post(url, ACCOUNT)
    assert response.status_code == 302
    assert response["Location"] == club.get_absolute_url()
    user = get_user_model().objects.get(username="marie")
    assert (user.first_name, user.check_password(ACCOUNT["password1"])) == ("Marie Dupont", True)
    assert StaffRole.objects.get(club=club, user=user).role == ClubRole.ORGANIZER
    assert client.get(f"/clubs/{club.slug}/staff/").status_code == 200  # signed in, and organizes it


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"password2": "another-password"}, "password2"),
        ({"password1": "123", "password2": "123"}, "password2"),
        ({"username": "taken"}, "username"),
        ({"username": "two words"}, "username"),
    ],
)
def test_a_bad_account_is_refused_and_the_link_still_works(client, change, field):
    UserFactory(username="taken")
    club = ClubFactory()
    issued = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=owner(club))
    page = client.post(f"/invite/{issued.token}/", {**ACCOUNT, **change})
    assert page.status_code == 422
    assert page.context["form"].errors[field]
    assert Invitation.objects.get().used_at is None
    assert not get_user_model().objects.filter(username=ACCOUNT["username"]).exists()


def test_a_signed_in_user_joins_with_one_button(client):
    club = ClubFactory()
    issued = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=owner(club))
    invitee = UserFactory(username="paul")
    client.force_login(invitee)
    page = client.get(f"/invite/{issued.token}/")
    assert "paul" in page.content.decode()
    assert page.context["form"] is None
    assert client.post(f"/invite/{issued.token}/").status_code == 302
    assert StaffRole.objects.filter(club=club, user=invitee).exists()


def test_the_sign_in_link_comes_back_to_the_invitation(client):
    club = ClubFactory()
    issued = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=owner(club))
    page = client.get(f"/invite/{issued.token}/")
    assert f"/accounts/login/?next=/invite/{issued.token}/" in page.content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "already used"),
        ("fr", "a déjà été utilisé"),
        ("nl", "al gebruikt"),
    ],
)
def test_a_used_link_says_so_in_every_language(client, language, words):
    club = ClubFactory()
    issued = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=owner(club))
    invitation_accept(token=issued.token, user=UserFactory())
    page = client.get(f"/invite/{issued.token}/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 410
    assert words in page.content.decode()
    assert client.post(f"/invite/{issued.token}/", ACCOUNT).status_code == 410
    assert not get_user_model().objects.filter(username="marie").exists()


def test_an_unknown_link_is_a_404_page(client):
    page = client.get("/invite/not-a-token/", HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 404
    assert "Ce lien d&#x27;invitation n&#x27;existe pas" in page.content.decode()


def test_the_staff_page_invites_lists_and_withdraws(client):
    club = ClubFactory()
    first = owner(club)
    client.force_login(first)
    page = client.post(f"/clubs/{club.slug}/staff/", {"role": ClubRole.ORGANIZER})
    assert page.status_code == 201
    token = token_of(page.content.decode())
    invitation = Invitation.objects.get(token_hash=token_hash(token))
    listing = client.get(f"/clubs/{club.slug}/staff/")
    assert listing.context["invitations"] == [invitation]
    response = client.post(f"/clubs/{club.slug}/invitations/{invitation.pk}/withdraw/")
    assert response.status_code == 302
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None
    assert client.get(f"/invite/{token}/").status_code == 410


def test_the_staff_page_takes_a_role_back_but_not_the_last_owners(client):
    club = ClubFactory()
    first = owner(club)
    helper = organizer(club)
    client.force_login(first)
    client.post(f"/clubs/{club.slug}/staff/{StaffRole.objects.get(user=first).pk}/remove/")
    assert StaffRole.objects.filter(user=first).exists()
    page = client.get(f"/clubs/{club.slug}/staff/")
    assert "at least one owner" in page.content.decode()
    client.post(f"/clubs/{club.slug}/staff/{StaffRole.objects.get(user=helper).pk}/remove/")
    assert not StaffRole.objects.filter(user=helper).exists()


def test_the_staff_page_offers_to_take_back_only_what_may_be_taken_back(client):
    club = ClubFactory()
    first = owner(club)
    helper = organizer(club)
    client.force_login(first)
    page = client.get(f"/clubs/{club.slug}/staff/").content.decode()
    assert f"/staff/{StaffRole.objects.get(user=helper).pk}/remove/" in page
    assert f"/staff/{StaffRole.objects.get(user=first).pk}/remove/" not in page  # the last owner
    client.force_login(helper)
    page = client.get(f"/clubs/{club.slug}/staff/").content.decode()
    assert f"/staff/{StaffRole.objects.get(user=first).pk}/remove/" not in page  # an owner's


def test_an_organizer_cannot_invite_an_owner_from_the_page(client):
    club = ClubFactory()
    client.force_login(organizer(club))
    page = client.get(f"/clubs/{club.slug}/staff/")
    assert 'value="owner"' not in page.content.decode()
    refused = client.post(f"/clubs/{club.slug}/staff/", {"role": ClubRole.OWNER})
    assert refused.status_code == 403
    assert not Invitation.objects.exists()
