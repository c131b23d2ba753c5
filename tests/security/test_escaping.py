"""HTML in every name a user types (players, sides, clubs, match titles, tournaments, entrants) is
escaped on every page, fragment and SVG; the CSV exports defuse spreadsheet formulas."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from clubs.models import Player
from scoring.links import table_token
from tests.factories import ClubFactory, make_match, organizer
from tests.tournaments.factories import make_tournament, start_round
from tournaments.services import EntrantSpec, entrants_register

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'
FORMULA = '=HYPERLINK("http://evil.example","x")'
RAW = ("<script>alert(1)", "<img src=x onerror", "onerror=alert(1)>")
ESCAPED = ("&lt;script&gt;alert(1)", "&lt;img src=x onerror=alert(1)&gt;")


@pytest.fixture
def hostile(db):
    club = ClubFactory(slug="xss", name=f"Club {SCRIPT}")
    boss = organizer(club)
    Player.objects.create(name=f"Member {IMG}")
    sides = [f"A {SCRIPT}", f"B {IMG}"]
    match = make_match(
        club=club,
        sides=sides,
        title=f"Table {SCRIPT}",
        deals=[{"points": {sides[0]: 10, sides[1]: 3}}, {"points": {sides[0]: 1, sides[1]: 7}}],
    )
    swiss = make_tournament(club=club, name=f"Cup {SCRIPT}")
    knockout = make_tournament(club=club, name=f"Knockout {IMG}", format="single-elimination")
    for tournament in (swiss, knockout):
        entrants_register(
            tournament_id=tournament.pk,
            entrants=[
                EntrantSpec(f"E1 {SCRIPT}", seed=1),
                EntrantSpec(f"E2 {IMG}", seed=2),
                EntrantSpec(FORMULA, seed=3),
                EntrantSpec("@SUM(1+1)", seed=4),
            ],
        )
        start_round(tournament)
    return {"club": club, "boss": boss, "match": match, "swiss": swiss, "knockout": knockout}


def pages(h) -> list[str]:
    m, s, k, club = h["match"], h["swiss"], h["knockout"], h["club"]
    token = table_token(m)
    urls = [
        "/",
        f"/clubs/{club.slug}/",
        f"/clubs/{club.slug}/matches/new/?game=tally",
        f"/matches/{m.pk}/",
        f"/matches/{m.pk}/board/",
        f"/matches/{m.pk}/manage/",
        f"/matches/{m.pk}/print/",
        f"/t/{token}/",
        f"/t/{token}/board/",
        f"/t/{token}/deals/1/",
        "/tournaments/",
        "/tournaments/new/?game=tally",
    ]
    for t in (s, k):
        urls += [
            f"/tournaments/{t.pk}/",
            f"/tournaments/{t.pk}/live/",
            f"/tournaments/{t.pk}/projector/",
            f"/tournaments/{t.pk}/projector/live/",
            f"/tournaments/{t.pk}/console/",
            f"/tournaments/{t.pk}/rounds/1/slips/",
        ]
    return urls


def test_every_page_escapes_the_names(hostile):
    client = Client()
    client.force_login(hostile["boss"])
    checked = 0
    for url in pages(hostile):
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        html = response.content.decode()
        for raw in RAW:
            assert raw not in html, (url, raw)
        assert any(escaped in html for escaped in ESCAPED), url
        checked += 1
    assert checked == 24


def test_the_chart_and_the_bracket_svg_escape_the_names(hostile):
    client = Client()
    board = client.get(f"/matches/{hostile['match'].pk}/").content.decode()
    chart = board[board.index('<svg class="chart"') : board.index("</figure>")]
    assert "A &lt;script&gt;alert(1)&lt;/script&gt;" in chart
    page = client.get(f"/tournaments/{hostile['knockout'].pk}/").content.decode()
    bracket = page[page.index('<svg class="bracket-svg"') : page.index("</svg>", page.index("bracket-svg"))]
    assert "E1 &lt;script&gt;alert" in bracket  # the name is cut to fit its box, escaped
    assert "&quot;&gt;&lt;img src=x" in bracket
    for raw in RAW:
        assert raw not in bracket


def test_the_scoreboard_poll_fragments_escape_the_names(hostile):
    client = Client()
    m = hostile["match"]
    for url in (f"/matches/{m.pk}/board/", f"/t/{table_token(m)}/board/"):
        html = client.get(url).content.decode()
        assert "A &lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "B &quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in html
        for raw in RAW:
            assert raw not in html


def rows(response) -> list[list[str]]:
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"].startswith("attachment")
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_the_csv_exports_defuse_formulas(hostile):
    client = Client()
    for t in (hostile["swiss"], hostile["knockout"]):
        for name in ("standings", "results"):
            cells = [cell for row in rows(client.get(f"/tournaments/{t.pk}/{name}.csv")) for cell in row]
            assert cells, name
            for cell in cells:
                assert not cell.startswith(("=", "+", "@", "\t", "\r")), (name, cell)
                assert not cell.startswith("-") or cell.lstrip("-").replace(".", "").isdigit(), (name, cell)
        results = [c for row in rows(client.get(f"/tournaments/{t.pk}/results.csv")) for c in row]
        assert "'" + FORMULA in results
        assert "'@SUM(1+1)" in results
        assert f"E1 {SCRIPT}" in results  # CSV is not HTML: the name is kept as typed


def test_safe_cell_keeps_numbers_and_plain_text():
    from tournaments.exports import safe_cell

    assert safe_cell("-3") == "-3"
    assert safe_cell("+2.5") == "+2.5"
    assert safe_cell(-3) == -3
    assert safe_cell("Ann") == "Ann"
    assert safe_cell("-1+1") == "'-1+1"
    assert safe_cell("=1+1") == "'=1+1"
    assert safe_cell("\t=1") == "'\t=1"
