"""#28 item 11, "Dutch without English": the English a new Dutch club met on an evening of each
format (a best-of-3 knock-out of 8, a JAM round robin of best-of-3 rubbers, an individual
Klaverjas evening, a Jo-Jotte friendly), each with the page that showed it, in Dutch and French.
The exact strings of the report are looked for; a sentence the translation must show proves the
page was translated at all."""

from __future__ import annotations

import re

import pytest

from scoring.links import scorer_path
from tests.factories import make_match
from tests.i18n import catalogs
from tests.i18n.catalogs import catalog_files
from tests.tournaments.factories import add_entrants, make_tournament, play_table, start_round
from tests.translated import english_left, spoken
from tournaments import services
from tournaments.physical_tables import table_path
from tournaments.services import EntrantSpec

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

LANGUAGES = ("fr", "nl")
#: Dutch that bent to a filled-in round or count ("Kwartfinales is afgelopen", "1 slagen").
NL_BENT = (
    "%(round)s is ",
    "%(round)s wordt ",
    "in %(round)s",
    "%(next)s wordt",
    "ze telt nu",
    "overslag(en)",
)
NL_BENT += ("slag(en)", "%(c)s moeten", "alle %(count)s (", "%(taken)s slagen")


def said(client, url: str, language: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    return response.content.decode()


@pytest.fixture
def knockout(club):
    """A best-of-3 knock-out of 8 pairs, two quarter-finals decided."""
    tournament = make_tournament(
        club=club,
        format="single-elimination",
        match_format="best-of:3",
        game="coinche",
        entrant_kind="partnership",
    )
    add_entrants(tournament, 8, partners=True)
    tables = list(start_round(tournament).tables.order_by("number"))
    for table in tables[:2]:
        play_table(table, table.entrants[0])
        play_table(table, table.entrants[0])
    tournament.refresh_from_db()
    return tournament


@pytest.mark.parametrize(("language", "round_name"), [("fr", "Quarts de finale"), ("nl", "Kwartfinales")])
def test_the_console_says_a_bracket_round_by_its_name_in_the_language(
    client, boss, knockout, language, round_name
):
    page = said(client, f"/tournaments/{knockout.pk}/console/", language)

    assert english_left(page, ("Quarter-finals", "Semi-finals", "Final")) == []
    assert round_name in spoken(page)


@pytest.mark.parametrize(
    ("language", "reason"),
    [("fr", "pas d'adversaire dans le tableau"), ("nl", "geen tegenstander in het schema")],
)
def test_a_bye_of_the_bracket_says_why_without_its_slot_id(client, boss, club, language, reason):
    tournament = make_tournament(club=club, format="single-elimination", entrants=6)
    start_round(tournament)

    page = spoken(said(client, f"/tournaments/{tournament.pk}/console/", language))

    assert "no opponent in the bracket" not in page
    assert reason in page
    assert "W1-" not in page


@pytest.mark.parametrize(("language", "won"), [("fr", "robs gagnés"), ("nl", "robbers gewonnen")])
def test_jam_s_scoreboard_counts_rubbers_won_in_the_language(client, club, language, won):
    tournament = make_tournament(
        club=club, format="round-robin", match_format="best-of:3", game="jam", options={"rubbers": 3}
    )
    add_entrants(tournament, 5)
    table = start_round(tournament).tables.order_by("number").first()
    match = play_table(table, table.entrants[0], confirm=False)

    for url in (f"/matches/{match.pk}/", scorer_path(match)):
        page = spoken(said(client, url, language))
        assert "rubbers won" not in page
        assert won in page


@pytest.mark.parametrize(
    ("language", "name"), [("fr", "Tally (marqueur libre)"), ("nl", "Tally (vrije telling)")]
)
def test_the_tournament_pages_name_the_game_in_the_language(client, boss, club, language, name):
    tournament = make_tournament(club=club, entrants=4)
    for url in (f"/tournaments/{tournament.pk}/", f"/tournaments/{tournament.pk}/console/"):
        page = spoken(said(client, url, language))
        assert "Tally (generic scorer)" not in page
        assert name in page


def test_an_individual_entrant_is_not_named_twice_on_the_console(client, boss, club):
    tournament = make_tournament(club=club, game="klaverjas", format="individual")
    services.entrants_register(tournament_id=tournament.pk, entrants=[EntrantSpec(n) for n in ("Ria", "Bas")])
    pairs = make_tournament(
        club=club, name="Pairs", game="coinche", entrant_kind="partnership", match_format="deals:4"
    )
    services.entrant_register(tournament_id=pairs.pk, entrant=EntrantSpec("Ria", players=("Ria", "Bob")))

    assert "Ria (Ria)" not in spoken(said(client, f"/tournaments/{tournament.pk}/console/", "nl"))
    assert re.search(
        r"Ria \((Ria, Bob|Bob, Ria)\)", spoken(said(client, f"/tournaments/{pairs.pk}/console/", "nl"))
    )


ROEM = ("Meld", "quartet", "sequence", "Rank", "Length", "Top", "Suit", "no trump")


@pytest.mark.parametrize(("language", "meld"), [("fr", "Annonce"), ("nl", "Roem")])
def test_jo_jotte_s_roem_panel_speaks_the_language(client, language, meld):
    match = make_match(game="jo-jotte", sides=["Ria", "Bas"])

    page = said(client, scorer_path(match), language)

    assert english_left(page, ROEM) == []
    assert meld in spoken(page)


def test_the_roem_panel_s_check_finds_the_english_it_looks_for(client):
    """The check can fail: in English the panel says every word of it."""
    page = said(client, scorer_path(make_match(game="jo-jotte", sides=["Ria", "Bas"])), "en")
    assert english_left(page, ROEM) == list(ROEM)


def test_a_knockout_s_waiting_page_says_the_round_where_its_grammar_does_not_bend(client, knockout):
    """ "Geen partij aan deze tafel in halve finales": a sentence with a round's name inside it bent
    to the name ("in Halve finales", "Kwartfinales is afgelopen"); the name now leads, before a
    colon, in every such sentence (checked over the catalogs below)."""
    decided = knockout.physical_tables.get(number=1)
    page = spoken(said(client, table_path(decided), "nl"))
    assert "in kwartfinales" not in page.lower()
    assert "Kwartfinales: afgelopen aan deze tafel" in page, page


@pytest.mark.parametrize(
    ("language", "bent"),
    [
        ("nl", NL_BENT),
        ("fr", ("%(round)s est ", "pour : %(round)s", "pli(s)", "%(c)s doivent", "tous les %(count)s")),
    ],
)
def test_no_sentence_bends_to_a_round_s_name_or_a_count(language, bent):
    """Every catalog entry with a round's name, a count or an "uitslag" keeps its grammar whatever
    is filled in: "Kwartfinales is afgelopen", "1 slagen", "overslag(en)", "ze telt nu" are gone."""
    found = []
    for path in catalog_files():
        if f"/{language}/" not in str(path):
            continue
        for entry in catalogs.read(path):
            if entry.plural:
                continue
            text = entry.translations[0].replace("\u00a0", " ")
            found.extend((entry.msgid, b) for b in bent if b in text)
    assert found == []


@pytest.mark.parametrize(
    ("language", "link", "event"), [("fr", "lien de marque", "tournoi"), ("nl", "scorelink", "toernooi")]
)
def test_the_match_log_says_who_wrote_in_the_language(client, boss, club, language, link, event):
    """A tournament's match log said "· table link" and "· tournament" on a Dutch page."""
    tournament = make_tournament(club=club, entrants=2)
    table = start_round(tournament).tables.get()
    match = play_table(table, table.entrants[0])

    page = spoken(said(client, f"/matches/{match.pk}/manage/", language))

    assert english_left(page, ("table link", "tournament")) == []
    assert f"· {link}" in page
    assert f"· {event}" in page


@pytest.mark.parametrize(
    ("language", "help_text"), [("fr", "Plis faits par chaque équipe."), ("nl", "Slagen van elk koppel.")]
)
def test_back_alley_s_scorer_page_says_its_help_and_bids_in_the_language(client, language, help_text):
    match = make_match(game="back-alley", sides=["Wij", "Zij"], seats=["Ann", "Bob", "Cy", "Dee"])

    page = spoken(said(client, scorer_path(match), language))

    assert english_left(page, ("Tricks taken by each partnership.", "pass")) == []
    assert help_text in page
    # French says "board double" (noun first): its chips in a row read "… board double board triple".
    bids = {"fr": ("board double", "board triple"), "nl": ("dubbel board", "driedubbel board")}[language]
    assert all(bid in page for bid in bids)
