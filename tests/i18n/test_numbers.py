"""Numbers in the active language, machine numbers untouched: in French a score is still "1230"
(no thousands separator) and the SVG drawings (the running-totals chart, the bracket) keep their
geometry in dots ("12.5"), which the browser reads, never the French "12,5"."""

from __future__ import annotations

import re

import pytest

from tests.factories import ClubFactory, make_match
from tests.tournaments.factories import make_tournament, start_round

pytestmark = pytest.mark.django_db
#: A coordinate attribute holding a decimal comma: a drawing the browser cannot read.
COMMA_COORDINATE = re.compile(r'\s(?:x|y|x1|x2|y1|y2|cx|cy|r|width|height|viewBox)="[^"]*\d,\d')
DOT_COORDINATE = re.compile(r'\s(?:x|y|x1|x2|y1|y2|cx|cy|width|height)="-?\d+\.\d+"')


def svg_of(html: str) -> str:
    drawings = re.findall(r"<svg.*?</svg>", html, flags=re.S)
    assert drawings, "no drawing on the page"
    return "\n".join(drawings)


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_the_chart_keeps_its_geometry_and_scores_in_every_language(client, language):
    deals = [
        {"points": {"Ann": 1230, "Ben": 7}},
        {"points": {"Ann": 3, "Ben": 1001}},
        {"points": {"Ann": 1, "Ben": 2}},
    ]
    match = make_match(club=ClubFactory(), deals=deals)
    html = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    drawing = svg_of(html)
    assert DOT_COORDINATE.search(drawing), "the test needs a fractional coordinate to mean anything"
    assert not COMMA_COORDINATE.search(drawing)
    assert "1234" in html  # Ann's total, no "1 234" nor "1.234"


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_the_bracket_keeps_its_geometry_in_every_language(client, language):
    tournament = make_tournament(club=ClubFactory(), format="single-elimination", entrants=6)
    start_round(tournament)
    html = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert not COMMA_COORDINATE.search(svg_of(html))
