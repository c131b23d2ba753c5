"""The result lifecycle's transition table (scoring/result_states.py): every allowed transition,
every refused one, and sequences of actions that never leave the table's states."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import result_states
from scoring.result_states import (
    COUNTED,
    TRANSITIONS,
    Action,
    Confirmation,
    Refused,
    ResultStatus,
    Role,
    after_write,
    landing,
    step,
)
from tests.paths import ROOT
from tests.tablescore.test_layers import FRAMEWORKS, imports

S = ResultStatus
EVERY = list(itertools.product(S, Action, Role))
ALLOWED = [(s, a, r) for s, a, r in EVERY if (s, a) in TRANSITIONS and r in TRANSITIONS[(s, a)].by]
REFUSED = [combo for combo in EVERY if combo not in ALLOWED]


def test_it_imports_no_framework():
    source = (ROOT / "scoring/result_states.py").read_text(encoding="utf-8")
    assert not [
        name for _, name in imports(source, "scoring.result_states") if name.split(".")[0] in FRAMEWORKS
    ]


@pytest.mark.parametrize(("status", "action", "role"), ALLOWED)
def test_it_allows_what_the_table_lists(status, action, role):
    assert step(status, action, role) == TRANSITIONS[(status, action)].to


@pytest.mark.parametrize(("status", "action", "role"), REFUSED)
def test_it_refuses_the_rest_naming_the_state(status, action, role):
    with pytest.raises(Refused) as refused:
        step(status, action, role)
    assert refused.value.status == status
    assert status.label in str(refused.value)


def test_it_has_the_lifecycle_of_the_issue():
    assert step(S.SUBMITTED, Action.ACCEPT, Role.TABLE) == S.CONFIRMED
    assert step(S.SUBMITTED, Action.REJECT, Role.TABLE) == S.DISPUTED
    assert step(S.DISPUTED, Action.RESOLVE, Role.DIRECTOR) == S.CONFIRMED
    assert step(S.CONFIRMED, Action.CLOSE, Role.SYSTEM) == S.FINAL
    assert step(S.FINAL, Action.VOID, Role.DIRECTOR) == S.VOID
    assert step(S.VOID, Action.REOPEN, Role.DIRECTOR) == S.OPEN


def test_a_closed_round_is_named_in_the_refusal():
    with pytest.raises(Refused, match="round 2 is closed: call the director"):
        step(S.FINAL, Action.ACCEPT, Role.TABLE, closed="round 2")
    with pytest.raises(Refused, match="round 2 is closed: call the director"):
        after_write(
            S.FINAL, role=Role.TABLE, finished=True, confirmation=Confirmation.HAND_OVER, closed="round 2"
        )


@pytest.mark.parametrize("status", [S.OPEN, S.SUBMITTED, S.CONFIRMED, S.DISPUTED])
@pytest.mark.parametrize("finished", [True, False])
def test_a_table_write_sends_the_result_back_to_the_other_side(status, finished):
    after = after_write(status, role=Role.TABLE, finished=finished, confirmation=Confirmation.HAND_OVER)
    assert after == (S.SUBMITTED if finished else S.OPEN)


@pytest.mark.parametrize("status", [S.OPEN, S.SUBMITTED, S.CONFIRMED, S.DISPUTED])
def test_what_the_director_writes_counts_as_confirmed(status):
    assert after_write(status, role=Role.DIRECTOR, finished=True, confirmation=Confirmation.HAND_OVER) == (
        S.CONFIRMED
    )
    assert (
        after_write(status, role=Role.DIRECTOR, finished=False, confirmation=Confirmation.HAND_OVER) == S.OPEN
    )


@pytest.mark.parametrize("status", [S.FINAL, S.VOID])
def test_the_director_may_correct_a_closed_or_void_result_which_stays(status):
    assert (
        after_write(status, role=Role.DIRECTOR, finished=True, confirmation=Confirmation.HAND_OVER) == status
    )


def test_without_confirmation_a_finished_match_is_confirmed_at_once():
    assert after_write(S.OPEN, role=Role.TABLE, finished=True, confirmation=Confirmation.NONE) == S.CONFIRMED
    assert landing(S.OPEN, finished=True, confirmation=Confirmation.NONE) == S.CONFIRMED
    assert landing(S.OPEN, finished=True, confirmation=Confirmation.OWN_DEVICE) == S.SUBMITTED
    assert landing(S.DISPUTED, finished=True, confirmation=Confirmation.NONE) == S.DISPUTED


def test_every_state_and_mode_has_words():
    assert all(status.label for status in S)
    assert all(mode.label for mode in Confirmation)
    assert Confirmation.DOUBLE_BLIND in result_states.AVAILABLE


#: One event of a match's life: a named action, or a deal write that finishes the match or not.
events = st.one_of(
    st.tuples(st.sampled_from(Action), st.sampled_from(Role)),
    st.tuples(st.just("write"), st.sampled_from(Role), st.booleans()),
)


@given(st.lists(events, max_size=30), st.sampled_from(Confirmation))
def test_no_sequence_of_actions_leaves_the_table(sequence, confirmation):
    """Whatever happens, in any order, the result is always in one of the table's states, and
    reaches a counted state only by a transition the table lists (or a write it allows)."""
    status, finished = S.OPEN, False
    refusals: list[tuple[ResultStatus, ResultStatus]] = []
    reachable = {S.OPEN} | {t.to for t in TRANSITIONS.values()} | {S.SUBMITTED, S.CONFIRMED}
    for event in sequence:
        before = status
        try:
            if event[0] == "write":
                _, role, finished = event
                status = after_write(status, role=role, finished=finished, confirmation=confirmation)
            else:
                action, role = event
                status = landing(step(status, action, role), finished=finished, confirmation=confirmation)
        except Refused as refused:
            refusals.append((refused.status, before))
            continue
        assert status in reachable
        if status in COUNTED and before not in COUNTED:
            assert finished or status == S.FINAL
            assert event[0] != "write" or event[1] != Role.TABLE or confirmation == Confirmation.NONE
    assert all(refused == before for refused, before in refusals)  # a refusal names the state it was in
