"""scoring.services.travel: an arriving friendly match takes its evening file's identity, and
nothing else of it changes (no audit event, no revision: the match must read back as the file)."""

from __future__ import annotations

import uuid

import pytest

from scoring.models import AuditEvent, Match
from scoring.services.travel import match_public_id_set
from tests.factories import make_match

pytestmark = pytest.mark.django_db


def test_it_gives_the_match_the_identity_and_reads_it_back():
    match = make_match(deals=[{"points": {"Ann": 10, "Ben": 5}}])
    Match.objects.filter(pk=match.pk).update(title="Renamed meanwhile")
    evening = uuid.uuid4()
    answered = match_public_id_set(match=match, public_id=evening)
    assert answered is match
    assert (match.public_id, match.title) == (evening, "Renamed meanwhile")  # read back
    assert Match.objects.get(pk=match.pk).public_id == evening


def test_it_touches_no_other_column_and_leaves_no_trail():
    match = make_match(deals=[{"points": {"Ann": 10, "Ben": 5}}])
    before = Match.objects.filter(pk=match.pk).values().get()
    events = AuditEvent.objects.filter(match=match).count()
    evening = uuid.uuid4()
    match_public_id_set(match=match, public_id=evening)
    assert Match.objects.filter(pk=match.pk).values().get() == {**before, "public_id": evening}
    assert AuditEvent.objects.filter(match=match).count() == events


def test_it_changes_only_that_match():
    match, other = make_match(), make_match()
    kept = other.public_id
    match_public_id_set(match=match, public_id=uuid.uuid4())
    assert Match.objects.get(pk=other.pk).public_id == kept
