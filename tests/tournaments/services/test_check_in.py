"""The check-in services: a change is a state, so setting the same value twice records once (one
audit event, one revision); each change is in the audit trail with who made it; the absentees are
withdrawn in one step before a draw."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from clubs.errors import Conflict
from scoring.models import AuditAction, AuditEvent
from tests.tournaments.factories import make_tournament, start_round
from tournaments import check_in, services
from tournaments.models import Entrant, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

DESK = Actor(label="marie")


@pytest.fixture
def evening(club):
    return make_tournament(club=club, entrants=4, rounds=3, fee=500)


def trail(entrant: Entrant) -> list[tuple[str, str, dict]]:
    events = AuditEvent.objects.filter(place=f"e:{entrant.pk}").order_by("pk")
    return [(e.action, e.actor_label, e.detail) for e in events]


def revision(tournament: Tournament) -> int:
    return Tournament.objects.get(pk=tournament.pk).revision


def test_it_checks_in_once_however_often_it_is_asked(evening):
    ann = evening.entrants.get(name="Ann")
    before = revision(evening)

    services.entrant_update(entrant_id=ann.pk, checked_in=True, actor=DESK)
    services.entrant_update(entrant_id=ann.pk, checked_in=True, actor=DESK)

    assert Entrant.objects.get(pk=ann.pk).checked_in
    assert revision(evening) == before + 1
    assert trail(ann) == [(AuditAction.ENTRANT_CHECKED_IN, "marie", {"name": "Ann"})]


def test_a_payment_is_recorded_with_what_was_paid_before(evening):
    bob = evening.entrants.get(name="Bob")

    services.entrant_update(entrant_id=bob.pk, paid=400, actor=DESK)
    services.entrant_update(entrant_id=bob.pk, paid=400, actor=DESK)
    services.entrant_update(entrant_id=bob.pk, paid=500, actor=DESK)

    assert Entrant.objects.get(pk=bob.pk).paid == 500
    assert trail(bob) == [
        (AuditAction.ENTRANT_PAID, "marie", {"name": "Bob", "paid": 400, "before": 0}),
        (AuditAction.ENTRANT_PAID, "marie", {"name": "Bob", "paid": 500, "before": 400}),
    ]


def test_taking_a_check_in_back_is_in_the_trail(evening):
    cy = evening.entrants.get(name="Cy")
    services.entrant_update(entrant_id=cy.pk, checked_in=True, actor=DESK)

    services.entrant_update(entrant_id=cy.pk, checked_in=False, actor=DESK)

    assert not Entrant.objects.get(pk=cy.pk).checked_in
    assert [action for action, _, _ in trail(cy)] == [
        AuditAction.ENTRANT_CHECKED_IN,
        AuditAction.CHECK_IN_UNDONE,
    ]


def test_an_entrant_checks_in_from_its_link_but_not_once_withdrawn(evening):
    ann, bob = evening.entrants.get(name="Ann"), evening.entrants.get(name="Bob")
    services.entrant_update(entrant_id=bob.pk, withdrawn=True)

    services.entrant_check_in(entrant_id=ann.pk, actor=Actor(label="own link"))
    with pytest.raises(Conflict, match="withdrawn"):
        services.entrant_check_in(entrant_id=bob.pk, actor=Actor(label="own link"))

    assert Entrant.objects.get(pk=ann.pk).checked_in
    assert not Entrant.objects.get(pk=bob.pk).checked_in
    assert trail(ann)[0][1] == "own link"


def test_the_absentees_are_withdrawn_in_one_step_and_only_them(evening):
    for name in ("Ann", "Cy"):
        services.entrant_update(entrant_id=evening.entrants.get(name=name).pk, checked_in=True)

    withdrawn = services.absentees_withdraw(tournament_id=evening.pk, actor=DESK)

    assert sorted(e.name for e in withdrawn) == ["Bob", "Dee"]
    assert sorted(evening.entrants.filter(withdrawn=True).values_list("name", flat=True)) == ["Bob", "Dee"]
    assert services.absentees_withdraw(tournament_id=evening.pk, actor=DESK) == []


def test_after_round_1_the_absentees_are_those_not_checked_in_now(club):
    evening = make_tournament(club=club, entrants=4, rounds=3)
    start_round(evening)
    for name in ("Ann", "Bob", "Cy"):
        services.entrant_update(entrant_id=evening.entrants.get(name=name).pk, checked_in=True)

    assert [e.name for e in check_in.missing(evening).absent] == ["Dee"]
    assert [e.name for e in services.absentees_withdraw(tournament_id=evening.pk)] == ["Dee"]


def test_a_late_arrival_is_not_awaited_before_its_round(evening):
    Entrant.objects.filter(tournament=evening, name="Dee").update(joins_round=2)
    for name in ("Ann", "Bob", "Cy"):
        services.entrant_update(entrant_id=evening.entrants.get(name=name).pk, checked_in=True)

    assert check_in.missing(evening).absent == ()
