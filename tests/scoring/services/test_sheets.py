"""A paper sheet keyed at once (scoring/services/sheets.py): every deal recorded in one transaction
or none, the first refusal named by its deal, a repeated Save changing nothing, the director as the
actor, and the result's lifecycle as for any deal the director enters."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry
from scoring.models import AuditAction, AuditEvent, Deal, DealVersion, Source
from scoring.result_states import ResultStatus
from scoring.services.sheets import sheet_check, sheet_record
from tests.factories import ClubFactory, make_match, organizer

pytestmark = pytest.mark.django_db

SIDES = ["Wij", "Zij"]


def deal(playing: str, points: int) -> dict:
    other = SIDES[1] if playing == SIDES[0] else SIDES[0]
    return {"playing": playing, "points": {playing: points, other: 162 - points}}


def sheet(count: int = 8) -> list[dict]:
    return [deal(SIDES[i % 2], 90 + i) for i in range(count)]


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def director(club):
    user = organizer(club)
    return user, Actor(label=user.get_username(), user=user)


@pytest.fixture
def match(club):
    return make_match(
        club=club, game="klaverjas", sides=SIDES, options={"deals": 8}, confirmation="hand-over"
    )


def test_it_records_every_deal_as_entered_by_the_director(match, director):
    user, actor = director
    saved = sheet_record(match_id=match.pk, first=1, entries=sheet(), actor=actor, key="k1")
    assert saved.created
    assert [w.deal.number for w in saved.writes] == list(range(1, 9))
    versions = DealVersion.objects.filter(deal__match=match)
    assert versions.count() == 8
    assert {(v.actor_user_id, v.actor_label, v.source) for v in versions} == {
        (user.pk, user.get_username(), Source.ADMIN)
    }


def test_a_finished_sheet_is_confirmed_by_the_director(match, director):
    saved = sheet_record(match_id=match.pk, first=1, entries=sheet(), actor=director[1], key="k1")
    assert saved.match.status == "finished"
    assert saved.match.result_status == ResultStatus.CONFIRMED
    moved = AuditEvent.objects.get(match=match, action=AuditAction.RESULT_CONFIRMED)
    assert moved.actor_user_id == director[0].pk


def test_a_bad_deal_5_saves_nothing_and_says_deal_5(match, director):
    entries = sheet()
    entries[4] = {"playing": "Wij", "points": {"Wij": 100, "Zij": 50}}
    with pytest.raises(InvalidEntry) as refused:
        sheet_record(match_id=match.pk, first=1, entries=entries, actor=director[1], key="k1")
    assert refused.value.rule.startswith("deal 5: ")
    assert refused.value.field == "points"
    assert refused.value.extra["deal"] == 5
    assert Deal.objects.filter(match=match).count() == 0
    assert not AuditEvent.objects.filter(match=match, action=AuditAction.DEAL_RECORDED).exists()


def test_saving_the_same_sheet_again_changes_nothing(match, director):
    sheet_record(match_id=match.pk, first=1, entries=sheet(), actor=director[1], key="k1")
    again = sheet_record(match_id=match.pk, first=1, entries=sheet(), actor=director[1], key="k1")
    assert not again.created
    assert Deal.objects.filter(match=match).count() == 8
    assert AuditEvent.objects.filter(match=match, action=AuditAction.DEAL_RECORDED).count() == 8


def test_more_deals_than_the_match_lasts_are_refused_by_number(match, director):
    with pytest.raises(Conflict) as refused:
        sheet_record(match_id=match.pk, first=1, entries=sheet(9), actor=director[1], key="k1")
    assert refused.value.rule.startswith("deal 9: ")
    assert Deal.objects.filter(match=match).count() == 0


def test_it_keys_on_from_the_deals_a_phone_entered(match, director):
    phone = Actor(label="table link", via_table_link=True)
    first_two = sheet()[:2]
    for entry in first_two:
        sheet_record(
            match_id=match.pk,
            first=Deal.objects.filter(match=match).count() + 1,
            entries=[entry],
            actor=phone,
            key="p",
        )
    saved = sheet_record(match_id=match.pk, first=3, entries=sheet()[2:], actor=director[1], key="k2")
    assert saved.match.result_status == ResultStatus.CONFIRMED
    assert [w.deal.number for w in saved.writes] == list(range(3, 9))


def test_the_check_writes_nothing_and_refuses_as_save_does(match, director):
    state = sheet_check(match=match, first=1, entries=sheet(3))
    assert [d.number for d in state.deals] == [1, 2, 3]
    entries = sheet(3)
    entries[1] = {"points": {"Wij": 81, "Zij": 81}}
    with pytest.raises(InvalidEntry) as refused:
        sheet_check(match=match, first=1, entries=entries)
    assert refused.value.rule.startswith("deal 2: ")
    with pytest.raises(Conflict):
        sheet_check(match=match, first=4, entries=sheet(1))
    assert Deal.objects.filter(match=match).count() == 0


def test_an_empty_sheet_or_a_missing_key_is_refused(match, director):
    with pytest.raises(InvalidEntry):
        sheet_record(match_id=match.pk, first=1, entries=[], actor=director[1], key="k")
    with pytest.raises(InvalidEntry):
        sheet_record(match_id=match.pk, first=1, entries=sheet(1), actor=director[1], key="")
