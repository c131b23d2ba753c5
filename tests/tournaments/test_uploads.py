"""The console's entrants file, read into rows for the entrant contract."""

from __future__ import annotations

import io

import pytest

from clubs.errors import InvalidEntry
from tournaments.uploads import line_of, parse_entrant_lines, parse_entrants_csv, read_upload, split_players


def test_it_parses_an_entrants_csv():
    rows = parse_entrants_csv("\ufeffName,Players,Club,Seed\nAces,Ann;Bob,Lyon,1\n\nKings,Cy / Dee,,\n")
    assert rows == [
        {"name": "Aces", "players": ["Ann", "Bob"], "club": "Lyon", "seed": "1"},
        {"name": "Kings", "players": ["Cy", "Dee"]},
    ]
    with pytest.raises(InvalidEntry):
        parse_entrants_csv("who,what\nAnn,x\n")


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("name,colour\nAnn,red\n", "unknown column 'colour'; columns: name, players, club, seed, rating"),
        ("name\n\n", "the CSV has no entrants"),
    ],
)
def test_it_refuses_a_file_it_cannot_read_naming_the_file(text, rule):
    with pytest.raises(InvalidEntry) as caught:
        parse_entrants_csv(text)
    assert (caught.value.field, caught.value.rule) == ("file", rule)


def test_it_reads_utf8_and_falls_back_to_latin1():
    assert read_upload(io.BytesIO("name\nZoé\n".encode())) == "name\nZoé\n"
    assert read_upload(io.BytesIO("name\nZoé\n".encode("latin-1"))) == "name\nZoé\n"


def test_it_counts_the_header_as_line_one():
    assert line_of(0) == 2


def test_it_reads_a_pasted_list_one_entrant_a_line_with_its_line_numbers():
    rows, lines = parse_entrant_lines("Ann\n\n  Bob & Cy \nDee, Ely\nLes As: Fay; Gus\nSolo:\n")
    assert rows == [
        {"name": "Ann"},
        {"name": "Bob & Cy", "players": ["Bob", "Cy"]},
        {"name": "Dee & Ely", "players": ["Dee", "Ely"]},
        {"name": "Les As", "players": ["Fay", "Gus"]},
        {"name": "Solo"},
    ]
    assert lines == [1, 3, 4, 5, 6]


def test_it_refuses_an_empty_list_naming_the_box():
    with pytest.raises(InvalidEntry) as caught:
        parse_entrant_lines("\n  \n")
    assert caught.value.field == "entrants"


def test_it_splits_partners_on_what_people_type_between_them():
    assert split_players("Ann & Bob") == ["Ann", "Bob"]
    assert split_players("Ann, Bob") == ["Ann", "Bob"]
    assert split_players("Ann;Bob / Cy") == ["Ann", "Bob", "Cy"]
    assert split_players("  ") == []
