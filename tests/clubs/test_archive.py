"""Club archives: ``export_club`` and ``import_club`` round-trip the demo club, refuse what they
cannot restore faithfully, and cover every model that belongs to a club."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.urls import reverse

from clubs import archive
from clubs.access import Actor
from clubs.models import Club, Player
from scoring.links import match_for_token, table_token
from scoring.models import AuditEvent, DealVersion, IdempotentRequest, Match
from scoring.old_titles import CLOSING_ACTIONS, written_closed, written_match
from scoring.services.deals import deal_correct, deal_record, deal_void
from scoring.services.matches import rematch
from tests.factories import ClubFactory, PlayerFactory, make_match, organizer
from tests.tournaments.factories import make_tournament
from tournaments.models import Tournament
from tournaments.services import standings_recompute

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo() -> Club:
    """The demo club, with what the demo alone lacks: an organizer's corrections and void, an
    idempotent deal, a player with an account, a rematch."""
    call_command("demo", admin=True, stdout=io.StringIO())
    club = Club.objects.get(slug="demo")
    user = organizer(club, user__first_name="Olga", user__email="olga@example.invalid")
    by_olga = Actor(label="Olga", user=user, ip="192.0.2.7")
    tally = Match.objects.get(club=club, title="Rummy night (tally)")
    deal_correct(
        match_id=tally.pk,
        number=1,
        entry={"points": {"Kit": 100, "Lou": 80, "Ann": 95}},
        expected_version=1,
        actor=by_olga,
    )
    deal_record(
        match_id=tally.pk,
        entry={"points": {"Kit": 10, "Lou": 20, "Ann": 30}},
        actor=by_olga,
        idempotency_key="k-1",
    )
    jam = Match.objects.get(club=club, title="JAM: Ida v Jo")
    deal_void(match_id=jam.pk, number=1, reason="wrong table", expected_version=1, actor=by_olga)
    rematch(match=jam, actor=by_olga)
    Player.objects.filter(name="Ann").update(user=user)
    return club


def export(tmp_path: Path, slug: str = "demo", name: str = "club.json") -> dict[str, Any]:
    path = tmp_path / name
    call_command("export_club", slug, "-o", str(path), stdout=io.StringIO())
    return dict(json.loads(path.read_text(encoding="utf-8")))


def restore(path: Path) -> str:
    out = io.StringIO()
    call_command("import_club", str(path), stdout=out)
    return out.getvalue()


def without_date(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key != "exported_at"}


def highest_id(document: dict[str, Any], label: str) -> int:
    return max(obj["pk"] for obj in document["objects"] if obj["model"] == label)


def trail(club: Club) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every deal version and audit event of the club, as the database holds them."""
    versions = list(DealVersion.objects.filter(club=club).order_by("pk").values())
    events = list(AuditEvent.objects.filter(club=club).order_by("pk").values())
    return versions, events


def empty_the_database() -> None:
    """As a new database: no club, player or account, and (PostgreSQL) every id sequence at 1."""
    Club.objects.all().delete()
    Player.objects.all().delete()
    get_user_model().objects.all().delete()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for model in archive.archived_models():
                cursor.execute(
                    "SELECT setval(pg_get_serial_sequence(%s, %s), 1, false)",
                    [model._meta.db_table, model._meta.pk.column],
                )


def test_it_restores_a_deleted_club_as_it_was(demo, tmp_path, client):
    match = Match.objects.get(club=demo, title="Monday coinche, table 1")
    token = table_token(match)
    versions, events = trail(demo)
    standings = {t.pk: t.standings for t in Tournament.objects.filter(club=demo)}
    first = export(tmp_path)
    demo.delete()

    out = restore(tmp_path / "club.json")

    assert "Restored club 'demo'" in out
    assert "linked to rows already here: 2 auth.user, 33 clubs.player" in out
    club = Club.objects.get(slug="demo")
    assert without_date(export(tmp_path, name="again.json")) == without_date(first)
    assert trail(club) == (versions, events)
    assert match_for_token(token) == match
    assert client.get(reverse("scoring:table", args=[token])).status_code == 200
    assert IdempotentRequest.objects.get(club=club).key == "k-1"
    restored = Tournament.objects.filter(club=club)
    assert {t.pk: t.standings for t in restored} == standings
    for tournament in restored:
        assert standings_recompute(tournament_id=tournament.pk) == standings[tournament.pk]


def test_it_restores_a_club_into_a_new_database(demo, tmp_path):
    first = export(tmp_path)
    assert first["format"] == "tablescore-club-archive"
    assert first["version"] == 2
    assert first["club"] == "demo"
    assert first["counts"]["scoring.dealversion"] == DealVersion.objects.filter(club=demo).count()
    assert first["counts"]["auth.user"] == 2
    accounts = {obj["fields"]["username"]: obj for obj in first["objects"] if obj["model"] == "auth.user"}
    hashes = dict(get_user_model().objects.values_list("username", "password"))
    assert {name: obj["fields"]["password"] for name, obj in accounts.items()} == hashes
    assert all("pk" not in obj for obj in accounts.values())  # accounts travel by username
    empty_the_database()

    out = restore(tmp_path / "club.json")

    assert "linked" not in out
    assert without_date(export(tmp_path, name="again.json")) == without_date(first)
    olga = get_user_model().objects.get(first_name="Olga")
    assert olga.check_password("a-good-password")
    assert Player.objects.get(name="Ann").user == olga
    versions = DealVersion.objects.filter(club__slug="demo", actor_user=olga).order_by("pk")
    assert [(v.deal.match.title, v.deal.number, v.version, v.voided) for v in versions] == [
        ("Rummy night (tally)", 1, 2, False),
        ("Rummy night (tally)", 2, 1, False),
        ("JAM: Ida v Jo", 1, 2, True),
    ]
    # The id sequences moved past the restored ids: new rows do not collide with them.
    club = Club.objects.get(slug="demo")
    assert make_match(club=club).pk > highest_id(first, "scoring.match")
    assert make_tournament(club=club, name="After", entrants=2).pk > highest_id(
        first, "tournaments.tournament"
    )
    assert PlayerFactory().pk > highest_id(first, "clubs.player")


def as_written_before_clubs_moved(document: dict[str, Any]) -> dict[str, Any]:
    """The document as version 1 wrote it: the club's own rows were labelled ``scoring.*``."""

    def old(label: str) -> str:
        return label.replace("clubs.", "scoring.")

    return {
        **document,
        "version": 1,
        "counts": {old(label): count for label, count in document["counts"].items()},
        "objects": [{**obj, "model": old(obj["model"])} for obj in document["objects"]],
    }


def test_it_restores_an_archive_written_before_the_clubs_moved(demo, tmp_path):
    first = export(tmp_path)
    written = as_written_before_clubs_moved(first)
    assert written["counts"]["scoring.club"] == 1
    (tmp_path / "v1.json").write_text(json.dumps(written), encoding="utf-8")
    demo.delete()

    out = restore(tmp_path / "v1.json")

    assert "Restored club 'demo'" in out
    assert without_date(export(tmp_path, name="again.json")) == without_date(first)


def as_written_before_titles_were_data(document: dict[str, Any]) -> dict[str, Any]:
    """The document as it was written while tournaments stored English titles and round names."""

    def old(obj: dict[str, Any]) -> dict[str, Any]:
        fields = obj["fields"]
        if obj["model"] == "scoring.match":
            return {**obj, "fields": written_match(fields)}
        if obj["model"] == "scoring.auditevent" and fields["action"] in CLOSING_ACTIONS:
            return {**obj, "fields": {**fields, "detail": written_closed(fields["detail"])}}
        return obj

    return {**document, "objects": [old(obj) for obj in document["objects"]]}


def test_it_restores_an_archive_written_before_titles_were_data(demo, tmp_path):
    first = export(tmp_path)
    written = as_written_before_titles_were_data(first)
    matches = [obj["fields"] for obj in written["objects"] if obj["model"] == "scoring.match"]
    assert not any("title_parts" in fields for fields in matches)
    assert any(" · round 1, table 1" in fields["title"] for fields in matches)
    assert any(fields["result_detail"].get("closed") == "round 1" for fields in matches)
    said = {match.pk: str(match) for match in Match.objects.filter(club=demo)}
    (tmp_path / "old.json").write_text(json.dumps(written), encoding="utf-8")
    demo.delete()

    restore(tmp_path / "old.json")

    assert without_date(export(tmp_path, name="again.json")) == without_date(first)
    assert {match.pk: str(match) for match in Match.objects.filter(club__slug="demo")} == said


def test_it_writes_the_archive_to_standard_output(demo):
    out = io.StringIO()

    call_command("export_club", "demo", stdout=out)

    document = json.loads(out.getvalue())
    assert sum(document["counts"].values()) == len(document["objects"])
    assert document["counts"]["tournaments.tablegame"] > 0


def test_it_refuses_to_export_a_club_that_is_not_there(tmp_path):
    with pytest.raises(CommandError, match="there is no club 'nowhere'"):
        call_command("export_club", "nowhere", "-o", str(tmp_path / "x.json"))

    assert not (tmp_path / "x.json").exists()


def test_it_refuses_to_import_over_a_club_that_is_there(demo, tmp_path):
    export(tmp_path)
    before = (Match.objects.count(), DealVersion.objects.count(), AuditEvent.objects.count())

    with pytest.raises(CommandError, match="club 'demo' is already in this database"):
        restore(tmp_path / "club.json")

    assert (Match.objects.count(), DealVersion.objects.count(), AuditEvent.objects.count()) == before


def test_it_refuses_ids_another_club_uses_and_changes_nothing(tmp_path):
    club = ClubFactory(slug="north")
    match = make_match(club=club, deals=[{"points": {"Ann": 5, "Ben": 3}}])
    export(tmp_path, "north")
    club.delete()
    other = ClubFactory(slug="south")
    Match.objects.create(pk=match.pk, club=other, game_key="tally", options={}, sides=["X", "Y"])

    with pytest.raises(CommandError, match=rf"ids the club's rows keep .*scoring\.match {match.pk}"):
        restore(tmp_path / "club.json")

    assert not Club.objects.filter(slug="north").exists()
    assert Match.objects.get(pk=match.pk).club == other


def test_it_refuses_a_player_id_taken_by_someone_else(tmp_path):
    club = ClubFactory(slug="north")
    ann = PlayerFactory(name="Ann")
    club.players.add(ann)
    export(tmp_path, "north")
    club.delete()
    Player.objects.filter(pk=ann.pk).update(name="Zoe")

    with pytest.raises(CommandError, match=f"player {ann.pk} is 'Zoe' here but 'Ann' in the archive"):
        restore(tmp_path / "club.json")

    assert not Club.objects.filter(slug="north").exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json at all", "not a Tablescore club archive: it is not JSON"),
        ("[1, 2]", 'not a Tablescore club archive \\(no "format"'),
        ('{"format": "tablescore-club-archive", "version": 3}', "archive version 3 is not supported"),
        ('{"format": "tablescore-club-archive", "version": 1}', "header is incomplete"),
    ],
)
def test_it_refuses_a_file_that_is_not_an_archive(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")

    with pytest.raises(CommandError, match=message):
        restore(path)


def test_it_refuses_an_archive_that_was_cut_short_and_changes_nothing(tmp_path):
    club = ClubFactory(slug="north")
    make_match(club=club, deals=[{"points": {"Ann": 5, "Ben": 3}}])
    document = export(tmp_path, "north")
    club.delete()
    document["objects"] = [obj for obj in document["objects"] if obj["model"] != "scoring.deal"]
    (tmp_path / "cut.json").write_text(json.dumps(document), encoding="utf-8")

    with pytest.raises(CommandError, match=r"counts 1 rows of scoring\.deal but it holds 0"):
        restore(tmp_path / "cut.json")

    assert not Club.objects.filter(slug="north").exists()


def test_it_refuses_rows_that_point_nowhere_and_changes_nothing(tmp_path):
    club = ClubFactory(slug="north")
    make_match(club=club, deals=[{"points": {"Ann": 5, "Ben": 3}}])
    document = export(tmp_path, "north")
    club.delete()
    for obj in document["objects"]:
        if obj["model"] == "scoring.dealversion":
            obj["fields"]["deal"] = 999_999
    (tmp_path / "edited.json").write_text(json.dumps(document), encoding="utf-8")

    with pytest.raises(CommandError, match="could not be restored, nothing was changed"):
        restore(tmp_path / "edited.json")

    assert not Club.objects.filter(slug="north").exists()
    assert not Match.objects.exists()


def club_bound_models() -> set[type[Any]]:
    """Models whose rows reach a club by foreign keys, directly or through other such rows."""
    bound: set[type[Any]] = {Club}
    grew = True
    while grew:
        grew = False
        for model in apps.get_models(include_auto_created=True):
            relations = [f.related_model for f in model._meta.concrete_fields if f.is_relation]
            if model not in bound and any(target in bound for target in relations):
                bound.add(model)
                grew = True
    return bound


def test_it_covers_every_model_that_belongs_to_a_club():
    covered = set(archive.archived_models())
    # A many-to-many table travels with the model that declares the field.
    missing = {
        model._meta.label_lower
        for model in club_bound_models()
        if (model._meta.auto_created or model) not in covered
    }

    assert missing == set(), "add these models to their app's ClubPart (clubs.parts)"


def test_it_carries_every_row_an_archived_row_points_to():
    covered = set(archive.archived_models())
    user = get_user_model()
    dangling = {
        f"{model._meta.label_lower}.{field.name}"
        for model in covered
        for field in [*model._meta.concrete_fields, *model._meta.many_to_many]
        if field.is_relation
        and field.related_model not in covered
        and (model is not user or field.name in archive.USER_FIELDS)
    }

    assert dangling == set()
