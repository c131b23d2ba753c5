"""An evening that travels more than once: brought up to date when only the file changed (a
fast-forward), left alone when the file is the same or older, refused when both sides changed,
naming what differs; and files that are cut short, edited or of another kind, refused. A refusal
changes nothing: every row of the database is as before."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command

from clubs import archive
from clubs.access import Actor
from clubs.travel.arrival import Arrival
from clubs.travel.envelope import EveningFileError, dumps
from scoring.services.deals import deal_correct, deal_record
from tests.factories import organizer
from tests.rows import table_rows
from tests.tournaments.factories import current_match, winning_entry
from tests.tournaments.travel.conftest import exported, gone
from tournaments.models import TableAssignment, Tournament
from tournaments.services import standings_recompute
from tournaments.travel.document import evening_body, parts_of
from tournaments.travel.service import import_evening

pytestmark = pytest.mark.django_db
DIRECTOR = Actor(label="Olga")


def arrive(document: dict[str, Any] | str, tournament: Tournament) -> Any:
    text = document if isinstance(document, str) else dumps(document)
    return import_evening(data=text, club=tournament.club)


def play_on(tournament: Tournament, round_number: int, table: int, side: int = 0) -> None:
    """A deal entered at a table still playing."""
    match = current_match(
        TableAssignment.objects.get(round__tournament=tournament, round__number=round_number, number=table)
    )
    deal_record(match_id=match.pk, entry=winning_entry(match, side), actor=DIRECTOR)


def correct(tournament: Tournament, round_number: int, table: int) -> None:
    """A deal corrected by the director after its round closed."""
    match = current_match(
        TableAssignment.objects.get(round__tournament=tournament, round__number=round_number, number=table)
    )
    version = match.deals.get(number=1).version
    director = Actor(label="Olga", user=organizer(tournament.club))
    deal_correct(
        match_id=match.pk,
        number=1,
        entry=winning_entry(match, 1),
        expected_version=version,
        actor=director,
        reason="misread",
    )


def test_an_evening_changed_only_in_the_file_is_brought_up_to_date(played: Tournament) -> None:
    first = exported(played)
    play_on(played, 2, 3)  # the laptop plays on after the first export
    second = exported(played)
    gone(played)
    assert arrive(first, played).arrival is Arrival.CREATED
    copy = Tournament.objects.get(evening=played.evening)
    slips = set(copy.physical_tables.values_list("pk", "number", "secret", "revoked"))
    assert arrive(second, played).arrival is Arrival.UPDATED
    copy.refresh_from_db()
    assert (
        set(copy.physical_tables.values_list("pk", "number", "secret", "revoked")) == slips
    )  # slips stay good
    assert Tournament.objects.get(evening=played.evening).pk == copy.pk  # the same tournament, updated
    assert parts_of(evening_body(copy)) == parts_of(second)
    assert dict(standings_recompute(tournament_id=copy.pk)) == Tournament.objects.get(pk=copy.pk).standings
    before = table_rows()
    assert arrive(second, played).arrival is Arrival.SAME
    assert arrive(first, played).arrival is Arrival.OLDER
    assert table_rows() == before


def test_the_site_s_copy_travels_back_and_forward_again(played: Tournament) -> None:
    """Laptop → site, the site plays on and exports → the laptop's copy is brought up to date."""
    laptop_file = exported(played)
    gone(played)
    arrive(laptop_file, played)  # now "the site"
    site = Tournament.objects.get(evening=played.evening)
    play_on(site, 2, 3)
    site_file = exported(site)
    assert site_file["history"][:-1] == laptop_file["history"]
    gone(site)
    arrive(laptop_file, played)  # "the laptop" again, as it was when the file left
    assert arrive(site_file, played).arrival is Arrival.UPDATED


def test_an_evening_changed_on_both_sides_is_refused_naming_what_differs(played: Tournament) -> None:
    first = exported(played)
    play_on(played, 2, 3)
    second = exported(played)
    gone(played)
    arrive(first, played)
    copy = Tournament.objects.get(evening=played.evening)
    correct(copy, 1, 1)  # changed here, meanwhile
    before = table_rows()
    with pytest.raises(EveningFileError) as refused:
        arrive(second, played)
    message = str(refused.value)
    assert "deal 1 of table 3, round 2: changed in the file" in message
    assert "deal 1 of table 1, round 1: changed here" in message
    assert table_rows() == before


def test_the_same_deal_changed_on_both_sides_is_named_so(played: Tournament) -> None:
    first = exported(played)
    play_on(played, 2, 3, side=0)
    second = exported(played)
    gone(played)
    arrive(first, played)
    play_on(Tournament.objects.get(evening=played.evening), 2, 3, side=1)
    with pytest.raises(EveningFileError, match="deal 1 of table 3, round 2: changed here and in the file"):
        arrive(second, played)


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (lambda text: text[: len(text) // 2], "cut short"),
        (
            lambda text: text.replace('"status": "finished"', '"status": "adjusted"', 1),
            "digest does not match",
        ),
        (lambda text: text.replace('"digest": "', '"digest": "0', 1), "digest does not match"),
        (lambda text: text.replace('\n "version": 1', '\n "version": 7', 1), "another version"),
        (lambda text: "", "cut short"),
        (lambda text: "[]", "not a Tablescore evening file"),
    ],
    ids=["truncated", "tampered", "digest-edited", "other-version", "empty", "not-an-object"],
)
def test_a_spoiled_file_is_refused_and_nothing_changes(played: Tournament, spoil: Any, said: str) -> None:
    text = dumps(exported(played))
    gone(played)
    before = table_rows()
    with pytest.raises(EveningFileError, match=said):
        arrive(spoil(text), played)
    assert table_rows() == before


def test_a_club_archive_is_not_an_evening(played: Tournament) -> None:
    text = archive.dumps(archive.export_club(played.club.slug))
    with pytest.raises(EveningFileError, match="not a Tablescore evening file"):
        arrive(text, played)


def test_the_commands_move_an_evening(played: Tournament, tmp_path: Any) -> None:
    path = tmp_path / "evening.json"
    call_command("export_evening", str(played.pk), "-o", str(path), stdout=io.StringIO())
    gone(played)
    out = io.StringIO()
    call_command("import_evening", str(path), "--club", played.club.slug, stdout=out)
    assert "imported" in out.getvalue()
    out = io.StringIO()
    call_command("import_evening", str(path), "--club", played.club.slug, stdout=out)
    assert "already here" in out.getvalue()
