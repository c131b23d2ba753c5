"""The tournaments' pages in French and Dutch (issue #15): the list, the console, the public page
and its live part, the projector, a bracket, the table slips and the physical tables' slips,
with ``Accept-Language: fr`` (and ``nl``), keep none of their English sentences; a pairing refused
through the API says why in the language asked; plurals say 1 and 3 the language's way."""

from __future__ import annotations

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from tests.i18n.pages import assert_page_speaks
from tests.i18n.pages import english_left as harness_left
from tests.tournaments.factories import add_entrants, make_tournament, play_round, play_table, start_round
from tests.translated import TEST_NAMES, english_left, spoken
from tournaments import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

LANGUAGES = ("fr", "nl")
#: The test's own names, English words some of them; the CSV file's column names (a file's
#: header stays as it is written); the scoring app's QR code title (not these pages' words).
NAMES = (
    "name, and any of players",
    "name, en naar keuze players",
    "name, et au choix players",
    "QR code of the scorer link",
    *TEST_NAMES,
)

#: Each page's own English, that a French or a Dutch reader must not meet.
LIST = ("Tournaments", "New tournament", "being played", "entrants")
CONSOLE = (
    "Rounds",
    "Results desk",
    "Public page",
    "Projector",
    "tables finished",
    "entered",
    "Print the table slips",
    "Fix the result",
    "What happened",
    "Save the result",
    "Table links",
    "Print one slip per table",
    "Entrants",
    "Register an entrant",
    "Register many at once",
    "Withdraw",
    "Format and tiebreaks",
    "Rank by",
    "Then",
    "Swiss",
    "Match points",
    "Standings",
    "Played",
    "Home club",
    "win",
    "Running",
    "Playing",
    "deal a match",
)
PUBLIC = ("Standings", "Projector", "Results CSV", "Scoreboard", "Played", "Match points", "Swiss", "Running")
PROJECTOR = ("Find your table", "Standings", "tables finished", "Name")
BRACKET = ("Semi-finals", "Final", "Bracket", "Slide sideways", "scrolls sideways", "Single elimination")
SLIPS = ("Scan to score this table", "No camera?", "Print", "Back", "Round 1", "Table slips")
TABLE_SLIPS = ("One slip per table", "Print these once", "Scan to score the match", "No camera?")


@pytest.fixture
def tournament(club):
    """A Swiss of four, its round 1 drawn, table 1 played."""
    tournament = make_tournament(club=club, entrants=4, rounds=3)
    first = start_round(tournament)
    one = first.tables.get(number=1)
    play_table(one, one.entrants[0])
    services.standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament


def read(client, url: str, language: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    if language != "en":  # and the words the house's harness knows for English are gone too
        html = response.content.decode()
        if "<html" in html:
            assert_page_speaks(html, language, allow=NAMES)
        else:  # a page's live part
            assert harness_left(html, allow=NAMES) == []
    assert response["Content-Language"] == language
    return response.content.decode()


def test_the_sentinels_are_english_in_english(client, boss, tournament):
    """The check can fail: in English every sentinel of the console is on the page."""
    html = read(client, f"/tournaments/{tournament.pk}/console/", "en")
    assert english_left(html, CONSOLE) == list(CONSOLE)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tournament_list_speaks_the_language(client, boss, tournament, language):
    html = read(client, f"/tournaments/?club={tournament.club.slug}", language)
    assert english_left(html, LIST) == []
    assert {"fr": "ronde 1 en cours", "nl": "ronde 1 wordt gespeeld"}[language] in spoken(html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_console_speaks_the_language(client, boss, tournament, language):
    html = read(client, f"/tournaments/{tournament.pk}/console/", language)
    assert english_left(html, CONSOLE) == []
    said = spoken(html)
    assert {"fr": "Système suisse", "nl": "Zwitsers systeem"}[language] in said
    assert {"fr": "tables terminées : 1 sur 2", "nl": "1 van 2 tafels klaar"}[language] in said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_public_page_and_its_live_part_speak_the_language(client, tournament, language):
    assert english_left(read(client, f"/tournaments/{tournament.pk}/", language), PUBLIC) == []
    live = read(client, f"/tournaments/{tournament.pk}/live/", language)
    assert english_left(live, ("Standings", "Scoreboard", "Played", "win", "Running")) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_projector_speaks_the_language(client, tournament, language):
    html = read(client, f"/tournaments/{tournament.pk}/projector/", language)
    assert english_left(html, PROJECTOR) == []
    assert {"fr": "Trouvez votre table", "nl": "Zoek je tafel"}[language] in spoken(html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bracket_speaks_the_language(client, club, language):
    tournament = make_tournament(club=club, format="single-elimination")
    add_entrants(tournament, 4)
    start_round(tournament)
    html = read(client, f"/tournaments/{tournament.pk}/", language)
    assert english_left(html, BRACKET) == []
    assert {"fr": "Demi-finales", "nl": "Halve finales"}[language] in spoken(html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_slips_speak_the_language(client, boss, tournament, language):
    slips = read(client, f"/tournaments/{tournament.pk}/rounds/1/slips/", language)
    assert english_left(slips, SLIPS) == []
    whole = read(client, f"/tournaments/{tournament.pk}/tables/slips/", language)
    assert english_left(whole, TABLE_SLIPS) == []


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", "la ronde 1 n'est pas terminée\u00a0: la table 2 n'a pas encore de résultat confirmé"),
        ("nl", "ronde 1 is nog niet rond: tafel 2 heeft nog geen bevestigde uitslag"),
        ("en", "round 1 is not complete: table 2 has no confirmed result yet"),
    ],
)
def test_a_pairing_refused_through_the_api_says_why_in_the_language_asked(boss, tournament, language, said):
    api = APIClient()
    api.force_authenticate(boss)

    answer = api.post(f"/api/tournaments/{tournament.pk}/rounds/", HTTP_ACCEPT_LANGUAGE=language)

    assert answer.status_code == 409
    assert answer.json()["error"]["rule"] == said
    assert answer.json()["error"]["tables"] == [2]


def test_the_refusal_names_many_tables_with_the_language_s_own_and(client, boss, club):
    tournament = make_tournament(club=club, entrants=8, rounds=3)
    start_round(tournament)
    api = APIClient()
    api.force_authenticate(boss)

    answer = api.post(f"/api/tournaments/{tournament.pk}/rounds/", HTTP_ACCEPT_LANGUAGE="nl")

    assert answer.json()["error"]["rule"] == (
        "ronde 1 is nog niet rond: tafels 1, 2, 3 en 4 hebben nog geen bevestigde uitslag"
    )


@pytest.mark.parametrize(
    ("language", "one", "three"),
    [
        ("en", "1 entrant", "3 entrants"),
        ("fr", "1 inscrit", "3 inscrits"),
        ("nl", "1 deelnemer", "3 deelnemers"),
    ],
)
def test_plurals_say_one_and_three_the_language_s_way(client, club, language, one, three):
    make_tournament(club=club, name="Alone", entrants=1)
    make_tournament(club=club, name="Three", entrants=3)
    said = spoken(read(client, f"/tournaments/?club={club.slug}", language))
    assert f"{one} ·" in said
    assert f"{three} ·" in said


@pytest.mark.parametrize(
    ("language", "one", "three"),
    [
        ("fr", "1 donne par partie", "3 donnes par partie"),
        ("nl", "1 spel per partij", "3 spellen per partij"),
    ],
)
def test_a_match_format_says_its_deals_in_the_language(client, club, language, one, three):
    single = make_tournament(club=club, name="Single", match_format="deals:1")
    triple = make_tournament(club=club, name="Triple", match_format="deals:3")
    assert one in spoken(read(client, f"/tournaments/{single.pk}/", language))
    assert three in spoken(read(client, f"/tournaments/{triple.pk}/", language))


@pytest.mark.parametrize(
    ("body", "field", "said"),
    [
        (
            {"game": "jam", "entrant_kind": "partnership"},
            "entrant_kind",
            "JAM se joue à un joueur par camp\u00a0: ses participants sont des joueurs individuels, "
            "pas des équipes fixes",
        ),
        ({"format": "round-robin", "rounds": 3}, "rounds", "une formule «\u00a0toutes rondes\u00a0» compte"),
        ({"rounds": 500}, "rounds", "rounds doit être un nombre entier de 1 à 99"),
        (
            {"match_format": "best-of:4"},
            "match_format",
            "un «\u00a0au meilleur de N\u00a0» demande un nombre impair de manches",
        ),
    ],
)
def test_a_refused_setup_says_why_in_french(boss, club, body, field, said):
    api = APIClient()
    api.force_authenticate(boss)
    sent = {
        "name": "Coupe",
        "game": "coinche",
        "format": "swiss",
        "match_format": "game",
        "entrant_kind": "partnership",
        "club": club.slug,
        **body,
    }

    answer = api.post("/api/tournaments/", sent, format="json", HTTP_ACCEPT_LANGUAGE="fr")

    assert answer.status_code == 400
    assert answer.json()["error"]["field"] == field
    assert answer.json()["error"]["rule"].startswith(said)


def test_a_bracket_s_bye_is_said_in_the_language(client, club):
    tournament = make_tournament(club=club, format="single-elimination")
    add_entrants(tournament, 3)
    start_round(tournament)
    svg = read(client, f"/tournaments/{tournament.pk}/", "fr").split("<svg", 1)[1]
    assert ">exempt</text>" in svg
    assert ">bye</text>" not in svg
    assert ">bye</text>" in read(client, f"/tournaments/{tournament.pk}/", "en").split("<svg", 1)[1]


def _engine_reasons() -> list[str]:
    """Reasons as the pairing engines write them (their own helpers, so a changed sentence shows)."""
    from collections import Counter

    from tournaments.pairing.base import Entrant, Seating, choose_byes
    from tournaments.pairing.concours import _sit_out
    from tournaments.pairing.history import index_history, rounds_text
    from tournaments.pairing.swiss import _side_trouble

    field = [Entrant(n) for n in (1, 2, 3)]
    return [
        f"they met before, in {rounds_text([1, 2, 4])}",
        f"opponents before, in {rounds_text([2])}",
        f"partners before, in {rounds_text([1, 3])}",
        "paired across score groups: 4 points against 2",
        f"both from {'Les As'!r}",
        str(_side_trouble([0, 0], 0)),
        str(_side_trouble([0, 1, 0, 0, 1, 0, 0], 0)),
        "seated with places 1–4 of the draw order from place 5",
        "10 entrants do not divide into tables of 4: tables of 4, 3, 3",
        choose_byes(field, 1, Counter()).pop().reason,
        choose_byes(field, 1, Counter({1: 1, 2: 1, 3: 1})).pop().reason,
        choose_byes(field, 1, Counter({1: 1, 2: 1, 3: 1}), cap=1).pop().reason,
        _sit_out(field, index_history([Seating(1, (n,)) for n in (1, 2, 3)]), 1).reason,
        _sit_out(field, index_history([Seating(1, (1,))])).reason,
        "odd field of 5: drawn against the empty number 6",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_of_a_draw_is_said_in_the_language(language):
    from tournaments.reasons import flag_reason

    with translation.override(language):
        untranslated = [reason for reason in _engine_reasons() if flag_reason(reason) == reason]
        said = flag_reason("they met before, in rounds 1, 2 and 4")
    assert untranslated == []
    assert (
        said
        == {
            "fr": "ils se sont déjà rencontrés aux rondes 1, 2 et 4",
            "nl": "ze speelden al tegen elkaar in de rondes 1, 2 en 4",
        }[language]
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "withdrawn: Dee"), ("fr", "forfait général : Dee"), ("nl", "teruggetrokken: Dee")],
)
def test_a_walkover_for_a_withdrawn_entrant_says_why_in_the_language(client, club, language, said):
    tournament = make_tournament(club=club, format="round-robin", entrants=4)
    play_round(start_round(tournament))
    services.entrant_withdraw(entrant_id=tournament.entrants.get(name="Dee").pk, withdrawn=True)
    start_round(tournament)
    assert said in spoken(read(client, f"/tournaments/{tournament.pk}/", language))
