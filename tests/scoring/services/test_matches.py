"""The writes of a match as a whole (scoring/services/matches.py): its rematch, made once however
many phones tap; abandoning it; refreshing its cached state from its deals."""

import pytest

from clubs.access import Actor
from clubs.errors import Conflict
from scoring.models import AuditEvent, Match, MatchStatus
from scoring.services.deals import deal_record
from scoring.services.matches import match_abandon, match_refresh, rematch
from tests.factories import make_match
from tests.scoring.services.conftest import run_at_once

pytestmark = pytest.mark.django_db

ACTOR = Actor(label="boss")


def test_a_rematch_keeps_the_game_options_sides_and_seats_and_is_made_once():
    match = make_match(options={"target": 10}, deals=[{"points": {"Ann": 10, "Ben": 0}}], title="Friday")
    new = rematch(match=match, actor=ACTOR)
    assert (new.game_key, new.options, new.sides, new.title, new.rematch_of) == (
        match.game_key,
        match.options,
        match.sides,
        "Friday",
        match,
    )
    assert new.deal_count == 0
    assert rematch(match=match, actor=ACTOR) == new


def test_an_abandoned_match_takes_no_more_deals():
    match = make_match(options={"target": 100})
    abandoned = match_abandon(match_id=match.pk, reason="closing time", actor=ACTOR)
    assert (abandoned.status, abandoned.revision) == (MatchStatus.ABANDONED, match.revision + 1)
    assert AuditEvent.objects.filter(match=match, action="match_abandoned").exists()
    with pytest.raises(Conflict, match="abandoned"):
        deal_record(match_id=match.pk, entry={"points": {"Ann": 1, "Ben": 2}}, actor=ACTOR)


def test_refreshing_rewrites_a_drifted_cache_and_leaves_a_true_one():
    match = make_match(options={"target": 100}, deals=[{"points": {"Ann": 4, "Ben": 5}}])
    assert match_refresh(match_id=match.pk) is False
    Match.objects.filter(pk=match.pk).update(state={"totals": {"Ann": 0, "Ben": 0}})
    assert match_refresh(match_id=match.pk) is True
    match.refresh_from_db()
    assert match.state["totals"] == {"Ann": 4, "Ben": 5}
    assert match.state["deals"][0]["deal_number"] == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_phones_tapping_rematch_at_once_start_one_rematch(postgres):
    match = make_match(options={"target": 10}, deals=[{"points": {"Ann": 10, "Ben": 0}}])
    made = []

    def tap(i):
        made.append(rematch(match=match, actor=Actor(label=f"phone {i}")).pk)

    assert run_at_once(tap) == []
    assert len(set(made)) == 1
    assert Match.objects.filter(rematch_of=match).count() == 1
