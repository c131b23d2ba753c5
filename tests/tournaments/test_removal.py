"""#28: a tournament can be taken off the lists. One that never started is deleted, asked first;
one that started is archived (hidden from the home page, the club's page and the tournament list,
kept for seasons and the audit) and shown again; through the console and the API."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.errors import Conflict
from scoring.models import Match
from tests.factories import organizer
from tests.tournaments.factories import make_tournament, play_round, start_round
from tournaments import services
from tournaments.models import Entrant, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture
def fresh(club):
    return make_tournament(club=club, name="Test evening", entrants=4, rounds=2)


@pytest.fixture
def started(club):
    tournament = make_tournament(club=club, name="Friday Swiss", entrants=4, rounds=2)
    play_round(start_round(tournament))
    return tournament


def listed(client, club) -> dict[str, str]:
    """Each list a visitor reads, as text."""
    return {
        "home": client.get("/").text,
        "club": client.get(f"/clubs/{club.slug}/").text,
        "list": client.get(f"/tournaments/?club={club.slug}").text,
        "api": client.get(f"/api/tournaments/?club={club.slug}").text,
    }


# -- the services -----------------------------------------------------------------------------------


def test_it_deletes_a_tournament_that_never_started_with_its_entrants(fresh):
    services.tournament_delete(tournament_id=fresh.pk)

    assert not Tournament.objects.filter(pk=fresh.pk).exists()
    assert not Entrant.objects.filter(tournament_id=fresh.pk).exists()


def test_it_never_deletes_a_tournament_that_started(started):
    matches = Match.objects.filter(club=started.club).count()

    with pytest.raises(Conflict) as refused:
        services.tournament_delete(tournament_id=started.pk)

    assert refused.value.code == "tournament_started"
    assert "archive it" in refused.value.rule
    assert Tournament.objects.filter(pk=started.pk).exists()
    assert Match.objects.filter(club=started.club).count() == matches


def test_archiving_hides_it_and_its_tables_from_every_list_and_showing_it_brings_them_back(client, started):
    club = started.club
    assert all("Friday Swiss" in text for text in listed(client, club).values())

    services.tournament_archive(tournament_id=started.pk, archived=True)

    assert not any("Friday Swiss" in text for text in listed(client, club).values())
    assert Match.objects.filter(club=club, archived_at__isnull=True).count() == 0
    page = client.get(started.get_absolute_url())
    assert page.status_code == 200  # still readable at its address
    assert "Friday Swiss" in page.text

    services.tournament_archive(tournament_id=started.pk, archived=False)

    assert all("Friday Swiss" in text for text in listed(client, club).values())
    assert Match.objects.filter(club=club, archived_at__isnull=False).count() == 0


def test_archiving_twice_changes_nothing_the_second_time(started):
    first = services.tournament_archive(tournament_id=started.pk, archived=True)
    again = services.tournament_archive(tournament_id=started.pk, archived=True)

    assert again.archived_at == first.archived_at
    assert again.revision == first.revision


# -- the console ------------------------------------------------------------------------------------


def test_the_console_asks_before_it_deletes_then_deletes(client, boss, fresh):
    console = client.get(f"/tournaments/{fresh.pk}/console/").text
    assert "Delete this tournament" in console
    assert "Archive this tournament" not in console

    asked = client.post(f"/tournaments/{fresh.pk}/console/delete/")
    assert asked.status_code == 200
    assert "Delete this tournament?" in asked.text
    assert "It is deleted with its 4 entrants. This cannot be undone." in asked.text
    assert Tournament.objects.filter(pk=fresh.pk).exists()

    done = client.post(f"/tournaments/{fresh.pk}/console/delete/", {"confirm": "yes"}, follow=True)
    assert done.redirect_chain[-1][0] == f"/clubs/{fresh.club.slug}/"
    assert "“Test evening” was deleted." in done.text
    assert not Tournament.objects.filter(pk=fresh.pk).exists()


def test_the_console_of_a_started_tournament_archives_it_and_the_list_keeps_it_for_organizers(
    client, boss, started
):
    club = started.club
    console = client.get(f"/tournaments/{started.pk}/console/").text
    assert "Archive this tournament" in console
    assert "Delete this tournament" not in console
    refused = client.post(f"/tournaments/{started.pk}/console/delete/", {"confirm": "yes"}, follow=True)
    assert "never deleted" in refused.text
    assert Tournament.objects.filter(pk=started.pk).exists()

    done = client.post(f"/tournaments/{started.pk}/console/archive/", {"archived": "on"}, follow=True)

    assert "Archived: the tournament no longer shows in the lists." in done.text
    assert "Show it in the lists again" in done.text
    assert "Friday Swiss" not in client.get(f"/tournaments/?club={club.slug}").text
    kept = client.get(f"/tournaments/?club={club.slug}&archived=1").text
    assert "Friday Swiss" in kept
    client.logout()
    assert "Friday Swiss" not in client.get(f"/tournaments/?club={club.slug}&archived=1").text
    assert "Archived tournaments" not in client.get(f"/tournaments/?club={club.slug}").text


def test_only_the_clubs_organizers_delete_or_archive(client, fresh, started):
    for path, body in (
        (f"/tournaments/{fresh.pk}/console/delete/", {"confirm": "yes"}),
        (f"/tournaments/{started.pk}/console/archive/", {"archived": "on"}),
    ):
        assert client.post(path, body).status_code == 302  # to the sign-in page
        client.force_login(organizer())  # another club's organizer
        assert client.post(path, body).status_code in (403, 404)
        client.logout()
    assert Tournament.objects.filter(pk=fresh.pk).exists()
    started.refresh_from_db()
    assert started.archived_at is None


# -- the API ----------------------------------------------------------------------------------------


@pytest.fixture
def api(club):
    client = APIClient()
    client.force_authenticate(organizer(club))
    return client


def test_the_api_deletes_a_fresh_tournament_and_refuses_a_started_one(api, fresh, started):
    assert api.delete(f"/api/tournaments/{fresh.pk}/").status_code == 204
    assert not Tournament.objects.filter(pk=fresh.pk).exists()

    refused = api.delete(f"/api/tournaments/{started.pk}/")

    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "tournament_started"
    assert Tournament.objects.filter(pk=started.pk).exists()


def test_the_api_archives_and_lists_the_archived_for_their_organizers_only(api, started):
    changed = api.patch(f"/api/tournaments/{started.pk}/", {"archived": True}, format="json")

    assert changed.status_code == 200
    assert changed.json()["archived"] is True
    assert started.pk not in [t["id"] for t in api.get("/api/tournaments/").json()]
    assert [t["id"] for t in api.get("/api/tournaments/?archived=true").json()] == [started.pk]
    assert APIClient().get("/api/tournaments/?archived=true").json() == []
    assert APIClient().delete(f"/api/tournaments/{started.pk}/").status_code in (401, 403)
    bad = api.patch(f"/api/tournaments/{started.pk}/", {"archived": "maybe"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error"]["field"] == "archived"
