"""A phone's pending deals imported at the desk (#13): the text of the scorer page's QR codes or its
exported JSON file goes through the same path as the phone's Save (its Idempotency-Key and deal
number), so the deals are recorded once however often they are imported, and a different entry
for a scored deal is a recorded conflict."""

from __future__ import annotations

import base64
import json
from urllib.parse import urlencode

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import QueryDict
from django.test import Client

from scoring.links import table_token
from scoring.models import Deal, DealConflict, Source
from scoring.pages.organizer.outbox_import import Unreadable, read_pending
from tests.factories import make_match, organizer

pytestmark = pytest.mark.django_db

URL = "/outbox/import/"


def body(match, number, ann, ben, key=None):
    """A scorer form as the phone posted it (with the CSRF token, which a code leaves out)."""
    return urlencode(
        {
            "csrfmiddlewaretoken": "x" * 64,
            "key": key or f"key-{match.pk}-{number}",
            "match": match.pk,
            "number": number,
            "f.points.0": ann,
            "f.points.1": ben,
        }
    )


def code_text(bodies, site="http://testserver"):
    payload = base64.urlsafe_b64encode(json.dumps({"v": 1, "e": bodies}).encode()).decode().rstrip("=")
    return f"{site}{URL}?d={payload}"


def exported_file(match, bodies):
    """The scorer page's export, as static/js/scorer-outbox.js writes it."""
    entries = [
        {
            "key": f"key-{match.pk}-{n}",
            "match": str(match.pk),
            "number": str(n),
            "body": b,
            "state": "waiting",
        }
        for n, b in enumerate(bodies, start=1)
    ]
    return json.dumps(
        {"page": "http://testserver/t/x/", "exported": "2026-11-24T20:00:00Z", "entries": entries}
    )


def scored(match):
    return [
        (
            deal.number,
            deal.versions.get(version=deal.version).entry["points"],
            deal.versions.get(version=1).source,
        )
        for deal in Deal.objects.filter(match=match).order_by("number")
    ]


@pytest.fixture
def match():
    return make_match(sides=["Ann", "Ben"], options={"target": 1000})


@pytest.fixture
def desk(client, match):
    client.force_login(organizer(match.club))
    return client


def test_it_reads_a_codes_address_its_payload_alone_and_an_exported_file(match):
    bodies = [body(match, 1, 5, 3), body(match, 2, 2, 7)]
    from_code = read_pending(code_text(bodies))
    assert [(p.match_id, p.number, p.key) for p in from_code] == [
        (match.pk, 1, f"key-{match.pk}-1"),
        (match.pk, 2, f"key-{match.pk}-2"),
    ]
    assert "csrfmiddlewaretoken" not in from_code[0].fields
    assert from_code[0].fields["f.points.0"] == "5"
    assert read_pending(code_text(bodies).split("?d=")[1]) == from_code
    assert read_pending(exported_file(match, bodies)) == from_code
    with pytest.raises(Unreadable):
        read_pending(code_text([body(match, 1, 5, 3, key="k" * 121)]))
    for bad in ("", "hello", "{]", '{"entries": 3}', "http://testserver/outbox/import/", "bm90IGpzb24"):
        with pytest.raises(Unreadable):
            read_pending(bad)


def test_it_shows_a_scanned_codes_deals_before_importing_them(desk, match):
    response = desk.get(URL, {"d": code_text([body(match, 1, 5, 3)]).split("?d=")[1]})
    assert response.status_code == 200
    page = response.content.decode()
    assert "1 deal to import" in page
    assert "Import this deal" in page
    assert Deal.objects.filter(match=match).count() == 0  # a GET writes nothing


def test_it_imports_a_codes_deals_once_however_often_it_is_imported(desk, match):
    text = code_text([body(match, 1, 5, 3), body(match, 2, 2, 7)])
    first = desk.post(URL, {"text": text})
    assert first.status_code == 200
    assert first.content.decode().count("import-saved") == 2
    second = desk.post(URL, {"text": text})
    assert second.content.decode().count("import-already") == 2
    assert scored(match) == [
        (1, {"Ann": 5, "Ben": 3}, Source.IMPORT),
        (2, {"Ann": 2, "Ben": 7}, Source.IMPORT),
    ]


def test_it_imports_an_exported_file_once_uploaded_or_pasted(desk, match):
    text = exported_file(match, [body(match, 1, 5, 3), body(match, 2, 2, 7), body(match, 3, 4, 4)])
    upload = SimpleUploadedFile("tablescore-pending.json", text.encode(), content_type="application/json")
    assert desk.post(URL, {"file": upload}).status_code == 200
    desk.post(URL, {"text": text})
    assert [(n, points) for n, points, _ in scored(match)] == [
        (1, {"Ann": 5, "Ben": 3}),
        (2, {"Ann": 2, "Ben": 7}),
        (3, {"Ann": 4, "Ben": 4}),
    ]


def test_a_deal_the_phone_sent_after_all_is_not_recorded_again(desk, match):
    posted = body(match, 1, 5, 3)
    phone = Client()
    phone.post(f"/t/{table_token(match)}/", QueryDict(posted).dict())
    assert Deal.objects.filter(match=match).count() == 1
    response = desk.post(URL, {"text": code_text([posted])})
    assert "import-already" in response.content.decode()
    assert Deal.objects.filter(match=match).count() == 1


def test_a_different_entry_for_a_scored_deal_becomes_a_recorded_conflict(desk, match):
    desk.post(URL, {"text": code_text([body(match, 1, 5, 3)])})
    response = desk.post(URL, {"text": code_text([body(match, 1, 9, 9, key="other-phone")])})
    assert "import-conflict" in response.content.decode()
    conflict = DealConflict.objects.get(match=match)
    assert conflict.number == 1
    assert conflict.entry == {"points": {"Ann": 9, "Ben": 9}}
    assert scored(match)[0][1] == {"Ann": 5, "Ben": 3}


def test_a_deal_past_the_next_number_is_refused_and_says_why(desk, match):
    response = desk.post(URL, {"text": code_text([body(match, 3, 1, 1)])})
    assert "import-refused" in response.content.decode()
    assert "deal 1 is not scored yet" in response.content.decode()
    assert Deal.objects.filter(match=match).count() == 0


def test_only_an_organizer_of_the_matchs_club_imports(client, match):
    text = code_text([body(match, 1, 5, 3)])
    anonymous = client.post(URL, {"text": text})
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/accounts/login/")
    client.force_login(organizer())  # of another club
    response = client.post(URL, {"text": text})
    assert "Not a match you organize." in response.content.decode()
    assert Deal.objects.filter(match=match).count() == 0


def test_unreadable_text_is_a_400_that_says_so(desk):
    response = desk.post(URL, {"text": "nothing of the sort"})
    assert response.status_code == 400
    assert "Nothing imported" in response.content.decode()


def test_the_page_takes_get_and_post_only(desk):
    assert desk.put(URL).status_code == 405
    assert desk.get(URL).status_code == 200
