"""A paper score sheet's columns (scoring/forms/sheet.py) and a casual match's blank sheet
(scoring/pages/organizer/matches.py ``match_sheet``): the columns are the entry form's, in the declaration's
order, and the headings put each field over its parts, level by level."""

from __future__ import annotations

import pytest
from django.test import Client

from games import GAMES
from scoring.boards import entry_form
from scoring.forms.sheet import columns_of, groups, headings
from scoring.services.ledger import replay
from tests.factories import ClubFactory, UserFactory, make_match, organizer

pytestmark = pytest.mark.django_db


def sheet_of(game: str, **options):
    match = make_match(game=game, sides=["Wij", "Zij"], options=options or None)
    return match, groups(entry_form(match, replay(match, [])))


@pytest.mark.parametrize("game", ["klaverjas", "belote"])
def test_the_columns_are_the_entry_fields_in_the_declarations_order(game):
    match, sheet = sheet_of(game)
    declared = [f.name for f in GAMES[game].entry_fields(replay(match, []).table.options)]
    assert [group.name for group in sheet] == declared


def test_a_per_side_field_has_a_column_per_side_posted_by_index():
    _match, sheet = sheet_of("klaverjas")
    points = next(group for group in sheet if group.name == "points")
    assert [(c.name, c.path, c.total) for c in points.columns] == [
        ("points.0", ("Wij",), 162),
        ("points.1", ("Zij",), 162),
    ]
    roem = next(group for group in sheet if group.name == "roem")
    assert roem.span == 10
    assert roem.columns[0].path == ("Wij", "3 in a row")


def test_the_headings_put_roem_over_each_side_over_each_kind():
    _match, sheet = sheet_of("klaverjas")
    rows = headings(sheet, ["Wij", "Zij"], deal="Deal", total="Running total")
    assert len(rows) == 3  # field, side, kind of roem
    assert [(h.text, h.cols) for h in rows[0]][:4] == [
        ("Deal", 1),
        ("Playing side", 1),
        ("Revoke (verzaakt)", 1),
        ("Card points", 2),
    ]
    assert rows[0][-1].text == "Running total"
    assert rows[0][-1].cols == 2
    sides = [h.text for h in rows[1]]
    assert sides == ["Wij", "Zij", "Wij", "Zij", "Wij", "Zij"]  # points, roem, then the totals
    assert [h.text for h in rows[2]][:2] == ["3 in a row", "4 in a row"]
    width = sum(h.cols for h in rows[0])
    assert width == 1 + len(columns_of(sheet)) + 2


def test_a_casual_matchs_blank_sheet_is_its_organizers(client: Client):
    club = ClubFactory()
    match = make_match(club=club, game="belote", sides=["Nous", "Eux"])
    visitor = Client()
    assert visitor.get(f"/matches/{match.pk}/sheet/").status_code == 302
    visitor.force_login(UserFactory())
    assert visitor.get(f"/matches/{match.pk}/sheet/").status_code == 403
    client.force_login(organizer(club))
    page = client.get(f"/matches/{match.pk}/sheet/").content.decode()
    assert page.count('<article class="sheet">') == 1
    assert "Taker" in page
    assert "Signed for Nous" in page
    assert "<svg" in page
    body = page[page.index("<tbody>") : page.index("</tbody>")]
    assert body.count("<tr>") == 12  # belote's twelve deals
    assert f"/matches/{match.pk}/sheet/" in client.get(f"/matches/{match.pk}/manage/").content.decode()
