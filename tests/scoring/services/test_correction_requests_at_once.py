"""A flaky phone sending its correction request many times at once makes one request (#23 item
2): the match row's lock serializes them, the open request's unique constraint backs it."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from scoring.models import AuditAction, AuditEvent, CorrectionRequest
from scoring.result_states import Action, Confirmation
from scoring.services import correction_requests, results
from tests.factories import make_match
from tests.scoring.services.conftest import run_at_once

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

TABLE = Actor(label="table link", via_table_link=True)


def test_the_same_request_from_many_phones_at_once_is_one(postgres):
    match = make_match(
        deal_limit=2, confirmation=Confirmation.HAND_OVER, deals=[{"points": {"Ann": 1, "Ben": 2}}] * 2
    )
    results.result_act(match_id=match.pk, action=Action.ACCEPT, actor=TABLE, side="Ann")
    results.results_close(match_ids=[match.pk], closed=1, actor=Actor(label="tournament"))
    created = []

    def ask(i):
        asked = correction_requests.correction_ask(
            match_id=match.pk, deal=2, reason="2 is 12", actor=TABLE, side="Ben"
        )
        created.append(asked.created)

    assert run_at_once(ask) == []
    assert CorrectionRequest.objects.count() == 1
    assert created.count(True) == 1
    assert AuditEvent.objects.filter(action=AuditAction.CORRECTION_ASKED).count() == 1
