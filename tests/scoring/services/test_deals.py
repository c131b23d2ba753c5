"""The deal writes (scoring/services/deals.py): what they leave, how a repeat is answered, the
statements each runs (a guard for the hottest write there is), and phones writing at once, which
the database row lock serializes."""

import pytest
import sqlparse
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry, NotFound
from scoring.documents import deal_write_document
from scoring.models import AuditEvent, Deal, DealVersion, IdempotentRequest
from scoring.services.deals import deal_correct, deal_record, deal_void
from tests.factories import make_match
from tests.scoring.services.conftest import PHONES, run_at_once

pytestmark = pytest.mark.django_db

ACTOR = Actor(label="phone", ip="127.0.0.1")
AT_ONCE = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def points(ann, ben):
    return {"points": {"Ann": ann, "Ben": ben}}


def statements(queries) -> list[str]:
    """The statements a write ran, without the savepoints of the test's own transaction."""
    return [q["sql"] for q in queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))]


def test_recording_appends_the_deal_its_version_and_an_audit_event_and_stores_the_state():
    match = make_match(options={"target": 100}, deals=[points(1, 2)])
    write = deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR)
    assert write.created
    assert write.answer is None  # no key: nothing stored for a repeat
    assert (write.deal.number, write.deal.version, write.version.entry) == (2, 1, points(3, 4))
    assert write.match.state["totals"] == {"Ann": 4, "Ben": 6}
    assert [d["deal_number"] for d in write.match.state["deals"]] == [1, 2]
    match.refresh_from_db()
    assert (match.deal_count, match.revision, match.state) == (2, 2, write.match.state)
    assert AuditEvent.objects.filter(match=match, action="deal_recorded", deal_number=2).count() == 1
    assert not IdempotentRequest.objects.filter(match=match).exists()


def test_a_repeated_key_gets_the_first_write_and_its_answer_and_changes_nothing():
    match = make_match(options={"target": 100})
    first = deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR, idempotency_key="k")
    assert first.answer == deal_write_document(first.match, first.deal, first.version)
    deal_record(match_id=match.pk, entry=points(1, 1), actor=ACTOR)
    again = deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR, idempotency_key="k")
    assert not again.created
    assert again.answer == first.answer  # the first answer, not the match as it now stands
    assert (again.deal.pk, again.version.pk) == (first.deal.pk, first.version.pk)
    assert Deal.objects.filter(match=match).count() == 2
    assert IdempotentRequest.objects.get(match=match, key="k").response == first.answer


def test_a_repeated_key_with_another_entry_is_refused():
    match = make_match(options={"target": 100})
    deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR, idempotency_key="k")
    with pytest.raises(Conflict) as refused:
        deal_record(match_id=match.pk, entry=points(5, 4), actor=ACTOR, idempotency_key="k")
    assert refused.value.field == "Idempotency-Key"


def test_a_repeat_is_answered_even_once_the_match_is_finished():
    match = make_match(options={"target": 10})
    first = deal_record(match_id=match.pk, entry=points(10, 0), actor=ACTOR, idempotency_key="last")
    again = deal_record(match_id=match.pk, entry=points(10, 0), actor=ACTOR, idempotency_key="last")
    assert (again.created, again.answer) == (False, first.answer)
    with pytest.raises(Conflict, match="already finished"):
        deal_record(match_id=match.pk, entry=points(10, 0), actor=ACTOR, idempotency_key="other")


def test_correcting_and_voiding_make_a_new_version_and_replay_the_match():
    match = make_match(options={"target": 100}, deals=[points(1, 2), points(3, 4)])
    corrected = deal_correct(
        match_id=match.pk, number=1, entry=points(10, 0), expected_version=1, actor=ACTOR
    )
    assert (corrected.deal.version, corrected.deal.voided, corrected.version.entry) == (
        2,
        False,
        points(10, 0),
    )
    assert corrected.match.state["totals"] == {"Ann": 13, "Ben": 4}
    voided = deal_void(match_id=match.pk, number=2, reason=" misdeal ", expected_version=1, actor=ACTOR)
    assert (voided.deal.version, voided.deal.voided, voided.version.reason) == (2, True, "misdeal")
    assert voided.version.entry is None
    assert voided.match.state["totals"] == {"Ann": 10, "Ben": 0}
    assert [(d["deal_number"], d["version"]) for d in voided.match.state["deals"]] == [(1, 2)]
    assert list(Deal.objects.filter(match=match).values_list("number", "version", "voided")) == [
        (1, 2, False),
        (2, 2, True),
    ]
    assert DealVersion.objects.filter(deal__match=match).count() == 4
    actions = AuditEvent.objects.filter(match=match).values_list("action", "detail")
    assert list(actions)[-2:] == [
        ("deal_corrected", {"entry": points(10, 0)}),
        ("deal_voided", {"reason": "misdeal"}),
    ]


def test_a_revision_is_refused_on_a_stale_version_a_voided_deal_or_without_a_reason():
    match = make_match(options={"target": 100}, deals=[points(1, 2), points(3, 4)])
    deal_correct(match_id=match.pk, number=1, entry=points(5, 5), expected_version=1, actor=ACTOR)
    with pytest.raises(Conflict) as stale:
        deal_void(match_id=match.pk, number=1, reason="misdeal", expected_version=1, actor=ACTOR)
    assert stale.value.extra["current_version"] == 2
    with pytest.raises(InvalidEntry) as no_reason:
        deal_void(match_id=match.pk, number=1, reason="  ", expected_version=2, actor=ACTOR)
    assert no_reason.value.field == "reason"
    deal_void(match_id=match.pk, number=2, reason="misdeal", expected_version=1, actor=ACTOR)
    with pytest.raises(NotFound):
        deal_correct(match_id=match.pk, number=2, entry=points(1, 1), expected_version=2, actor=ACTOR)


# The statements each write runs, counted: the match row locked, its ledger (and the earlier
# request with the key) read in one (an append sends the two in one request on PostgreSQL), then
# only the rows written. A change that adds a statement
# to the hottest path fails here.
RECORD = ["SELECT", "SELECT", "INSERT", "INSERT", "UPDATE", "INSERT"]
REVISE = ["SELECT", "SELECT", "UPDATE", "INSERT", "UPDATE", "INSERT"]


def verbs(queries) -> list[str]:
    """The verb of each statement, one by one where a request sent several (PostgreSQL gets the
    lock and the ledger in one)."""
    return [part.split(None, 1)[0] for sql in statements(queries) for part in sqlparse.split(sql)]


def test_recording_a_deal_runs_six_statements_and_one_more_with_a_key():
    match = make_match(options={"target": 1000}, deals=[points(1, 2)] * 5)
    with CaptureQueriesContext(connection) as queries:
        deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR)
    assert verbs(queries) == RECORD
    with CaptureQueriesContext(connection) as queries:
        deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR, idempotency_key="k")
    assert verbs(queries) == [*RECORD, "INSERT"]
    with CaptureQueriesContext(connection) as queries:  # the repeat: its answer and its deal
        deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR, idempotency_key="k")
    assert verbs(queries) == ["SELECT"] * 4


def test_correcting_or_voiding_a_deal_runs_six_statements():
    match = make_match(options={"target": 1000}, deals=[points(1, 2)] * 5)
    with CaptureQueriesContext(connection) as queries:
        deal_correct(match_id=match.pk, number=3, entry=points(5, 5), expected_version=1, actor=ACTOR)
    assert verbs(queries) == REVISE
    with CaptureQueriesContext(connection) as queries:
        deal_void(match_id=match.pk, number=3, reason="misdeal", expected_version=2, actor=ACTOR)
    assert verbs(queries) == REVISE


def test_the_statements_do_not_grow_with_the_match():
    match = make_match(options={"target": 10_000}, deals=[points(1, 2)] * 30)
    with CaptureQueriesContext(connection) as queries:
        deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR)
    assert verbs(queries) == RECORD


def test_a_refusal_inside_a_callers_transaction_leaves_it_usable():
    """One savepoint when nested (none at the top, where production calls it): a refused write
    must not spoil the caller's transaction, nor a key's race its recovery."""
    match = make_match(options={"target": 10}, deals=[points(10, 0)])
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        with pytest.raises(Conflict):
            deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR)
        assert Deal.objects.filter(match=match).count() == 1
    assert len(queries) - len(statements(queries)) == 2  # the savepoint, rolled back to


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_it_serializes_simultaneous_deals_with_consecutive_numbers(postgres):
    match = make_match(options={"target": 10_000})

    def record(i):
        deal_record(match_id=match.pk, entry=points(i, 1), actor=ACTOR)

    assert run_at_once(record) == []
    numbers = sorted(Deal.objects.filter(match=match).values_list("number", flat=True))
    assert numbers == list(range(1, PHONES + 1))
    match.refresh_from_db()
    assert match.state["totals"] == {"Ann": sum(range(PHONES)), "Ben": PHONES}
    assert match.deal_count == PHONES


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_the_same_idempotency_key_from_many_phones_makes_one_deal(postgres):
    match = make_match(options={"target": 10_000})
    answers = []

    def record(i):
        write = deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR, idempotency_key="retry-1")
        answers.append(write.answer)

    assert run_at_once(record) == []
    assert Deal.objects.filter(match=match).count() == 1
    assert all(answer == answers[0] for answer in answers)


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_two_organizers_correcting_the_same_deal_one_wins_the_other_gets_409(postgres):
    match = make_match(options={"target": 10_000}, deals=[points(1, 1)])
    outcomes = []

    def correct(i):
        try:
            deal_correct(
                match_id=match.pk,
                number=1,
                entry=points(100 + i, 0),
                expected_version=1,
                actor=Actor(label=f"organizer {i}"),
            )
            outcomes.append("won")
        except Conflict as conflict:
            outcomes.append(f"409 at version {conflict.extra['current_version']}")

    assert run_at_once(correct) == []
    assert sorted(outcomes) == ["409 at version 2"] * (PHONES - 1) + ["won"]
    deal = Deal.objects.get(match=match, number=1)
    assert deal.version == 2
    assert deal.versions.count() == 2
