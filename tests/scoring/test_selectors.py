"""The reads of scoring (scoring/selectors.py): a match's deals with their current versions, a
deal's history, the audit trail as each viewer may see it."""

import pytest

from clubs.access import Actor
from scoring.models import AuditAction, Deal
from scoring.selectors import audit_trail, current_version, deal_history, deal_rows, live_entries
from scoring.services.deals import deal_correct, deal_void
from tests.factories import make_match

pytestmark = pytest.mark.django_db

PHONE = Actor(label="phone", ip="192.0.2.7")


def points(ann, ben):
    return {"points": {"Ann": ann, "Ben": ben}}


@pytest.fixture
def match():
    """Three deals: the first corrected, the second voided, the third as entered."""
    played = make_match(options={"target": 1000}, deals=[points(1, 2), points(3, 4), points(5, 6)])
    deal_correct(match_id=played.pk, number=1, entry=points(9, 9), expected_version=1, actor=PHONE)
    deal_void(match_id=played.pk, number=2, reason="misdeal", expected_version=1, actor=PHONE)
    return played


def test_it_reads_every_deal_with_its_current_version_voided_ones_included(match, django_assert_num_queries):
    with django_assert_num_queries(1):
        rows = deal_rows(match)
    assert [(d.number, d.voided, v.version, v.entry) for d, v in rows] == [
        (1, False, 2, points(9, 9)),
        (2, True, 2, None),
        (3, False, 1, points(5, 6)),
    ]
    assert [(d.number, v.entry) for d, v in live_entries(match)] == [(1, points(9, 9)), (3, points(5, 6))]


def test_it_reads_a_deals_history_oldest_first_with_the_current_version_last(match):
    corrected, voided = Deal.objects.get(match=match, number=1), Deal.objects.get(match=match, number=2)
    assert [(v.version, v.entry) for v in deal_history(corrected)] == [(1, points(1, 2)), (2, points(9, 9))]
    assert [(v.version, v.voided, v.reason) for v in deal_history(voided)] == [
        (1, False, ""),
        (2, True, "misdeal"),
    ]
    assert current_version(corrected) == deal_history(corrected)[-1]
    assert current_version(voided).entry is None


def test_it_shows_the_public_the_trail_without_addresses_or_details(match):
    trail = audit_trail(match, private=False)
    assert [e.action for e in trail] == [
        AuditAction.MATCH_CREATED,
        *[AuditAction.DEAL_RECORDED] * 3,
        AuditAction.DEAL_CORRECTED,
        AuditAction.DEAL_VOIDED,
    ]
    assert all(e.ip is None and e.detail == {} for e in trail)
    assert all({"ip", "detail"}.isdisjoint(e.as_json()) for e in trail)
    assert trail[-1].as_json()["deal"] == 2


def test_it_shows_an_organizer_or_the_table_the_addresses_and_details(match):
    void = audit_trail(match, private=True)[-1]
    assert (void.by, void.ip, void.detail["reason"]) == ("phone", "192.0.2.7", "misdeal")
    assert void.as_json()["ip"] == "192.0.2.7"
    assert void.label == "Deal voided"


def test_it_reads_the_trail_newest_first_up_to_a_limit(match):
    newest = audit_trail(match, private=True, newest_first=True, limit=2)
    assert [e.action for e in newest] == [AuditAction.DEAL_VOIDED, AuditAction.DEAL_CORRECTED]


def test_an_action_no_longer_known_is_shown_as_stored(match):
    match.audit_events.filter(action=AuditAction.DEAL_VOIDED).update(action="retired_action")
    assert audit_trail(match, private=False)[-1].label == "retired_action"
