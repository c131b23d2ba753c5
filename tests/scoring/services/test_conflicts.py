"""Two phones at one table (#13): the natural key (match, deal number). The same deal entered
identically from a second phone is one deal; a different entry for a taken number is a recorded
conflict (both kept, who, when) that the table or the director settles; nothing overwrites
silently. Through the service, the API (``Tablescore-Deal-Number``), the scorer page (its
``number`` field), and on PostgreSQL with phones at once. The phone's ``Tablescore-Outbox``
count reaches the director's console."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from clubs.access import Actor
from clubs.errors import Conflict
from scoring.links import table_token
from scoring.models import AuditAction, AuditEvent, Deal, DealConflict, TableContact
from scoring.services import conflicts, deals
from tests.factories import make_match
from tests.scoring.services.conftest import run_at_once

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")

PHONE_A = Actor(label="table link", ip="10.0.0.1")
PHONE_B = Actor(label="table link", ip="10.0.0.2")


def points(ann: int, ben: int) -> dict[str, dict[str, int]]:
    return {"points": {"Ann": ann, "Ben": ben}}


def record(match, number, entry, actor=PHONE_A, key=None):
    return deals.deal_record_numbered(
        match_id=match.pk, number=number, entry=entry, actor=actor, idempotency_key=key
    )


def scored(match):
    return [
        (deal.number, deal.versions.get(version=deal.version).entry)
        for deal in Deal.objects.filter(match=match).order_by("number")
    ]


def test_the_next_number_records_the_deal_and_no_number_behaves_as_before():
    match = make_match(options={"target": 1000})
    assert record(match, 1, points(3, 4)).write.created
    assert record(match, None, points(1, 1)).write.created
    assert scored(match) == [(1, points(3, 4)), (2, points(1, 1))]


def test_the_same_deal_from_a_second_phone_is_one_deal():
    match = make_match(options={"target": 1000})
    first = record(match, 1, points(3, 4), key="phone-a")
    second = record(match, 1, points(3, 4), PHONE_B, key="phone-b")
    assert first.write.created
    assert not second.write.created
    assert second.duplicate
    assert second.write.deal.number == 1
    assert scored(match) == [(1, points(3, 4))]
    assert not DealConflict.objects.exists()


def test_a_different_entry_for_a_taken_number_is_a_recorded_conflict_that_changes_nothing():
    match = make_match(options={"target": 1000})
    record(match, 1, points(3, 4))
    revision = type(match).objects.get(pk=match.pk).revision
    answer = record(match, 1, points(4, 3), PHONE_B, key="b-1")
    assert answer.write is None
    conflict = answer.conflict
    assert conflict is not None
    assert (conflict.number, conflict.entry, conflict.actor_ip) == (1, points(4, 3), "10.0.0.2")
    assert scored(match) == [(1, points(3, 4))]  # the scored entry stays, nothing overwritten
    assert type(match).objects.get(pk=match.pk).revision == revision
    assert AuditEvent.objects.filter(match=match, action=AuditAction.CONFLICT_RECORDED).count() == 1
    # Sent again (the phone retries, or a third phone enters the same): still one conflict.
    assert record(match, 1, points(4, 3), PHONE_B, key="b-1").conflict == conflict
    assert record(match, 1, points(4, 3), PHONE_A, key="c-1").conflict == conflict
    assert DealConflict.objects.count() == 1


def test_a_number_past_the_next_one_is_refused_and_nothing_is_recorded():
    match = make_match(options={"target": 1000})
    with pytest.raises(Conflict) as refused:
        record(match, 3, points(1, 1))
    assert refused.value.field == "number"
    assert refused.value.extra == {"next": 1}
    assert scored(match) == []


def test_the_table_keeps_the_scored_entry_or_uses_the_other_one():
    match = make_match(options={"target": 1000})
    record(match, 1, points(3, 4))
    kept = record(match, 1, points(4, 3), PHONE_B).conflict
    settled = conflicts.conflict_resolve(
        match_id=match.pk, conflict_id=kept.pk, use_other=False, actor=PHONE_A, source="web"
    )
    assert settled.resolution == "kept"
    assert settled.resolved_at is not None
    assert scored(match) == [(1, points(3, 4))]
    with pytest.raises(Conflict):
        conflicts.conflict_resolve(
            match_id=match.pk, conflict_id=kept.pk, use_other=True, actor=PHONE_A, source="web"
        )

    other = record(match, 1, points(5, 5), PHONE_B).conflict
    conflicts.conflict_resolve(
        match_id=match.pk, conflict_id=other.pk, use_other=True, actor=PHONE_A, source="web"
    )
    assert scored(match) == [(1, points(5, 5))]
    assert Deal.objects.get(match=match, number=1).version == 2  # a new version, audited
    match.refresh_from_db()
    assert match.state["totals"] == {"Ann": 5, "Ben": 5}
    assert conflicts.open_conflicts(match) == []


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.integers(0, 3)), min_size=1, max_size=12))
def test_whatever_the_phones_send_no_scored_entry_changes_without_a_decision(sends):
    """Any sequence of (number, entry) sends: every deal keeps the first entry recorded for its
    number, and every other entry for a taken number is one open conflict."""
    match = make_match(options={"target": 100_000})
    first: dict[int, dict] = {}
    expected = set()
    for number, value in sends:
        entry = points(value, 1)
        if number in first and first[number] != entry:
            expected.add((number, value))
        try:
            answer = record(match, number, entry)
        except Conflict:
            assert number > len(first) + 1
            continue
        if answer.write is not None and answer.write.created:
            first[number] = entry
    assert dict(scored(match)) == first
    assert {
        (c.number, c.entry["points"]["Ann"]) for c in DealConflict.objects.filter(match=match)
    } == expected


# -- the API ---------------------------------------------------------------------------------


def as_table(match) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Table {table_token(match)}")
    return api


def test_the_api_takes_the_deal_number_in_a_header():
    match = make_match(options={"target": 1000})
    url = f"/api/matches/{match.pk}/deals/"
    one = {"HTTP_TABLESCORE_DEAL_NUMBER": "1"}
    assert as_table(match).post(url, points(3, 4), format="json", **one).status_code == 201
    again = as_table(match).post(url, points(3, 4), format="json", HTTP_IDEMPOTENCY_KEY="other", **one)
    assert again.status_code == 200
    assert again.json()["deal"]["number"] == 1
    clash = as_table(match).post(url, points(4, 3), format="json", **one)
    assert clash.status_code == 409
    error = clash.json()["error"]
    assert error["field"] == "Tablescore-Deal-Number"
    assert error["number"] == 1
    assert DealConflict.objects.get().pk == error["conflict"]
    bad = as_table(match).post(url, points(1, 1), format="json", HTTP_TABLESCORE_DEAL_NUMBER="two")
    assert bad.status_code == 400
    assert bad.json()["error"]["field"] == "Tablescore-Deal-Number"
    assert Deal.objects.filter(match=match).count() == 1


def test_the_api_without_a_number_records_the_next_deal_as_before():
    match = make_match(options={"target": 1000})
    url = f"/api/matches/{match.pk}/deals/"
    assert as_table(match).post(url, points(3, 4), format="json").status_code == 201
    assert as_table(match).post(url, points(3, 4), format="json").status_code == 201
    assert Deal.objects.filter(match=match).count() == 2


# -- the scorer page ------------------------------------------------------------------------


def test_the_scorer_page_records_a_conflict_and_settles_it(client):
    match = make_match(sides=["Ann", "Ben"], options={"target": 1000}, deals=[points(3, 4)])
    page = f"/t/{table_token(match)}/"
    form = {"f.points.0": "4", "f.points.1": "3", "number": "1", "match": str(match.pk), "key": "k-2"}
    refused = client.post(page, form, HTTP_TABLESCORE_OUTBOX="2", HTTP_HX_REQUEST="true")
    assert refused.status_code == 409
    text = refused.content.decode()
    assert "another entry for deal 1 is already scored" in text
    assert "Conflict on deal 1" in text
    conflict = DealConflict.objects.get()
    assert TableContact.objects.get(match=match).pending == 2

    same = dict(form, **{"f.points.0": "3", "f.points.1": "4", "key": "k-3"})
    assert client.post(page, same).status_code == 302  # the same deal: saved once
    assert Deal.objects.filter(match=match).count() == 1

    answer = client.post(f"{page}conflicts/{conflict.pk}/", {"choice": "other"}, follow=True)
    assert "Deal 1: the other entry now counts." in answer.content.decode()
    assert scored(match) == [(1, points(4, 3))]
    assert "Conflict on deal 1" not in client.get(page).content.decode()


def test_the_phones_outbox_count_is_noted_and_written_only_when_it_changes_or_ages(client):
    match = make_match(sides=["Ann", "Ben"])
    contact = f"/t/{table_token(match)}/contact/"
    assert client.post(contact).status_code == 204  # no count said: not a contact
    assert not TableContact.objects.exists()
    client.post(contact, HTTP_TABLESCORE_OUTBOX="3")
    seen = TableContact.objects.get(match=match)
    assert seen.pending == 3
    client.post(contact, HTTP_TABLESCORE_OUTBOX="3")
    assert TableContact.objects.get(match=match).seen_at == seen.seen_at  # not written again
    client.post(contact, HTTP_TABLESCORE_OUTBOX="0")
    assert TableContact.objects.get(match=match).pending == 0


def test_reading_the_scorer_page_or_its_board_writes_nothing(client):
    """#24: the board's poll wrote the table's contact on every GET; the page now says it is
    there with a POST of its own, and a read only reads."""
    match = make_match(sides=["Ann", "Ben"])
    page = f"/t/{table_token(match)}/"
    with CaptureQueriesContext(connection) as queries:
        for url in (page, f"{page}board/"):
            assert client.get(url, HTTP_TABLESCORE_OUTBOX="3").status_code == 200
    writes = [query["sql"] for query in queries if query["sql"].lstrip().upper().startswith(WRITES)]
    assert writes == []
    assert not TableContact.objects.exists()
    assert client.get(f"{page}contact/").status_code == 405


# -- PostgreSQL, phones at once ------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
@pytest.mark.usefixtures("postgres")
def test_phones_at_once_on_one_deal_number_make_one_deal_and_one_conflict_per_other_entry():
    match = make_match(options={"target": 10_000})

    def send(i):
        # Half the phones enter 3–4, the others 4–3 (each with its own key).
        record(match, 1, points(3, 4) if i % 2 else points(4, 3), key=f"phone-{i}")

    assert run_at_once(send) == []
    assert Deal.objects.filter(match=match).count() == 1
    assert DealConflict.objects.filter(match=match).count() == 1
    winner = scored(match)[0][1]
    assert DealConflict.objects.get().entry != winner
    match.refresh_from_db()
    assert match.deal_count == 1
