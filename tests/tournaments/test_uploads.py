"""The console's entrants file, read into rows for the entrant contract."""

from __future__ import annotations

import io

import pytest

from clubs.errors import InvalidEntry
from tournaments.uploads import line_of, parse_entrants_csv, read_upload


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
