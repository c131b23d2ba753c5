"""A friendly match travels as a tournament does (``scoring.travel.friendly``): new ids here, its
identity kept (``public_id``), every version, audit event and conflict kept (the conflict an
audit event names remapped), a second import a no-op, a later file an update in place (the same
match id, so its link and scoreboard stay), a match changed on both sides refused."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.access import Actor
from clubs.travel.arrival import Arrival
from clubs.travel.envelope import EveningFileError, dumps, opened
from scoring.models import AuditEvent, DealConflict, DealVersion, Match
from scoring.services.deals import deal_correct, deal_record, deal_record_numbered, deal_void
from scoring.travel.friendly import export_match, import_match, match_body
from tests.factories import ClubFactory, make_match
from tests.rows import table_rows
from tournaments.travel.service import import_evening

pytestmark = pytest.mark.django_db
OLGA = Actor(label="Olga", ip="192.0.2.7")


def points(a: int, b: int) -> dict[str, Any]:
    return {"points": {"Ann": a, "Ben": b}}


@pytest.fixture
def friendly() -> Match:
    match = make_match(club=ClubFactory(slug="home"), deals=[points(10, 5), points(3, 8), points(7, 7)])
    deal_correct(match_id=match.pk, number=1, entry=points(11, 5), expected_version=1, actor=OLGA)
    deal_void(match_id=match.pk, number=2, reason="wrong table", expected_version=1, actor=OLGA)
    deal_record_numbered(match_id=match.pk, number=3, entry=points(1, 1), actor=OLGA)  # a conflict
    match.refresh_from_db()
    return match


def gone(match: Match) -> dict[str, Any]:
    body = match_body(match)
    match.delete()
    return body


def test_a_friendly_match_arrives_whole(friendly: Match) -> None:
    document = export_match(match_id=friendly.pk)
    versions = DealVersion.objects.filter(deal__match=friendly).count()
    events = AuditEvent.objects.filter(match=friendly).count()
    body = gone(friendly)
    outcome = import_evening(data=dumps(document), club=friendly.club)  # the command's entry point
    assert outcome.arrival is Arrival.CREATED
    copy = Match.objects.get(public_id=friendly.public_id)
    assert copy.pk != friendly.pk
    assert match_body(copy) == body
    assert copy.state == friendly.state
    assert DealVersion.objects.filter(deal__match=copy).count() == versions == 5
    conflict = DealConflict.objects.get(match=copy)
    recorded = AuditEvent.objects.get(match=copy, action="conflict_recorded")
    assert recorded.detail["conflict"] == conflict.pk
    assert AuditEvent.objects.filter(match=copy).count() == events


def two_files_and_a_copy_of_the_first(friendly: Match) -> tuple[dict[str, Any], dict[str, Any], Match]:
    """The match exported, played on and exported again; then deleted, and the first file
    imported (the other Tablescore's copy)."""
    first = export_match(match_id=friendly.pk)
    deal_record(match_id=friendly.pk, entry=points(9, 2), actor=OLGA)
    second = export_match(match_id=friendly.pk)
    gone(friendly)
    import_match(data=dumps(first), club=friendly.club)
    return first, second, Match.objects.get(public_id=friendly.public_id)


def test_the_same_match_twice_changes_nothing_and_a_later_file_updates_it(friendly: Match) -> None:
    first, second, copy = two_files_and_a_copy_of_the_first(friendly)
    before = table_rows()
    assert import_match(data=dumps(first), club=friendly.club).arrival is Arrival.SAME
    assert table_rows() == before
    assert import_match(data=dumps(second), club=friendly.club).arrival is Arrival.UPDATED
    updated = Match.objects.get(public_id=friendly.public_id)
    assert updated.pk == copy.pk
    assert updated.deals.count() == 4


def test_a_match_changed_on_both_sides_is_refused(friendly: Match) -> None:
    _, second, copy = two_files_and_a_copy_of_the_first(friendly)
    deal_correct(match_id=copy.pk, number=3, entry=points(0, 9), expected_version=1, actor=OLGA)
    before = table_rows()
    with pytest.raises(EveningFileError) as refused:
        import_match(data=dumps(second), club=friendly.club)
    assert "deal 3: changed here" in str(refused.value)
    assert "deal 4: changed in the file" in str(refused.value)
    assert table_rows() == before


def test_a_tournament_file_is_not_a_friendly_match(friendly: Match) -> None:
    document = export_match(match_id=friendly.pk)
    with pytest.raises(EveningFileError, match="friendly match, not a tournament"):
        opened(dumps(document), kind="tournament")


def test_the_commands_move_a_friendly_match(friendly: Match, tmp_path: Any) -> None:
    path = tmp_path / "match.json"
    call_command("export_evening", "--match", str(friendly.pk), "-o", str(path), stdout=io.StringIO())
    with pytest.raises(CommandError, match="name one evening"):
        call_command("export_evening", "1", "--match", str(friendly.pk), stdout=io.StringIO())
    gone(friendly)
    out = io.StringIO()
    call_command("import_evening", str(path), "--club", "home", stdout=out)
    assert "was imported" in out.getvalue()
    assert Match.objects.get(public_id=friendly.public_id).deals.count() == 3
    with pytest.raises(CommandError, match="no club 'nowhere'"):
        call_command("import_evening", str(path), "--club", "nowhere", stdout=io.StringIO())
