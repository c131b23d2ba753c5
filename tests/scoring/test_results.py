"""The result lifecycle's services (scoring/services/results.py, scoring/services/lifecycle.py): each transition
stored with the match locked and an audit event, each refused one a 409 naming the state."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry
from scoring.models import AuditAction, AuditEvent, Match
from scoring.result_states import TRANSITIONS, Action, Confirmation, ResultStatus, Role
from scoring.services import deals, matches, results
from tests.factories import make_match, organizer

pytestmark = pytest.mark.django_db

S = ResultStatus
TABLE = Actor(label="table link", via_table_link=True)
CLOSER = Actor(label="tournament")


@pytest.fixture
def director(db):
    return organizer()


def boss(user) -> Actor:
    return Actor(label=user.get_username(), user=user)


def finished_match(confirmation=Confirmation.HAND_OVER, **kwargs) -> Match:
    """A tally match of one deal, played to its end by the table: Ann 10, Ben 1."""
    return make_match(
        deal_limit=1, confirmation=confirmation, deals=[{"points": {"Ann": 10, "Ben": 1}}], **kwargs
    )


def in_state(status: ResultStatus, user) -> Match:
    """A finished match whose result has been brought to ``status`` through the services."""
    match = finished_match(club=user.club_roles.get().club)
    director = boss(user)
    if status == S.OPEN:
        results.result_act(match_id=match.pk, action=Action.REOPEN, actor=director, reason="again")
        deals.deal_void(match_id=match.pk, number=1, reason="replay", expected_version=1, actor=TABLE)
    elif status == S.CONFIRMED:
        results.result_act(match_id=match.pk, action=Action.ACCEPT, actor=TABLE, side="Ben")
    elif status == S.DISPUTED:
        results.result_act(
            match_id=match.pk, action=Action.REJECT, actor=TABLE, side="Ben", reason="9, not 10"
        )
    elif status == S.FINAL:
        results.result_act(match_id=match.pk, action=Action.ACCEPT, actor=TABLE, side="Ben")
        results.results_close(match_ids=[match.pk], closed=1, actor=CLOSER)
    elif status == S.VOID:
        results.result_act(match_id=match.pk, action=Action.VOID, actor=director, reason="wrong table")
    match.refresh_from_db()
    assert match.result_status == status
    return match


def actor_for_role(role: Role, user) -> Actor:
    return {Role.TABLE: TABLE, Role.DIRECTOR: boss(user), Role.SYSTEM: CLOSER}[role]


def test_the_last_deal_submits_the_result(db):
    match = make_match(
        deal_limit=2, confirmation=Confirmation.HAND_OVER, deals=[{"points": {"Ann": 1, "Ben": 2}}]
    )
    assert match.result_status == S.OPEN
    deals.deal_record(match_id=match.pk, entry={"points": {"Ann": 5, "Ben": 2}}, actor=TABLE)
    match.refresh_from_db()
    assert match.result_status == S.SUBMITTED
    assert match.result_at is not None
    event = AuditEvent.objects.filter(match=match, action=AuditAction.RESULT_SUBMITTED).get()
    assert event.deal_number == 2
    assert event.detail == {"from": "open", "to": "submitted"}


def test_a_friendly_match_is_confirmed_when_it_ends(db):
    match = finished_match(confirmation=Confirmation.NONE)
    assert match.result_status == S.CONFIRMED
    assert match.confirmation == Confirmation.NONE


def test_what_an_organizer_enters_counts_as_confirmed(director):
    match = make_match(club=director.club_roles.get().club, deal_limit=1, confirmation=Confirmation.HAND_OVER)
    deals.deal_record(match_id=match.pk, entry={"points": {"Ann": 5, "Ben": 2}}, actor=boss(director))
    match.refresh_from_db()
    assert match.result_status == S.CONFIRMED


@pytest.mark.parametrize(("status", "action"), [(s, a) for (s, a) in TRANSITIONS if a != Action.CLOSE])
def test_each_named_transition_is_stored_and_audited(director, status, action):
    match = in_state(status, director)
    role = next(iter(TRANSITIONS[(status, action)].by - {Role.SYSTEM}))
    before = match.revision
    done = results.result_act(
        match_id=match.pk, action=action, actor=actor_for_role(role, director), side="Ben", reason="because"
    )
    match.refresh_from_db()
    expected = TRANSITIONS[(status, action)].to
    if expected == S.OPEN and match.status == "finished":
        expected = S.SUBMITTED  # an open result of a finished match awaits the other side again
    assert done.result_status == match.result_status == expected
    assert match.revision == before + 1
    event = AuditEvent.objects.filter(match=match).last()
    assert event.action == results.AUDITED[action]
    assert event.detail["from"] == status
    assert event.detail["to"] == expected


@pytest.mark.parametrize(
    ("status", "action"),
    [(s, a) for s in S for a in Action if a != Action.CLOSE and (s, a) not in TRANSITIONS],
)
def test_each_refused_transition_is_a_conflict_naming_the_state(director, status, action):
    match = in_state(status, director)
    events = AuditEvent.objects.filter(match=match).count()
    with pytest.raises(Conflict) as refused:
        results.result_act(match_id=match.pk, action=action, actor=boss(director), side="Ben", reason="x")
    assert status.label in refused.value.rule
    assert refused.value.extra["result"] == status
    match.refresh_from_db()
    assert match.result_status == status
    assert AuditEvent.objects.filter(match=match).count() == events


@pytest.mark.parametrize("action", [Action.RESOLVE, Action.VOID, Action.REOPEN])
def test_a_table_link_cannot_take_the_directors_actions(director, action):
    match = in_state(S.SUBMITTED, director)
    with pytest.raises(Conflict, match="only the director"):
        results.result_act(match_id=match.pk, action=action, actor=TABLE, reason="x")


def test_accepting_names_a_side_of_the_match(director):
    match = in_state(S.SUBMITTED, director)
    with pytest.raises(InvalidEntry) as refused:
        results.result_act(match_id=match.pk, action=Action.ACCEPT, actor=TABLE, side="Zoe")
    assert refused.value.field == "side"
    done = results.result_act(match_id=match.pk, action=Action.ACCEPT, actor=TABLE, side="Ben")
    assert done.result_detail == {"actor": "table link", "by": "Ben"}


@pytest.mark.parametrize("action", [Action.REJECT, Action.VOID, Action.REOPEN])
def test_a_rejection_and_the_directors_word_need_a_reason(director, action):
    match = in_state(S.SUBMITTED, director)
    actor = TABLE if action == Action.REJECT else boss(director)
    with pytest.raises(InvalidEntry) as refused:
        results.result_act(match_id=match.pk, action=action, actor=actor, side="Ben", reason="  ")
    assert refused.value.field == "reason"
    match.refresh_from_db()
    assert match.result_status == S.SUBMITTED


def test_a_dispute_keeps_its_reason_until_the_director_resolves_it(director):
    match = in_state(S.DISPUTED, director)
    assert match.result_detail["reason"] == "9, not 10"
    assert match.result_detail["by"] == "Ben"
    done = results.result_act(match_id=match.pk, action=Action.RESOLVE, actor=boss(director))
    assert done.result_status == S.CONFIRMED


@pytest.mark.parametrize("status", [S.SUBMITTED, S.CONFIRMED, S.DISPUTED])
def test_a_correction_by_the_table_asks_the_other_side_again(director, status):
    match = in_state(status, director)
    deals.deal_correct(
        match_id=match.pk, number=1, entry={"points": {"Ann": 9, "Ben": 1}}, expected_version=1, actor=TABLE
    )
    match.refresh_from_db()
    assert match.result_status == S.SUBMITTED


def test_voiding_the_last_deal_opens_the_result_again(director):
    match = in_state(S.CONFIRMED, director)
    deals.deal_void(match_id=match.pk, number=1, reason="misdeal", expected_version=1, actor=TABLE)
    match.refresh_from_db()
    assert match.result_status == S.OPEN
    assert AuditEvent.objects.filter(match=match).last().action == AuditAction.RESULT_OPENED


@pytest.mark.parametrize("status", [S.FINAL, S.VOID])
def test_a_table_link_cannot_change_a_final_or_void_result(director, status):
    match = in_state(status, director)
    revision = match.revision
    with pytest.raises(Conflict) as refused:
        deals.deal_correct(
            match_id=match.pk,
            number=1,
            entry={"points": {"Ann": 1, "Ben": 9}},
            expected_version=1,
            actor=TABLE,
        )
    if status == S.FINAL:
        assert refused.value.rule == "round 1 is closed: call the director"
    with pytest.raises(Conflict):
        deals.deal_void(match_id=match.pk, number=1, reason="no", expected_version=1, actor=TABLE)
    match.refresh_from_db()
    assert match.revision == revision
    assert match.state["totals"] == {"Ann": 10, "Ben": 1}


def test_the_director_corrects_a_final_result_with_a_reason_marked_in_the_trail(director):
    match = in_state(S.FINAL, director)
    with pytest.raises(InvalidEntry) as refused:
        deals.deal_correct(
            match_id=match.pk,
            number=1,
            entry={"points": {"Ann": 1, "Ben": 9}},
            expected_version=1,
            actor=boss(director),
        )
    assert refused.value.field == "reason"
    assert "round 1 is closed" in refused.value.rule
    deals.deal_correct(
        match_id=match.pk,
        number=1,
        entry={"points": {"Ann": 1, "Ben": 9}},
        expected_version=1,
        actor=boss(director),
        reason="scores swapped",
    )
    match.refresh_from_db()
    assert match.result_status == S.FINAL
    assert match.winner == "Ben"
    mark = AuditEvent.objects.get(match=match, action=AuditAction.RESULT_CORRECTED)
    assert mark.deal_number == 1
    assert mark.detail == {"reason": "scores swapped", "closed": 1}
    assert match.deals.get().versions.get(version=2).reason == "scores swapped"


def test_closing_is_idempotent_and_leaves_void_results(director):
    confirmed = in_state(S.CONFIRMED, director)
    void = in_state(S.VOID, director)
    assert results.results_close(match_ids=[confirmed.pk, void.pk], closed=3, actor=CLOSER) == 1
    assert results.results_close(match_ids=[confirmed.pk, void.pk], closed=3, actor=CLOSER) == 0
    confirmed.refresh_from_db()
    void.refresh_from_db()
    assert (confirmed.result_status, void.result_status) == (S.FINAL, S.VOID)
    assert confirmed.result_detail["closed"] == 3


def test_a_tournament_table_has_no_rematch(db):
    followed = finished_match(announce_changes=True)
    with pytest.raises(Conflict, match="no rematch"):
        matches.rematch(match=followed, actor=TABLE)
    assert not Match.objects.filter(rematch_of=followed).exists()
    friendly = finished_match(confirmation=Confirmation.NONE)
    assert matches.rematch(match=friendly, actor=TABLE).rematch_of == friendly


class TestOwnDevice:
    def test_a_side_accepts_through_its_own_link_only(self, db):
        match = finished_match(confirmation=Confirmation.OWN_DEVICE)
        with pytest.raises(Conflict, match="its own link"):
            results.result_act(match_id=match.pk, action=Action.ACCEPT, actor=TABLE, side="Ben")
        with pytest.raises(InvalidEntry, match="Ann's"):
            results.result_act(match_id=match.pk, action=Action.ACCEPT, actor=TABLE, side="Ben", link_side=0)
        done = results.result_act(match_id=match.pk, action=Action.ACCEPT, actor=TABLE, link_side=1)
        assert done.result_status == S.CONFIRMED
        assert done.result_detail["by"] == "Ben"
