"""Two phones at once: writes to one match are serialized by the database row lock."""

import threading

import pytest
from django.db import connection, connections, transaction

from clubs.access import Actor
from clubs.errors import Conflict
from scoring.models import Deal, Match
from scoring.services.common import locked_match
from scoring.services.deals import deal_correct, deal_record
from scoring.services.matches import rematch
from tests.conftest import missing
from tests.factories import ClubFactory, make_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

PHONES = 8


def _run_at_once(work):
    barrier = threading.Barrier(PHONES)
    errors = []

    def phone(i):
        try:
            barrier.wait(timeout=10)
            work(i)
        except Exception as error:  # collected and asserted below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


@pytest.fixture
def postgres():
    if connection.vendor != "postgresql":
        missing("the concurrency tests run against PostgreSQL (phase 2 of bin/test)")


def test_it_serializes_simultaneous_deals_with_consecutive_numbers(postgres):
    match = make_match(options={"target": 10_000})
    actor = Actor(label="phone")

    def record(i):
        deal_record(match_id=match.pk, entry={"points": {"Ann": i, "Ben": 1}}, actor=actor)

    assert _run_at_once(record) == []
    numbers = sorted(Deal.objects.filter(match=match).values_list("number", flat=True))
    assert numbers == list(range(1, PHONES + 1))
    match.refresh_from_db()
    assert match.state["totals"] == {"Ann": sum(range(PHONES)), "Ben": PHONES}
    assert match.deal_count == PHONES


def test_the_same_idempotency_key_from_many_phones_makes_one_deal(postgres):
    match = make_match(options={"target": 10_000})
    actor = Actor(label="phone")
    answers = []

    def record(i):
        answers.append(
            deal_record(
                match_id=match.pk,
                entry={"points": {"Ann": 3, "Ben": 4}},
                actor=actor,
                idempotency_key="retry-1",
            )[0]
        )

    assert _run_at_once(record) == []
    assert Deal.objects.filter(match=match).count() == 1
    assert all(answer == answers[0] for answer in answers)


def test_two_organizers_correcting_the_same_deal_one_wins_the_other_gets_409(postgres):
    match = make_match(options={"target": 10_000}, deals=[{"points": {"Ann": 1, "Ben": 1}}])
    outcomes = []

    def correct(i):
        try:
            deal_correct(
                match_id=match.pk,
                number=1,
                entry={"points": {"Ann": 100 + i, "Ben": 0}},
                expected_version=1,
                actor=Actor(label=f"organizer {i}"),
            )
            outcomes.append("won")
        except Conflict as conflict:
            outcomes.append(f"409 at version {conflict.extra['current_version']}")

    assert _run_at_once(correct) == []
    assert sorted(outcomes) == ["409 at version 2"] * (PHONES - 1) + ["won"]
    deal = Deal.objects.get(match=match, number=1)
    assert deal.version == 2
    assert deal.versions.count() == 2


def test_a_deal_at_one_table_does_not_wait_for_another_table_of_the_same_club(postgres):
    club = ClubFactory()
    busy = make_match(club=club, options={"target": 10_000})
    free = make_match(club=club, options={"target": 10_000})
    holding, release = threading.Event(), threading.Event()

    def slow_write():  # a write at the busy table holds its lock (and nothing else) for a while
        try:
            with transaction.atomic():
                locked_match(busy.pk)
                holding.set()
                release.wait(timeout=20)
        finally:
            connections.close_all()

    thread = threading.Thread(target=slow_write)
    thread.start()
    try:
        assert holding.wait(timeout=10)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '2s'")  # waiting on the club row would fail here
        deal_record(match_id=free.pk, entry={"points": {"Ann": 1, "Ben": 2}}, actor=Actor(label="phone"))
    finally:
        release.set()
        thread.join(timeout=30)
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")
    assert Deal.objects.filter(match=free).count() == 1


def test_phones_tapping_rematch_at_once_start_one_rematch(postgres):
    match = make_match(options={"target": 10}, deals=[{"points": {"Ann": 10, "Ben": 0}}])
    made = []

    def tap(i):
        made.append(rematch(match=match, actor=Actor(label=f"phone {i}")).pk)

    assert _run_at_once(tap) == []
    assert len(set(made)) == 1
    assert Match.objects.filter(rematch_of=match).count() == 1
