"""clubs.services.travel: an evening's travel record made, then replaced, never duplicated."""

from __future__ import annotations

import uuid

import pytest

from clubs.models import EveningTravel
from clubs.services.travel import evening_travel_keep
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db


def test_it_makes_the_record_of_an_evening_that_never_travelled():
    club, evening = ClubFactory(), uuid.uuid4()
    kept = evening_travel_keep(club_id=club.pk, evening=evening, history=["a"], known={"a": {"deal:1": "x"}})
    stored = EveningTravel.objects.get(evening=evening)
    assert stored.pk == kept.pk
    assert (stored.club_id, stored.history, stored.known) == (club.pk, ["a"], {"a": {"deal:1": "x"}})


def test_it_replaces_the_record_of_an_evening_that_travelled_before():
    home, away, evening = ClubFactory(), ClubFactory(), uuid.uuid4()
    first = evening_travel_keep(club_id=home.pk, evening=evening, history=["a"], known={"a": {}})
    again = evening_travel_keep(club_id=away.pk, evening=evening, history=["a", "b"], known={"b": {"m": "y"}})
    assert again.pk == first.pk
    assert EveningTravel.objects.filter(evening=evening).count() == 1
    stored = EveningTravel.objects.get(evening=evening)
    assert (stored.club_id, stored.history, stored.known) == (away.pk, ["a", "b"], {"b": {"m": "y"}})


def test_each_evening_has_its_own_record():
    club = ClubFactory()
    one, two = uuid.uuid4(), uuid.uuid4()
    evening_travel_keep(club_id=club.pk, evening=one, history=["a"], known={})
    evening_travel_keep(club_id=club.pk, evening=two, history=["b"], known={})
    assert dict(EveningTravel.objects.values_list("evening", "history")) == {one: ["a"], two: ["b"]}
