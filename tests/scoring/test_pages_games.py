"""Every game's pages render: the scoreboard and the scorer page of a match from its worked examples."""

import pytest

from games import GAMES
from scoring.links import table_token
from tests.factories import make_match
from tests.paths import valid_worked_examples

pytestmark = pytest.mark.django_db


def _first_valid_case(key):
    return next((c for c in valid_worked_examples(key) if c["match"]["deals"]), None)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_it_renders_every_games_board_and_entry_form(client, key):
    case = _first_valid_case(key)
    if case is None:
        pytest.skip(f"no worked example with deals for {key}")
    played = case["match"]
    seats = ["Ann", "Bob", "Cy", "Dee"] if GAMES[key].partnerships else None
    match = make_match(
        game=key, sides=played["sides"], options=played.get("options"), seats=seats, deals=played["deals"]
    )
    board = client.get(f"/matches/{match.pk}/")
    assert board.status_code == 200
    for side, total in match.state["totals"].items():
        assert f">{total}<" in board.text, side
    scorer = client.get(f"/t/{table_token(match)}/")
    assert scorer.status_code == 200
    if not match.state["outcome"]["finished"]:
        assert 'id="entry"' in scorer.text
    assert match.deal_count == len(played["deals"])


def test_it_shows_the_rounded_score_sheet_of_a_coinche_match_rounding_totals_only(client):
    # 120♥ made with 130 / 32: NS 250, EW 32 exactly; the sheet shows 250 and 30.
    deal = {"taker": "NS", "bid": 120, "trump": "hearts", "points": {"NS": 130, "EW": 32}}
    match = make_match(game="coinche", sides=["NS", "EW"], options={"rounding": "total"}, deals=[deal])
    board = client.get(f"/matches/{match.pk}/")
    assert board.status_code == 200
    assert ">32<" in board.text
    assert "Score sheet, rounded to 10" in board.text
    assert "NS 250 – EW 30" in board.text
    plain = make_match(game="coinche", sides=["NS", "EW"], deals=[deal])
    assert "Score sheet, rounded to 10" not in client.get(f"/matches/{plain.pk}/").text
