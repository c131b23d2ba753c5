"""The table's Undo last deal: its reason filled in, asked first, the existing void (audited, with
If-Match), refused when there is nothing (more) to undo or the match is over; no JavaScript needed."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring.links import table_token
from scoring.models import AuditAction, AuditEvent, Deal, DealVersion, MatchStatus
from tests.factories import make_match

pytestmark = pytest.mark.django_db
SIDES = ["Ann", "Bob"]


def tally(ann: int, bob: int) -> dict[str, dict[str, int]]:
    return {"points": {"Ann": ann, "Bob": bob}}


def undo_post(match, number: int, version: int = 1, **extra: str) -> dict[str, str]:
    return {
        "number": str(number),
        "version": str(version),
        "reason": "Undo: entered by mistake",
        "match": str(match.pk),
        **extra,
    }


def test_the_scorer_page_offers_to_undo_the_last_deal_with_its_reason_filled_in(client: Client):
    match = make_match(sides=SIDES, deals=[tally(3, 1), tally(2, 5)])
    page = client.get(f"/t/{table_token(match)}/").text
    assert "Undo deal 2" in page
    assert re.search(r'name="reason"[^>]*value="Undo: entered by mistake"', page)
    assert 'name="number" value="2"' in page
    assert "Undo deal 1" not in page


def test_it_asks_first_then_voids_the_last_deal_through_the_void_service_and_audits_it(client: Client):
    match = make_match(sides=SIDES, deals=[tally(3, 1), tally(2, 5)])
    undo = f"/t/{table_token(match)}/undo/"
    asked = client.post(undo, undo_post(match, 2))
    assert asked.status_code == 200
    assert "Undo deal 2?" in asked.text
    assert 'name="confirm" value="yes"' in asked.text
    assert not Deal.objects.get(match=match, number=2).voided

    done = client.post(undo, undo_post(match, 2, confirm="yes", reason="Undo: wrong table"), follow=True)
    assert "Deal 2 undone." in done.text
    deal = Deal.objects.get(match=match, number=2)
    assert deal.voided
    assert deal.version == 2
    assert DealVersion.objects.get(deal=deal, version=2).reason == "Undo: wrong table"
    event = AuditEvent.objects.get(match=match, action=AuditAction.DEAL_VOIDED)
    assert (event.deal_number, event.actor_label, event.detail["reason"]) == (
        2,
        "table link",
        "Undo: wrong table",
    )
    match.refresh_from_db()
    assert match.state["totals"] == {"Ann": 3, "Bob": 1}
    assert "Undo deal 1" in done.text  # the next one back is offered now


@pytest.mark.parametrize(
    ("deals", "posted", "said"),
    [
        ([], 1, "there is no deal to undo"),
        ([tally(3, 1), tally(2, 5)], 1, "deal 1 is not the last deal any more"),
    ],
)
def test_it_refuses_when_there_is_nothing_to_undo(client: Client, deals, posted, said):
    match = make_match(sides=SIDES, deals=deals)
    response = client.post(
        f"/t/{table_token(match)}/undo/", undo_post(match, posted, confirm="yes"), follow=True
    )
    assert said in response.text
    assert not Deal.objects.filter(match=match, voided=True).exists()
    assert not AuditEvent.objects.filter(match=match, action=AuditAction.DEAL_VOIDED).exists()


def test_an_undo_sent_twice_undoes_once(client: Client):
    match = make_match(sides=SIDES, deals=[tally(3, 1), tally(2, 5)])
    undo = f"/t/{table_token(match)}/undo/"
    client.post(undo, undo_post(match, 2, confirm="yes"))
    again = client.post(undo, undo_post(match, 2, confirm="yes"), follow=True)
    assert "Deal 2 is already undone." in again.text
    assert Deal.objects.filter(match=match, voided=True).count() == 1


def test_a_stale_version_changes_nothing(client: Client):
    match = make_match(sides=SIDES, deals=[tally(3, 1)])
    response = client.post(
        f"/t/{table_token(match)}/undo/", undo_post(match, 1, version=7, confirm="yes"), follow=True
    )
    assert "Nothing was undone: deal 1 was changed meanwhile" in response.text
    assert not Deal.objects.get(match=match, number=1).voided


def test_no_undo_once_the_match_is_over(client: Client):
    match = make_match(sides=SIDES, deals=[tally(3, 1)], deal_limit=1)
    assert match.status == MatchStatus.FINISHED
    token = table_token(match)
    assert "Undo deal" not in client.get(f"/t/{token}/").text
    response = client.post(f"/t/{token}/undo/", undo_post(match, 1, confirm="yes"), follow=True)
    assert "the match is over" in response.text
    assert not Deal.objects.get(match=match, number=1).voided


def test_the_boards_poll_renews_the_undo_once_deals_sent_from_the_phone_are_scored(client: Client):
    match = make_match(sides=SIDES, deals=[tally(3, 1), tally(2, 5)])
    fragment = client.get(f"/t/{table_token(match)}/board/").text
    assert '<div id="undo-box" hx-swap-oob="true">' in fragment
    assert "Undo deal 2" in fragment
    assert 'name="number" value="2"' in fragment


def test_the_tables_pages_leave_refusals_to_the_page_in_its_language(client: Client):
    match = make_match(sides=SIDES, deals=[tally(3, 1)])
    for path in (f"/t/{table_token(match)}/", f"/t/{table_token(match)}/deals/1/"):
        assert not re.search(r"<input[^>]*\srequired", client.get(path).text), path  # no browser bubble
    refused = client.post(
        f"/t/{table_token(match)}/deals/1/void/",
        {"version": "1", "reason": "", "match": str(match.pk)},
        headers={"Accept-Language": "fr"},
    )
    assert refused.status_code == 422
    assert "Ce champ est obligatoire." in refused.text
