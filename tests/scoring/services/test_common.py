"""What the scoring writes share (scoring/services/common.py): the match row lock, which holds that
match and nothing else of its club, and the announcement of a change to the apps above scoring: a
tournament table's match makes it, a friendly match doesn't (no broker round trip and no worker
task for a match nobody follows)."""

import threading

import pytest
from django.db import connection, connections, transaction
from django.utils import timezone

from clubs.access import Actor
from clubs.errors import NotFound
from scoring import signals
from scoring.models import Deal, Match
from scoring.services.common import DEAL_WRITE_COLUMNS, locked_match
from scoring.services.deals import APPEND_COLUMNS, deal_correct, deal_record, deal_void
from scoring.services.matches import match_abandon
from tests.factories import ClubFactory, make_match
from tests.tournaments.factories import current_match, make_tournament, start_round

pytestmark = pytest.mark.django_db

ACTOR = Actor(label="phone")


def announced(callbacks) -> list[int]:
    """The match ids the commit callbacks announce to the apps above scoring."""
    return [c.args[0] for c in callbacks if getattr(c, "func", None) is signals.announce]


def test_it_announces_nothing_for_a_friendly_match(django_capture_on_commit_callbacks):
    match = make_match(options={"target": 100})
    with django_capture_on_commit_callbacks() as callbacks:
        deal_record(match_id=match.pk, entry={"points": {"Ann": 1, "Ben": 2}}, actor=ACTOR)
        deal_correct(
            match_id=match.pk,
            number=1,
            entry={"points": {"Ann": 3, "Ben": 2}},
            expected_version=1,
            actor=ACTOR,
        )
        match_abandon(match_id=match.pk, reason="closing time", actor=ACTOR)
    assert callbacks == []


def test_it_announces_every_change_of_a_tournament_table(django_capture_on_commit_callbacks):
    tournament = make_tournament(entrants=4, match_format="deals:3")
    table = start_round(tournament).tables.order_by("number").first()
    match = current_match(table)
    assert match.announce_changes
    sides = match.sides
    with django_capture_on_commit_callbacks() as callbacks:
        deal_record(match_id=match.pk, entry={"points": {sides[0]: 1, sides[1]: 2}}, actor=ACTOR)
        deal_void(match_id=match.pk, number=1, reason="misdeal", expected_version=1, actor=ACTOR)
        match_abandon(match_id=match.pk, reason="a player left", actor=ACTOR)
    assert announced(callbacks) == [match.pk] * 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
@pytest.mark.parametrize("columns", [(), DEAL_WRITE_COLUMNS], ids=["whole row", "deal write's columns"])
def test_a_deal_at_one_table_does_not_wait_for_another_table_of_the_same_club(postgres, columns):
    club = ClubFactory()
    busy = make_match(club=club, options={"target": 10_000})
    free = make_match(club=club, options={"target": 10_000})
    holding, release = threading.Event(), threading.Event()

    def slow_write():  # a write at the busy table holds its lock (and nothing else) for a while
        try:
            with transaction.atomic():
                locked_match(busy.pk, columns=columns)
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


def test_the_lock_reads_only_the_columns_asked_for_and_names_a_missing_match():
    match = make_match(options={"target": 100})
    with transaction.atomic():
        locked = locked_match(match.pk, columns=("status", "club__slug"))
    assert locked.get_deferred_fields() >= {"state", "options", "table_secret"}
    assert locked.club.slug == match.club.slug
    with pytest.raises(NotFound), transaction.atomic():
        locked_match(match.pk + 1000)


def test_the_deal_writes_read_each_column_as_the_orm_does():
    """The deal writes' statement is written by hand (scoring/services/locked_read.py): each value
    comes back as the ORM reads it (JSON decoded, a date with its zone, a flag a bool), in its
    column, on either database."""
    match = make_match(options={"target": 100})
    deal_record(match_id=match.pk, entry={"points": {"Ann": 1, "Ben": 2}}, actor=ACTOR)
    Match.objects.filter(pk=match.pk).update(
        result_at=timezone.now(), result_detail={"by": "desk"}, announce_changes=True
    )
    names = [name for name in APPEND_COLUMNS if "__" not in name]
    expected = Match.objects.select_related("club").get(pk=match.pk)
    with transaction.atomic():
        locked = locked_match(match.pk, columns=APPEND_COLUMNS)
    assert {name: getattr(locked, name) for name in names} == {
        name: getattr(expected, name) for name in names
    }
    assert (locked.pk, locked.club_id, locked.club.slug) == (
        expected.pk,
        expected.club_id,
        expected.club.slug,
    )
    assert locked.get_deferred_fields() == {field.attname for field in Match._meta.concrete_fields} - {
        "id",
        "club_id",
        *names,
    }
