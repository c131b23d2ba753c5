"""Every game's pages render: the scoreboard and the scorer page of a match from its worked examples."""

import re
from html import unescape

import pytest

from games import GAMES
from games.values import Boolean, Choice
from scoring.forms.build import page_help
from scoring.links import table_token
from tests.factories import ClubFactory, make_match, organizer
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


#: What a player must never read on a page: a seat by its number, a key of the game's JSON
#: (``run4``, ``first_dealer``), a preset's slug marked "(default)", a JSON document.
SEAT_NUMBER = re.compile(r"\bSeat \d")
RAW_KEY = re.compile(
    r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b(?!v\d\b)[a-z]+\d\b(?!\()|\(default\)|[{}\"\[\]]|\b(?:true|false|null)\b"
)


PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def visible_text(html: str) -> str:
    """The words a page shows, the help behind a "?" and the choices of a list included: no
    markup, no attributes, no scripts or styles."""
    html = re.sub(r"<(script|style|template)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def raw_values(key: str) -> set[str]:
    """The game's option values that are spelled as no word is (``beat_defence``, ``down-up-26``)."""
    return {
        value
        for option in GAMES[key].all_options()
        if isinstance(option.kind, Choice)
        for value in option.kind.values
        if isinstance(value, str) and re.search(r"[_-]", value)
    }


@pytest.mark.parametrize("key", sorted(GAMES))
def test_it_words_every_games_options_on_the_new_match_and_new_tournament_pages(client, key):
    club = ClubFactory()
    client.force_login(organizer(club))
    pages = {
        "new match": client.get(f"/clubs/{club.slug}/matches/new/?game={key}"),
        "new tournament": client.get(f"/tournaments/new/?game={key}&club={club.slug}"),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
        text = visible_text(response.content.decode())
        assert not RAW_KEY.search(text), (name, RAW_KEY.findall(text))
        assert not [raw for raw in raw_values(key) if re.search(rf"\b{re.escape(raw)}\b", text)], name
    page = unescape(pages["new match"].content.decode())
    for option in GAMES[key].options:
        if option.name == "first_dealer":
            continue
        assert f">{option.label}<" in page, option.name  # its label, on the widget
        assert page_help(option) in page, option.name
        if isinstance(option.kind, Boolean):  # a switch, not a list of yes and no
            assert re.search(rf'type="checkbox" role="switch" name="o\.{option.name}"', page), option.name


@pytest.mark.parametrize("key", sorted(GAMES))
def test_it_names_no_seat_by_number_and_shows_no_raw_key_on_any_games_pages(client, key):
    case = _first_valid_case(key)
    if case is None:
        pytest.skip(f"no worked example with deals for {key}")
    played = case["match"]
    rules = GAMES[key]
    seats = PLAYERS[: rules.table_shape(played.get("options") or {}).seats] if rules.partnerships else None
    match = make_match(
        game=key, sides=played["sides"], options=played.get("options"), seats=seats, deals=played["deals"]
    )
    token = table_token(match)
    pages = {
        "scoreboard": client.get(f"/matches/{match.pk}/"),
        "scorer page": client.get(f"/t/{token}/"),
        "deal page": client.get(f"/t/{token}/deals/1/"),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
        text = visible_text(response.content.decode())
        assert not SEAT_NUMBER.search(text), (name, SEAT_NUMBER.findall(text))
        assert not RAW_KEY.search(text), (name, RAW_KEY.findall(text))


def test_it_reads_a_deals_changes_in_the_forms_words_with_red_suits_red(client):
    deal = {"playing": "Zij", "points": {"Wij": 87, "Zij": 75}, "roem": {"Zij": ["run4"]}, "trump": "hearts"}
    match = make_match(game="klaverjas", sides=["Wij", "Zij"], deals=[deal])

    page = client.get(f"/t/{table_token(match)}/deals/1/").content.decode()

    assert "Roem: Zij 4 in a row" in page
    assert "run4" not in visible_text(page)
    assert 'Trump: <span class="suit-red">♥</span> hearts' in page
    scorer = client.get(f"/t/{table_token(match)}/").content.decode()
    assert '<span class="suit-red">♥</span> hearts' in scorer  # the trump chips
    assert '<span class="suit-red">♦</span> diamonds' in scorer
    assert '<span class="suit-red">♠</span>' not in scorer


def test_the_belote_scorer_page_fills_in_the_other_sides_points_from_162_and_shows_the_litige_pot(client):
    litige = {"taker": "NS", "points": {"NS": 81, "EW": 81}}
    match = make_match(game="belote", sides=["NS", "EW"], seats=["Ann", "Bob", "Cy", "Dee"], deals=[litige])

    scorer = client.get(f"/t/{table_token(match)}/").text
    board = client.get(f"/matches/{match.pk}/").text

    assert 'data-total="162"' in scorer
    for page in (scorer, board):
        assert "Litige pot" in page
        assert "81 points, for the winner of the next deal" in page
    french = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Pot du litige" in french
    assert "81 points, pour le gagnant de la donne suivante" in french
    collected = make_match(
        game="belote", sides=["NS", "EW"], deals=[litige, {"taker": "EW", "points": {"NS": 62, "EW": 100}}]
    )
    assert "Litige pot" not in client.get(f"/matches/{collected.pk}/").text
    # a dead deal does not count: after it, the table still plays the second deal of twelve
    dead = make_match(game="belote", sides=["NS", "EW"], deals=[litige, {"dead": True}])
    assert "Deal 2 of 12" in client.get(f"/matches/{dead.pk}/").text


def test_the_belote_form_asks_for_declarations_and_trump_only_where_they_are_played(client):
    concours = make_match(game="belote", sides=["NS", "EW"])
    classique = make_match(game="belote", sides=["NS", "EW"], options={"preset": "classique"})

    plain = client.get(f"/t/{table_token(concours)}/").text
    with_melds = client.get(f"/t/{table_token(classique)}/").text

    assert 'id="field-melds"' not in plain
    assert 'id="field-trump"' not in plain
    assert 'id="field-melds"' in with_melds
    assert 'id="field-trump"' in with_melds
