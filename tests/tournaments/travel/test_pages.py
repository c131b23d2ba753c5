"""The evening's travel on the organizer's pages: the console's "Download this evening", a
friendly match's "Download this match", and "Upload an evening", with its refusals on the page in
the reader's language; none of them for a visitor or another club's organizer."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from clubs.models import Club
from clubs.travel.envelope import opened
from scoring.models import Match
from tests.factories import ClubFactory, UserFactory, make_match, organizer
from tests.rows import table_rows
from tests.tournaments.travel.conftest import gone
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def download(client: Client, tournament: Tournament) -> bytes:
    response = client.post(reverse("tournaments:evening_download", args=[tournament.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    return response.content


def upload(client: Client, data: bytes, **extra: object) -> object:
    file = SimpleUploadedFile("evening.json", data, content_type="application/json")
    return client.post(reverse("tournaments:evening_upload"), {"club": "home", "file": file, **extra})


def test_the_console_offers_the_download_and_the_upload(
    client: Client, played: Tournament, home: Club
) -> None:
    client.force_login(organizer(home))
    page = client.get(reverse("tournaments:console", args=[played.pk])).content.decode()
    assert reverse("tournaments:evening_download", args=[played.pk]) in page
    assert reverse("tournaments:evening_upload") in page
    document = opened(download(client, played), kind="tournament")
    assert document["evening"] == str(played.evening)


def test_an_organizer_uploads_an_evening_and_uploading_it_again_changes_nothing(
    client: Client, played: Tournament, home: Club
) -> None:
    client.force_login(organizer(home))
    data = download(client, played)
    gone(played)
    response = upload(client, data)
    copy = Tournament.objects.get(evening=played.evening)
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:console", args=[copy.pk])
    page = client.get(response["Location"]).content.decode()
    assert "was imported" in page
    response = upload(client, data)
    assert "already here" in client.get(response["Location"]).content.decode()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "its digest does not match"),
        ("fr", "son empreinte ne correspond pas"),
        ("nl", "de controlesom klopt niet"),
    ],
)
def test_a_tampered_file_is_refused_on_the_page_in_the_reader_s_language(
    client: Client, played: Tournament, home: Club, language: str, said: str
) -> None:
    client.force_login(organizer(home))
    data = download(client, played).replace(b'"finished"', b'"adjusted"', 1)
    gone(played)
    before = table_rows()
    file = SimpleUploadedFile("evening.json", data, content_type="application/json")
    response = client.post(
        reverse("tournaments:evening_upload"), {"club": "home", "file": file}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 422
    assert said in response.content.decode()
    assert table_rows() == before


def test_a_file_of_a_club_named_otherwise_needs_the_organizer_s_word(
    client: Client, played: Tournament
) -> None:
    away = ClubFactory(slug="away")
    client.force_login(organizer(played.club))
    data = download(client, played)
    gone(played)
    client.force_login(organizer(away))
    file = SimpleUploadedFile("evening.json", data)
    response = client.post(reverse("tournaments:evening_upload"), {"club": "away", "file": file})
    assert response.status_code == 422
    assert "exported by another club" in response.content.decode()
    file = SimpleUploadedFile("evening.json", data)
    response = client.post(
        reverse("tournaments:evening_upload"), {"club": "away", "file": file, "other_club": "on"}
    )
    assert response.status_code == 302
    assert Tournament.objects.get(evening=played.evening).club == away


def test_visitors_and_other_clubs_get_neither_page(client: Client, played: Tournament) -> None:
    url = reverse("tournaments:evening_download", args=[played.pk])
    assert "/accounts/login/" in client.post(url)["Location"]
    assert "/accounts/login/" in client.get(reverse("tournaments:evening_upload"))["Location"]
    away = ClubFactory(slug="away")
    client.force_login(organizer(away))
    assert client.post(url).status_code in (403, 404)
    response = client.post(
        reverse("tournaments:evening_upload"), {"club": "home", "file": SimpleUploadedFile("e.json", b"{}")}
    )
    assert response.status_code == 422  # "home" is not a club this organizer may choose
    assert not Tournament.objects.filter(club=away).exists()
    client.logout()
    client.force_login(UserFactory())
    assert client.get(reverse("tournaments:evening_upload")).status_code == 403


def test_a_friendly_match_is_downloaded_from_its_page_and_uploaded(client: Client) -> None:
    club = ClubFactory(slug="home")
    match = make_match(club=club, deals=[{"points": {"Ann": 3, "Ben": 1}}])
    client.force_login(organizer(club))
    page = client.get(reverse("scoring:match_manage", args=[match.pk])).content.decode()
    assert reverse("scoring:match_download", args=[match.pk]) in page
    data = client.post(reverse("scoring:match_download", args=[match.pk])).content
    match.delete()
    response = upload(client, data)
    assert response.status_code == 302
    assert Match.objects.get(public_id=opened(data)["evening"]).deals.count() == 1
