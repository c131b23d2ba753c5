"""Phones opening the same invitation link at once: only one gets the role (PostgreSQL, threads)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from clubs.models import ClubRole, Invitation, StaffRole
from clubs.services import invitations as services
from clubs.services.invitations import (
    InvitationRefused,
    invitation_accept,
    invitation_accept_new_account,
    invitation_issue,
)
from tests.conftest import missing
from tests.factories import ClubFactory, UserFactory, organizer
from tests.scoring.services.conftest import PHONES, run_at_once

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture(autouse=True)
def _on_postgres() -> None:
    if connection.vendor != "postgresql":
        missing("the concurrency tests run against PostgreSQL (phase 2 of bin/test)")


@pytest.fixture(autouse=True)
def _slow_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each phone dawdles between reading the link and taking it: every phone has read it before
    the first one writes, unless the read waits for the first one's commit."""
    checked = services.invitation_state

    def slow(*args: Any, **kwargs: Any) -> services.InvitationState:
        state = checked(*args, **kwargs)
        time.sleep(0.2)
        return state

    monkeypatch.setattr(services, "invitation_state", slow)


def test_of_many_signed_in_phones_one_gets_the_role():
    club = ClubFactory()
    issued = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=organizer(club, role=ClubRole.OWNER))
    users = [UserFactory() for _ in range(PHONES)]

    errors = run_at_once(lambda i: invitation_accept(token=issued.token, user=users[i]))

    assert len(errors) == PHONES - 1
    assert all(isinstance(error, InvitationRefused) and error.code == "invitation_used" for error in errors)
    assert StaffRole.objects.filter(club=club, role=ClubRole.ORGANIZER).count() == 1
    assert Invitation.objects.get().used_by == StaffRole.objects.get(club=club, role=ClubRole.ORGANIZER).user


def test_of_many_new_accounts_one_is_made():
    club = ClubFactory()
    issued = invitation_issue(club=club, role=ClubRole.ORGANIZER, by=organizer(club, role=ClubRole.OWNER))

    errors = run_at_once(
        lambda i: invitation_accept_new_account(
            token=issued.token, username=f"phone{i}", display_name=f"Phone {i}", password="a-good-password"
        )
    )

    assert len(errors) == PHONES - 1
    assert all(isinstance(error, InvitationRefused) for error in errors)
    assert get_user_model().objects.filter(username__startswith="phone").count() == 1
    assert StaffRole.objects.filter(club=club, user__username__startswith="phone").count() == 1
