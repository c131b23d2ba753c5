"""#28: a friendly match can be taken off the lists: deleted while nobody scored it (asked first),
archived once it has deals (hidden from the home page and the club's list, its scoreboard and trail
kept) and shown again. A tournament's table is the tournament's to archive."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from clubs.errors import Conflict
from scoring.models import AuditAction, AuditEvent, Match
from scoring.services.removal import match_archive, match_delete
from tests.factories import ClubFactory, make_match, organizer
from tests.tournaments.factories import current_match, make_tournament, start_round

pytestmark = pytest.mark.django_db
ORGANIZER = Actor(label="organizer")
DEAL = {"points": {"Ann": 3, "Ben": 1}}


@pytest.fixture
def boss(client):
    club = ClubFactory()
    client.force_login(organizer(club))
    return club


def test_it_deletes_a_match_nobody_scored_once_asked(client, boss):
    match = make_match(club=boss, sides=["Ann", "Ben"], title="Typo")
    assert "Delete this match" in client.get(f"/matches/{match.pk}/manage/").text

    asked = client.post(f"/matches/{match.pk}/delete/")
    assert asked.status_code == 200
    assert "Delete the match?" in asked.text
    assert Match.objects.filter(pk=match.pk).exists()

    done = client.post(f"/matches/{match.pk}/delete/", {"confirm": "yes"}, follow=True)
    assert done.redirect_chain[-1][0] == f"/clubs/{boss.slug}/"
    assert "“Typo” was deleted." in done.text
    assert not Match.objects.filter(pk=match.pk).exists()


def test_it_never_deletes_a_match_with_deals_and_archives_it_instead(client, boss):
    match = make_match(club=boss, sides=["Ann", "Ben"], title="Tuesday game", deals=[DEAL])
    manage = client.get(f"/matches/{match.pk}/manage/").text
    assert "Archive this match" in manage
    assert "Delete this match" not in manage
    with pytest.raises(Conflict) as refused:
        match_delete(match_id=match.pk)
    assert refused.value.code == "match_started"

    client.post(f"/matches/{match.pk}/archive/", {"archived": "on"})

    assert "Tuesday game" not in client.get(f"/clubs/{boss.slug}/").text
    assert "Tuesday game" not in client.get("/").text
    assert "Tuesday game" in client.get(f"/clubs/{boss.slug}/?status=archived").text
    assert client.get(f"/matches/{match.pk}/").status_code == 200
    actions = list(AuditEvent.objects.filter(match=match).values_list("action", flat=True))
    assert AuditAction.MATCH_ARCHIVED in actions

    client.post(f"/matches/{match.pk}/archive/", {"archived": "off"})

    assert "Tuesday game" in client.get(f"/clubs/{boss.slug}/").text
    assert AuditEvent.objects.filter(match=match, action=AuditAction.MATCH_RESTORED).count() == 1


def test_the_public_sees_no_archived_filter(client):
    match = make_match(sides=["Ann", "Ben"], title="Tuesday game", deals=[DEAL])
    match_archive(match_id=match.pk, archived=True, actor=ORGANIZER)

    page = client.get(f"/clubs/{match.club.slug}/?status=archived").text

    assert "Tuesday game" not in page
    assert 'href="?status=archived"' not in page


def test_a_tournaments_table_is_the_tournaments_to_remove(client):
    tournament = make_tournament(entrants=2)
    match = current_match(start_round(tournament).tables.get())

    for remove in (
        lambda: match_delete(match_id=match.pk),
        lambda: match_archive(match_id=match.pk, archived=True, actor=ORGANIZER),
    ):
        with pytest.raises(Conflict) as refused:
            remove()
        assert refused.value.code == "match_in_tournament"
    client.force_login(organizer(tournament.club))
    assert "Take it off the lists" not in client.get(f"/matches/{match.pk}/manage/").text


def test_only_the_clubs_organizers_remove_a_match(client):
    match = make_match(sides=["Ann", "Ben"])
    assert client.post(f"/matches/{match.pk}/delete/", {"confirm": "yes"}).status_code == 302
    client.force_login(organizer())
    assert client.post(f"/matches/{match.pk}/delete/", {"confirm": "yes"}).status_code in (403, 404)
    assert client.post(f"/matches/{match.pk}/archive/", {"archived": "on"}).status_code in (403, 404)
    assert Match.objects.filter(pk=match.pk, archived_at__isnull=True).exists()
