"""A new deal resumes the match from what the last write stored (scoring/services/resume.py) when
that was made from the deals the ledger holds now, and replays them otherwise."""

import pytest

from clubs.access import Actor
from scoring.models import Match
from scoring.services.deals import deal_correct, deal_record, deal_void
from scoring.services.ledger import replay
from tests.factories import make_match

pytestmark = pytest.mark.django_db

ACTOR = Actor(label="phone", ip="127.0.0.1")


def points(ann, ben):
    return {"points": {"Ann": ann, "Ben": ben}}


def _tamper_totals(match: Match) -> None:
    """Make the stored document say what no replay would: a resumed match shows it, a replay not."""
    state = {**match.state, "totals": {"Ann": 1000, "Ben": 0}}
    Match.objects.filter(pk=match.pk).update(state=state)


def test_it_keeps_what_resumes_the_match_with_the_deals_it_was_made_from():
    match = make_match(deals=[points(1, 2), points(3, 4)])

    assert match.snapshot["deals"] == [[1, 1], [2, 1]]
    assert match.snapshot["game"]["entries"] == [points(1, 2), points(3, 4)]


def test_a_new_deal_goes_on_from_the_stored_match_instead_of_replaying_it():
    match = make_match(deals=[points(1, 2)])
    _tamper_totals(match)

    write = deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR)

    assert write.match.state["totals"] == {"Ann": 1003, "Ben": 4}


def test_a_match_stored_without_a_snapshot_is_replayed():
    match = make_match(deals=[points(1, 2)])
    _tamper_totals(match)
    Match.objects.filter(pk=match.pk).update(snapshot=None)

    write = deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR)

    assert write.match.state["totals"] == {"Ann": 4, "Ben": 6}
    match.refresh_from_db()
    assert match.snapshot["deals"] == [[1, 1], [2, 1]]


def test_a_snapshot_of_other_deals_than_the_ledgers_is_replayed():
    """An evening brought from another site, or any write that left the caches behind the deals."""
    match = make_match(deals=[points(1, 2), points(5, 5)])
    stale = {**match.snapshot, "deals": [[1, 1], [2, 2]]}
    _tamper_totals(match)
    Match.objects.filter(pk=match.pk).update(snapshot=stale)

    write = deal_record(match_id=match.pk, entry=points(3, 4), actor=ACTOR)

    assert write.match.state["totals"] == {"Ann": 9, "Ben": 11}


def test_a_snapshot_that_does_not_read_back_is_replayed():
    match = make_match(game="coinche", sides=["NS", "EW"])
    entry = {"taker": "NS", "bid": 80, "trump": "hearts", "points": {"NS": 100, "EW": 62}}
    deal_record(match_id=match.pk, entry=entry, actor=ACTOR)
    match.refresh_from_db()
    broken = {**match.snapshot, "game": {**match.snapshot["game"], "state": {"pot": "a lot"}}}
    Match.objects.filter(pk=match.pk).update(snapshot=broken)

    write = deal_record(match_id=match.pk, entry=entry, actor=ACTOR)

    assert write.match.state == _replayed(match)


def test_after_a_correction_and_a_void_the_next_deal_scores_as_a_replay_would():
    match = make_match(deals=[points(1, 2), points(3, 4), points(5, 6)])
    deal_correct(
        match_id=match.pk, number=2, entry=points(10, 0), actor=ACTOR, reason="typo", expected_version=1
    )
    deal_void(match_id=match.pk, number=1, actor=ACTOR, reason="misdeal", expected_version=1)

    write = deal_record(match_id=match.pk, entry=points(7, 8), actor=ACTOR)

    assert write.match.state["totals"] == {"Ann": 22, "Ben": 14}
    assert write.match.state == _replayed(match)


def _replayed(match: Match) -> dict:
    """The match's document as a replay of its live deals makes it (what every write must leave)."""
    match.refresh_from_db()
    state = replay(match)
    expected = state.as_json()
    for deal_doc, stored in zip(expected["deals"], match.state["deals"], strict=True):
        deal_doc.update(deal_number=stored["deal_number"], version=stored["version"])
    return expected


def test_a_new_match_keeps_what_resumes_it_before_its_first_deal():
    match = make_match(sides=["Ann", "Ben"])

    assert match.snapshot == {"game": {"state": None, "entries": []}, "deals": []}
