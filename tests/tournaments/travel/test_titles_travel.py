"""A table's title and a closed round travel as data (issue #24): an evening moved to another
Tablescore keeps them, and a file written before they were data (their English: "Cup · round 1,
table 2", "round 1") still arrives, read into data as the migration read the database, under
the fingerprint it was written with."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from django.utils import translation

from clubs.travel.arrival import Arrival
from clubs.travel.envelope import EveningFileError, dumps, sealed
from clubs.travel.lineage import fingerprint
from scoring.models import AuditEvent, Match
from scoring.old_titles import CLOSING_ACTIONS, written_closed, written_match
from tests.tournaments.travel.conftest import exported, gone
from tournaments.models import Tournament
from tournaments.travel.document import evening_body, parts_of
from tournaments.travel.service import import_evening

pytestmark = pytest.mark.django_db


def titles(tournament: Tournament) -> list[tuple[Any, ...]]:
    """Each table match's title as data and said in French, its closed round, and the closed
    rounds its trail names, in the evening's order."""
    matches = Match.objects.filter(tournament_game__table__round__tournament=tournament).order_by(
        "tournament_game__table__round__number", "tournament_game__table__number", "tournament_game__sequence"
    )
    with translation.override("fr"):
        return [
            (
                m.title,
                m.title_parts,
                str(m),
                m.result_detail.get("closed"),
                sorted(
                    str(e.detail.get("closed"))
                    for e in AuditEvent.objects.filter(match=m, action__in=CLOSING_ACTIONS)
                ),
            )
            for m in matches
        ]


def as_written_before(document: dict[str, Any]) -> dict[str, Any]:
    """The file as a Tablescore of before issue #24 wrote it: English titles and round names."""
    body = {key: value for key, value in document.items() if key not in ("format", "version", "digest")}
    body["matches"] = [written_match(row) for row in body["matches"]]
    body["audit"] = [
        {**row, "detail": written_closed(row["detail"])} if row["action"] in CLOSING_ACTIONS else row
        for row in body["audit"]
    ]
    return sealed(body)


def test_the_titles_travel_as_data(played: Tournament) -> None:
    document = exported(played)
    before = titles(played)
    assert before[0][:4] == (
        "",
        {"event": played.name, "round": 1, "table": 1, "game": 1},
        f"{played.name} · ronde 1, table 1",
        1,
    )
    assert all("title_parts" in row and row["title"] == "" for row in document["matches"])
    gone(played)
    assert import_evening(data=dumps(document), club=played.club).arrival is Arrival.CREATED
    assert titles(Tournament.objects.get(club=played.club)) == before


def test_a_file_written_before_titles_were_data_still_arrives(played: Tournament) -> None:
    document = exported(played)
    before = titles(played)
    old = as_written_before(document)
    assert old["matches"][0]["title"] == f"{played.name} · round 1, table 1"
    assert "title_parts" not in old["matches"][0]
    assert {row["detail"].get("closed") for row in old["audit"] if row["action"] == "result_closed"} == {
        "round 1"
    }
    assert fingerprint(parts_of(old)) == old["fingerprint"] == document["fingerprint"]
    body = gone(played)

    outcome = import_evening(data=dumps(old), club=played.club)

    assert outcome.arrival is Arrival.CREATED
    copy = Tournament.objects.get(club=played.club)
    assert titles(copy) == before  # read into data, said as before
    assert evening_body(copy) == body
    assert import_evening(data=dumps(old), club=played.club).arrival is Arrival.SAME


@pytest.mark.parametrize(
    "parts", [{"event": "Cup", "round": 1}, {"event": "Cup", "round": 1, "table": "x"}, "Cup"]
)
def test_a_file_whose_title_parts_say_no_title_is_refused(played: Tournament, parts: Any) -> None:
    document = exported(played)
    body = {key: value for key, value in document.items() if key not in ("format", "version", "digest")}
    body["matches"] = [{**body["matches"][0], "title_parts": parts}, *body["matches"][1:]]
    with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError):
        body["fingerprint"] = fingerprint(parts_of(body))
    gone(played)
    with pytest.raises(EveningFileError):
        import_evening(data=dumps(sealed(body)), club=played.club)
    assert not Match.objects.filter(club=played.club).exists()
