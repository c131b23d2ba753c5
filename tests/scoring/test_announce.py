"""Which writes announce a change to the apps above scoring: a tournament table's match does, a
friendly match doesn't (no broker round trip and no worker task for a match nobody follows)."""

import pytest

from clubs.access import Actor
from scoring import signals
from scoring.services.deals import deal_correct, deal_record, deal_void
from scoring.services.matches import match_abandon
from tests.factories import make_match
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
