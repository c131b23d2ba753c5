"""A match's deals as the writes and pages read them (scoring/services/ledger.py): the ledger in one
statement whatever the match's size, the pages' rows, and the replay."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.access import Actor
from scoring.selectors import deal_rows, live_entries
from scoring.services.deals import deal_correct, deal_record, deal_void
from scoring.services.ledger import LedgerRow, ledger, live, replay
from tests.factories import make_match

pytestmark = pytest.mark.django_db

ACTOR = Actor(label="phone")


def points(ann, ben):
    return {"points": {"Ann": ann, "Ben": ben}}


def test_the_ledger_lists_every_deal_with_its_current_entry_and_the_earlier_request():
    match = make_match(options={"target": 1000}, deals=[points(1, 2), points(3, 4)])
    deal_record(match_id=match.pk, entry=points(5, 6), actor=ACTOR, idempotency_key="k")
    deal_correct(match_id=match.pk, number=1, entry=points(9, 9), expected_version=1, actor=ACTOR)
    deal_void(match_id=match.pk, number=2, reason="misdeal", expected_version=1, actor=ACTOR)
    with CaptureQueriesContext(connection) as queries:
        read = ledger(match.pk, key="k")
    assert len(queries) == 1
    rows = [(row.number, row.version, row.voided, row.entry) for row in read.deals]
    assert rows == [(1, 2, False, points(9, 9)), (2, 2, True, None), (3, 1, False, points(5, 6))]
    assert len(read.earlier or "") == 64
    assert ledger(match.pk, key="other").earlier is None
    assert [row.number for row in live(read.deals)] == [1, 3]
    assert all(isinstance(row, LedgerRow) for row in read.deals)


def test_a_match_without_deals_has_an_empty_ledger():
    match = make_match()
    assert ledger(match.pk) == ([], None)


def test_the_pages_rows_and_the_replay_agree_with_the_ledger():
    match = make_match(options={"target": 1000}, deals=[points(1, 2), points(3, 4)])
    deal_void(match_id=match.pk, number=1, reason="misdeal", expected_version=1, actor=ACTOR)
    assert [(d.number, v.version, d.voided) for d, v in deal_rows(match)] == [(1, 2, True), (2, 1, False)]
    assert [d.number for d, _ in live_entries(match)] == [2]
    assert replay(match).totals == {"Ann": 3, "Ben": 4}
    assert replay(match, [points(1, 1)]).totals == {"Ann": 1, "Ben": 1}
