"""Conflicts settled from the organizer's match page (#13): the open conflicts of a match (both
entries, who sent each and when) with the scorer page's two choices, through the same service
(``scoring.services.conflicts.conflict_resolve``): keep the scored entry, or use the other one (a new,
audited version of the deal)."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from scoring.models import AuditAction, AuditEvent, ConflictResolution, Deal, DealConflict, Source
from scoring.services import deals
from tests.factories import make_match, organizer

pytestmark = pytest.mark.django_db

PHONE = Actor(label="table link", ip="10.0.0.2")


@pytest.fixture
def conflict():
    match = make_match(
        sides=["Ann", "Ben"], options={"target": 1000}, deals=[{"points": {"Ann": 6, "Ben": 5}}]
    )
    written = deals.deal_record_numbered(
        match_id=match.pk, number=1, entry={"points": {"Ann": 2, "Ben": 9}}, actor=PHONE
    )
    return written.conflict


def current(match):
    deal = Deal.objects.get(match=match, number=1)
    return deal.versions.get(version=deal.version)


def test_it_lists_the_open_conflicts_with_both_entries_who_and_when(client, conflict):
    client.force_login(organizer(conflict.match.club))
    page = client.get(f"/matches/{conflict.match.pk}/manage/").content.decode()
    assert "Conflict on deal 1" in page
    assert "Ann 6" in page
    assert "Ann 2" in page
    assert "factory," in page  # who scored it
    assert "table link," in page  # who sent the other one
    assert f'action="/matches/{conflict.match.pk}/conflicts/{conflict.pk}/"' in page
    assert 'value="other"' in page
    assert 'value="keep"' in page


def test_a_match_without_conflicts_shows_none(client):
    match = make_match()
    client.force_login(organizer(match.club))
    assert "conflict-choice" not in client.get(f"/matches/{match.pk}/manage/").content.decode()


def test_it_uses_the_other_entry_as_an_audited_correction(client, conflict):
    match = conflict.match
    client.force_login(organizer(match.club, user__username="director"))
    response = client.post(f"/matches/{match.pk}/conflicts/{conflict.pk}/", {"choice": "other"}, follow=True)
    assert response.redirect_chain[-1][0] == f"/matches/{match.pk}/manage/"
    assert "Deal 1: the other entry now counts." in response.content.decode()
    assert "conflict-choice" not in response.content.decode()
    version = current(match)
    assert version.entry == {"points": {"Ann": 2, "Ben": 9}}
    assert version.version == 2
    assert version.source == Source.ADMIN
    assert version.actor_label == "director"
    conflict.refresh_from_db()
    assert conflict.resolution == ConflictResolution.REPLACED
    assert conflict.resolved_by == "director"
    assert AuditEvent.objects.filter(match=match, action=AuditAction.CONFLICT_RESOLVED).count() == 1


def test_it_keeps_the_scored_entry(client, conflict):
    match = conflict.match
    client.force_login(organizer(match.club))
    response = client.post(f"/matches/{match.pk}/conflicts/{conflict.pk}/", {"choice": "keep"}, follow=True)
    assert "Deal 1: the scored entry stays." in response.content.decode()
    assert current(match).entry == {"points": {"Ann": 6, "Ben": 5}}
    assert DealConflict.objects.get(pk=conflict.pk).resolution == ConflictResolution.KEPT


def test_a_conflict_settled_already_changes_nothing_and_says_so(client, conflict):
    match = conflict.match
    client.force_login(organizer(match.club))
    client.post(f"/matches/{match.pk}/conflicts/{conflict.pk}/", {"choice": "keep"})
    response = client.post(f"/matches/{match.pk}/conflicts/{conflict.pk}/", {"choice": "other"}, follow=True)
    assert "Nothing changed: the conflict on deal 1 was already settled." in response.content.decode()
    assert current(match).entry == {"points": {"Ann": 6, "Ben": 5}}


def test_another_matchs_conflict_is_not_found_here(client, conflict):
    other = make_match(club=conflict.match.club)
    client.force_login(organizer(conflict.match.club))
    response = client.post(f"/matches/{other.pk}/conflicts/{conflict.pk}/", {"choice": "other"}, follow=True)
    assert "Nothing changed: no such conflict." in response.content.decode()
    assert DealConflict.objects.get(pk=conflict.pk).resolved_at is None


def test_only_an_organizer_of_the_club_settles_it(client, conflict):
    url = f"/matches/{conflict.match.pk}/conflicts/{conflict.pk}/"
    anonymous = client.post(url, {"choice": "other"})
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/accounts/login/")
    client.force_login(organizer())  # of another club
    assert client.post(url, {"choice": "other"}).status_code in (403, 404)
    assert DealConflict.objects.get(pk=conflict.pk).resolved_at is None


def test_settling_takes_a_post_only(client, conflict):
    client.force_login(organizer(conflict.match.club))
    assert client.get(f"/matches/{conflict.match.pk}/conflicts/{conflict.pk}/").status_code == 405
