"""The English a tournament stored before its titles were data (scoring/old_titles.py), read once
into data by migration scoring/0013 and by an old evening file, and written back exactly as it was
(the form an evening's parts are hashed in; the migration's way back)."""

from __future__ import annotations

import pytest

from scoring.old_titles import (
    parsed_closed,
    parsed_match,
    parsed_round,
    parsed_title,
    written_closed,
    written_match,
    written_title,
)


@pytest.mark.parametrize(
    ("title", "parts"),
    [
        ("Spring cup · round 2, table 3", {"event": "Spring cup", "round": 2, "table": 3, "game": 1}),
        ("Spring cup · round 2, table 3, game 2", {"event": "Spring cup", "round": 2, "table": 3, "game": 2}),
        ("Cup · Semi-finals, table 1", {"event": "Cup", "round": "Semi-finals", "table": 1, "game": 1}),
        ("Belote · Game 3, table 12", {"event": "Belote", "round": "Game 3", "table": 12, "game": 1}),
        ("A · B · round 1, table 2", {"event": "A · B", "round": 1, "table": 2, "game": 1}),
    ],
)
def test_a_written_title_is_read_into_its_parts_and_written_back(title, parts):
    assert parsed_title(title) == parts
    assert written_title(parts) == title


@pytest.mark.parametrize(
    "title",
    [
        "",
        "Ann v Bob",
        "Monday coinche, table 1",  # no event
        "Cup · round 2",  # no table
        "Cup · round 2, table 03",  # not as it would be written back
        "Cup · round 2, table 3, game 1",
    ],
)
def test_any_other_title_stays_a_free_title(title):
    assert parsed_title(title) is None
    assert parsed_match({"title": title, "result_detail": {}}) == {"title": title, "result_detail": {}}


def test_a_round_s_name_is_read_into_its_number_or_kept_as_a_label():
    assert [parsed_round(name) for name in ("round 2", "round 12", "Semi-finals", "round 02", "Round 2")] == [
        2,
        12,
        "Semi-finals",
        "round 02",
        "Round 2",
    ]


@pytest.mark.parametrize(
    ("written", "parsed"),
    [
        ({"closed": "round 2", "actor": "tournament"}, {"closed": 2, "actor": "tournament"}),
        ({"from": "confirmed", "closed": "round 1"}, {"from": "confirmed", "closed": 1}),
        ({"reason": "scores swapped", "closed": ""}, {"reason": "scores swapped", "closed": ""}),
        ({"actor": "Ann"}, {"actor": "Ann"}),
        ({}, {}),
    ],
)
def test_the_closed_round_is_read_into_its_number_and_written_back(written, parsed):
    assert parsed_closed(written) == parsed
    assert written_closed(parsed) == written


def test_a_match_s_fields_are_read_into_data_once_and_written_back():
    old = {
        "title": "Cup · round 1, table 2, game 3",
        "result_detail": {"closed": "round 1"},
        "status": "finished",
    }
    new = parsed_match(old)
    assert new == {
        "title": "",
        "title_parts": {"event": "Cup", "round": 1, "table": 2, "game": 3},
        "result_detail": {"closed": 1},
        "status": "finished",
    }
    assert parsed_match(new) == new  # data stays data
    assert written_match(new) == old
    friendly = {"title": "Friday friendly", "title_parts": None, "result_detail": {}}
    assert parsed_match(friendly) == friendly
    assert written_match(friendly) == {"title": "Friday friendly", "result_detail": {}}
