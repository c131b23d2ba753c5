"""Double-blind confirmation (scoring/services/blind.py): each side enters the match into its own ledger;
identical ledgers confirm the result, different ones dispute it with a per-field diff; the director
picks a side's version, enters their own score or voids. Every transition and every refusal."""

from __future__ import annotations

import pytest
from django.utils import translation

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry
from scoring.models import AuditAction, AuditEvent, BlindEntry, Match
from scoring.result_states import Action, Confirmation, ResultStatus
from scoring.services import blind, deals, results
from tests.factories import make_match, organizer

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_english():
    """The rules these tests read are the English ones, whatever a test before left active."""
    with translation.override("en"):
        yield


S = ResultStatus
SIDE = Actor(label="table link", via_table_link=True)
A, B = 0, 1
ANN_WINS = {"points": {"Ann": 10, "Ben": 1}}
ANN_WINS_BIG = {"points": {"Ann": 12, "Ben": 1}}
BEN_WINS = {"points": {"Ann": 2, "Ben": 7}}


@pytest.fixture
def director(db):
    user = organizer()
    return Actor(label=user.get_username(), user=user)


def blind_match(director: Actor, deals_: int = 2) -> Match:
    return make_match(
        club=director.user.club_roles.get().club, deal_limit=deals_, confirmation=Confirmation.DOUBLE_BLIND
    )


def enter(match: Match, side: int, *entries) -> blind.BlindWrite:
    written = None
    for entry in entries:
        written = blind.blind_record(match_id=match.pk, side=side, entry=entry, actor=SIDE)
    assert written is not None
    return written


def disputed(director: Actor) -> Match:
    match = blind_match(director)
    enter(match, A, ANN_WINS, BEN_WINS)
    enter(match, B, ANN_WINS_BIG, BEN_WINS)
    match.refresh_from_db()
    assert match.result_status == S.DISPUTED
    return match


class TestEntering:
    def test_a_side_enters_into_its_own_ledger_only(self, director):
        match = blind_match(director)
        written = enter(match, A, ANN_WINS)
        match.refresh_from_db()
        assert (written.number, written.finished) == (1, False)
        assert blind.ledger_of(match, A) == [ANN_WINS]
        assert blind.ledger_of(match, B) == []
        assert match.deals.count() == 0  # nothing official, nothing the other side could read
        assert match.result_status == S.OPEN
        assert AuditEvent.objects.filter(match=match, action=AuditAction.BLIND_RECORDED).count() == 1

    def test_one_side_done_waits_for_the_other(self, director):
        match = blind_match(director)
        written = enter(match, A, ANN_WINS, BEN_WINS)
        match.refresh_from_db()
        assert written.finished
        assert match.result_status == S.OPEN
        assert match.result_detail["entered"] == ["Ann"]

    def test_identical_entries_confirm_and_become_the_deals(self, director):
        match = blind_match(director)
        enter(match, A, ANN_WINS, BEN_WINS)
        written = enter(match, B, ANN_WINS, BEN_WINS)
        match.refresh_from_db()
        assert written.status == S.CONFIRMED
        assert match.result_status == S.CONFIRMED
        assert match.status == "finished"
        assert [d.versions.get().entry for d in match.deals.order_by("number")] == [ANN_WINS, BEN_WINS]
        assert match.state["totals"] == {"Ann": 12, "Ben": 8}
        compared = AuditEvent.objects.get(match=match, action=AuditAction.BLIND_COMPARED)
        assert compared.detail["identical"] is True

    def test_different_entries_dispute_with_the_fields_that_differ(self, director):
        match = disputed(director)
        assert match.deals.count() == 0
        assert match.result_detail["diff"] == [
            {"deal": 1, "field": "points", "values": [{"Ann": 10, "Ben": 1}, {"Ann": 12, "Ben": 1}]}
        ]
        compared = AuditEvent.objects.get(match=match, action=AuditAction.BLIND_COMPARED)
        assert compared.detail["identical"] is False

    def test_the_game_checks_each_entry(self, director):
        match = blind_match(director)
        with pytest.raises(InvalidEntry):
            enter(match, A, {"points": {"Ann": "ten"}})
        assert BlindEntry.objects.count() == 0

    def test_a_side_cannot_enter_past_its_whole_match(self, director):
        match = blind_match(director)
        enter(match, A, ANN_WINS, BEN_WINS)
        with pytest.raises(Conflict, match="whole match already"):
            enter(match, A, ANN_WINS)

    def test_no_entry_once_compared(self, director):
        match = disputed(director)
        with pytest.raises(Conflict, match="disputed"):
            enter(match, A, ANN_WINS)

    def test_a_link_without_a_side_is_refused(self, director):
        match = blind_match(director)
        with pytest.raises(Conflict, match="own link"):
            blind.blind_record(match_id=match.pk, side=None, entry=ANN_WINS, actor=SIDE)
        with pytest.raises(InvalidEntry):
            blind.blind_record(match_id=match.pk, side=2, entry=ANN_WINS, actor=SIDE)

    def test_the_official_ledger_refuses_the_table(self, director):
        match = blind_match(director)
        with pytest.raises(Conflict, match="own link"):
            deals.deal_record(match_id=match.pk, entry=ANN_WINS, actor=SIDE)

    def test_another_mode_keeps_no_side_ledger(self, director):
        match = make_match(club=director.user.club_roles.get().club, confirmation=Confirmation.OWN_DEVICE)
        with pytest.raises(Conflict, match="double-blind"):
            enter(match, A, ANN_WINS)

    def test_nobody_accepts_or_rejects(self, director):
        match = blind_match(director)
        for action in (Action.ACCEPT, Action.REJECT):
            with pytest.raises(Conflict, match="compared"):
                results.result_act(match_id=match.pk, action=action, actor=SIDE, side="Ann", reason="x")


class TestDifferences:
    def test_field_by_field_and_a_missing_deal(self):
        match = Match(sides=["Ann", "Ben"])
        books = [[{"a": 1, "b": 2}, {"a": 3}], [{"a": 1, "b": 5}]]
        assert blind.differences(match, books) == [
            {"deal": 1, "field": "b", "values": [2, 5]},
            {"deal": 2, "field": "deal", "values": [True, False]},
        ]

    def test_identical_books_have_none(self):
        assert blind.differences(Match(sides=["A", "B"]), [[{"a": 1}], [{"a": 1}]]) == []


class TestTheDirector:
    def test_picks_a_sides_version(self, director):
        match = disputed(director)
        blind.blind_pick(match_id=match.pk, side=B, actor=director, reason="the sheet says 12")
        match.refresh_from_db()
        assert match.result_status == S.CONFIRMED
        assert match.result_detail["picked"] == "Ben"
        assert match.state["totals"] == {"Ann": 14, "Ben": 8}
        event = AuditEvent.objects.get(match=match, action=AuditAction.BLIND_PICKED)
        assert event.detail["side"] == "Ben"
        assert event.actor_label == director.label

    def test_the_table_cannot_pick(self, director):
        match = disputed(director)
        with pytest.raises(Conflict, match="director"):
            blind.blind_pick(match_id=match.pk, side=A, actor=SIDE)

    def test_only_a_dispute_is_picked(self, director):
        match = blind_match(director)
        enter(match, A, ANN_WINS)
        with pytest.raises(Conflict):
            blind.blind_pick(match_id=match.pk, side=A, actor=director)

    def test_twice_is_refused(self, director):
        match = disputed(director)
        blind.blind_pick(match_id=match.pk, side=A, actor=director)
        with pytest.raises(Conflict, match="confirmed"):
            blind.blind_pick(match_id=match.pk, side=B, actor=director)

    def test_confirm_as_entered_needs_a_whole_score(self, director):
        match = disputed(director)
        with pytest.raises(Conflict, match="director's score"):
            results.result_act(match_id=match.pk, action=Action.RESOLVE, actor=director)

    def test_enters_their_own_score(self, director):
        match = disputed(director)
        deals.deal_record(match_id=match.pk, entry=ANN_WINS, actor=director)
        match.refresh_from_db()
        assert match.result_status == S.DISPUTED  # still disputed until the director's score is whole
        deals.deal_record(match_id=match.pk, entry=BEN_WINS, actor=director)
        match.refresh_from_db()
        assert match.result_status == S.CONFIRMED
        with pytest.raises(Conflict):  # a side's version can no longer replace it
            blind.blind_pick(match_id=match.pk, side=A, actor=director)

    def test_a_begun_own_score_blocks_picking(self, director):
        match = disputed(director)
        deals.deal_record(match_id=match.pk, entry=ANN_WINS, actor=director)
        with pytest.raises(Conflict, match="director has entered deals"):
            blind.blind_pick(match_id=match.pk, side=A, actor=director)

    def test_voids_and_reopens_for_a_new_entry(self, director):
        match = disputed(director)
        results.result_act(match_id=match.pk, action=Action.VOID, actor=director, reason="wrong table")
        match.refresh_from_db()
        assert match.result_status == S.VOID
        results.result_act(match_id=match.pk, action=Action.REOPEN, actor=director, reason="play again")
        match.refresh_from_db()
        assert match.result_status == S.OPEN
        assert BlindEntry.objects.filter(match=match).count() == 0  # the sides enter it again
        enter(match, A, ANN_WINS, BEN_WINS)
        enter(match, B, ANN_WINS, BEN_WINS)
        match.refresh_from_db()
        assert match.result_status == S.CONFIRMED
