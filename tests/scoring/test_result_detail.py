"""A result's detail, typed (scoring/result_detail.py): read from the stored JSON and written
back exactly as it was stored."""

import pytest

from scoring.models import Match
from scoring.result_detail import Difference, ResultDetail
from tests.factories import make_match

STORED = [
    {},
    {"actor": "table link", "by": "Ben"},
    {"closed": 2, "actor": "Dee", "reason": "9, not 10", "by": "Ann", "deal": 2},
    {"entered": []},
    {"entered": ["Ann", "Ben"], "how": "identical", "actor": "table link"},
    {
        "actor": "Dee",
        "picked": "Ben",
        "reason": "Ben kept the sheet",
        "entered": ["Ann", "Ben"],
        "diff": [{"deal": 3, "field": "points", "values": [10, 12]}],
    },
    {"closed": 1, "by": None, "later": {"kept": True}},
    {"closed": "Semi-finals", "actor": "tournament"},
]


@pytest.mark.parametrize("stored", STORED)
def test_it_writes_back_what_it_read(stored):
    assert ResultDetail.of(stored).as_json() == stored


def test_it_reads_the_stored_keys_as_typed_attributes():
    detail = ResultDetail.of(STORED[5])
    assert (detail.picked, detail.entered, detail.closed) == ("Ben", ("Ann", "Ben"), None)
    assert detail.differences == (Difference(deal=3, field="points", values=(10, 12)),)
    assert ResultDetail.of(None) == ResultDetail.of({}) == ResultDetail()
    assert (ResultDetail().closed_round, ResultDetail().sides_entered, ResultDetail().differences) == (
        "",
        (),
        (),
    )


def test_a_change_keeps_the_other_keys():
    changed = ResultDetail.of(STORED[1]).but(closed=3, entered=("Ann",)).as_json()
    assert changed == {"actor": "table link", "by": "Ben", "closed": 3, "entered": ["Ann"]}


@pytest.mark.django_db
def test_a_match_reads_its_stored_detail_and_stores_it_back_unchanged():
    match = make_match()
    Match.objects.filter(pk=match.pk).update(result_detail=STORED[5])
    match.refresh_from_db()
    assert match.detail.picked == "Ben"
    match.result_detail = match.detail.as_json()
    match.save(update_fields=["result_detail"])
    match.refresh_from_db()
    assert match.result_detail == STORED[5]
