"""The scoring app's pages in French and Dutch (#15): each page asked with ``Accept-Language: fr``
(and ``nl``) says its key sentences in that language and none in English, plurals count right for
1 and 3, scores keep no thousands separator and dates follow the locale's formats.

Each page lists its English sentinels (sentences the page always shows in English, never a player's
name or a game's own term) and, per language, a sentence the translation must show."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation

from scoring.links import table_token
from scoring.result_states import Confirmation, ResultStatus
from tests.factories import ClubFactory, make_match, organizer
from tests.i18n.language import back_to_the_default_language  # noqa: F401  (English after each test)
from tests.tournaments.factories import make_tournament
from tournaments import services
from tournaments.models import PhysicalTable
from tournaments.physical_tables import table_path

pytestmark = pytest.mark.django_db

LANGUAGES = ("fr", "nl")
WON = {"points": {"Ann": 10, "Ben": 1}}


def get(client: Client, path: str, language: str, **kwargs) -> str:
    response = client.get(path, headers={"Accept-Language": language}, **kwargs)
    assert response.status_code == 200, (path, response.status_code)
    return response.content.decode()


def post(client: Client, path: str, data: dict, language: str, status: int) -> str:
    response = client.post(path, data, headers={"Accept-Language": language})
    assert response.status_code == status, (path, response.status_code)
    return response.content.decode()


def speaks(page: str, language: str, *, english: tuple[str, ...], said: dict[str, tuple[str, ...]]) -> None:
    """No English sentinel left on ``page``; every sentence of the translation there."""
    page = html.unescape(page)
    left = [sentence for sentence in english if sentence in page]
    assert not left, f"English left on the {language} page: {left}"
    absent = [sentence for sentence in said[language] if sentence not in page]
    assert not absent, f"not said on the {language} page: {absent}"


@pytest.fixture
def club():
    return ClubFactory(name="Les Atouts", slug="atouts")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_page(client: Client, club, language: str) -> None:
    make_match(club=club, deals=[{"points": {"Ann": 3, "Ben": 4}}])
    page = get(client, "/", language)
    speaks(
        page,
        language,
        english=(
            "Scores at the table, tournaments at night",
            "Matches in progress",
            "Enter your table code",
            ">Games<",
        ),
        said={
            "fr": (
                "La marque à la table, les tournois le soir",
                "Parties en cours",
                "Saisir le code de votre table",
            ),
            "nl": (
                "De score aan tafel, 's avonds het toernooi",
                "Partijen bezig",
                "Voer je tafelcode in",
            ),
        },
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_club_page_counts_its_deals_in_the_language(client: Client, club, language: str) -> None:
    make_match(club=club, title="One", deals=[WON])
    make_match(club=club, title="Three", deals=[{"points": {"Ann": 1, "Ben": 2}}] * 3)
    client.force_login(organizer(club))
    page = get(client, f"/clubs/{club.slug}/", language)
    speaks(
        page,
        language,
        english=("+ New match", "Filter matches", "No matches yet", " deals<", "1 deal ", ">Manage<"),
        said={
            "fr": (
                "+ Nouvelle partie",
                "Filtrer les parties",
                "3 donnes",
                "En cours",
                ">Gérer<",
            ),
            "nl": ("+ Nieuwe partij", "Partijen filteren", "3 spellen", "Bezig", ">Beheren<"),
        },
    )
    one, three = {"fr": ("1 donne", "3 donnes"), "nl": ("1 spel", "3 spellen")}[language]
    assert re.search(rf"\b{one}</span>", page)  # the singular for 1
    assert re.search(rf"\b{three}</span>", page)  # the plural for 3


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_scoreboard(client: Client, club, language: str) -> None:
    match = make_match(
        club=club, deals=[{"points": {"Ann": 1234, "Ben": 2}}, {"points": {"Ann": 3, "Ben": 4}}]
    )
    page = get(client, match.get_absolute_url(), language)
    speaks(
        page,
        language,
        english=(
            "Running totals after each deal",
            ">Deals",
            "dealt by",
            "Deals next",
            "No deal yet",
            "Ann v Ben",
        ),
        said={
            "fr": (
                "Totaux cumulés après chaque donne",
                ">Donnes",
                "Prochain donneur",
                "<h1>Ann contre Ben</h1>",
            ),
            "nl": ("Tussenstand na elk spel", ">Spellen", "Volgende gever", "<h1>Ann tegen Ben</h1>"),
        },
    )
    assert ">1237<" in page  # a score keeps no thousands separator in any language
    assert not re.search(r"1[\s.,\u00a0\u202f]237", page)
    # The chart's coordinates stay SVG numbers: a French or Dutch "12,5" is no coordinate.
    coordinates = re.findall(r' (?:x1|x2|y1|y2|cx|cy|x|y)="([^"]*)"', page)
    assert coordinates
    assert all(re.fullmatch(r"-?\d+(\.\d+)?", number) for number in coordinates), coordinates


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_scorer_page_says_an_entry_error_in_the_language(client: Client, club, language: str) -> None:
    match = make_match(club=club)
    page = post(client, f"/t/{table_token(match)}/", {"f.points.0": "lots", "f.points.1": "2"}, language, 422)
    speaks(
        page,
        language,
        english=(
            "Not saved.",
            "Fix it above, then press Save again.",
            "is not a whole number",
            "Enter deal 1",
            "Save deal 1",
            "scorer page",
            "public scoreboard",
            "This scorer link no longer works",
            "No connection to the server",
        ),
        said={
            "fr": (
                "Non enregistrée.",
                "Corrigez ci-dessus",
                "n'est pas un nombre entier",
                "Saisir la donne 1",
                "Enregistrer la donne 1",
                "feuille de marque publique",
                "Pas de connexion au serveur",
            ),
            "nl": (
                "Niet opgeslagen.",
                "Verbeter het hierboven",
                "is geen geheel getal",
                "Spel 1 invoeren",
                "Spel 1 opslaan",
                "openbaar scorebord",
                "Geen verbinding met de server",
            ),
        },
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_scorer_page_says_a_saved_deal_and_its_undo(client: Client, club, language: str) -> None:
    match = make_match(club=club)
    response = client.post(
        f"/t/{table_token(match)}/",
        {"f.points.0": "5", "f.points.1": "2"},
        headers={"Accept-Language": language, "HX-Request": "true"},
    )
    page = response.content.decode()
    speaks(
        page,
        language,
        english=("Deal 1 saved.", "Undo deal 1", "Enter deal 2", "stops counting"),
        said={
            "fr": ("Donne 1 enregistrée.", "Annuler la donne 1", "Saisir la donne 2"),
            "nl": ("Spel 1 opgeslagen.", "Spel 1 ongedaan maken", "Spel 2 invoeren"),
        },
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_deal_page_and_its_dates_in_the_locale(client: Client, club, language: str) -> None:
    match = make_match(club=club, deals=[WON])
    page = get(client, f"/t/{table_token(match)}/deals/1/", language)
    speaks(
        page,
        language,
        english=(
            "Correct this deal",
            "Save correction",
            "Void this deal",
            "Back to the scoreboard",
            ">Changes<",
            ">entered<",
            "Reason<",
        ),
        said={
            "fr": (
                "Corriger cette donne",
                "Enregistrer la correction",
                "Annuler la donne 1",
                ">saisie<",
                "Motif",
            ),
            "nl": ("Dit spel verbeteren", "Verbetering opslaan", "Spel 1 schrappen", ">ingevoerd<", "Reden"),
        },
    )
    with translation.override(language):
        day = {"fr": r"\d\d/\d\d/\d{4} \d\d:\d\d", "nl": r"\d\d-\d\d-\d{4} \d\d:\d\d"}[language]
    assert re.search(day, page), "the date of a version follows the locale's short format"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_match_page(client: Client, club, language: str) -> None:
    client.force_login(organizer(club))
    choose = get(client, f"/clubs/{club.slug}/matches/new/", language)
    speaks(
        choose,
        language,
        english=("New match", "Which game?"),
        said={"fr": ("Nouvelle partie", "Quel jeu"), "nl": ("Nieuwe partij", "Welk spel?")},
    )
    page = get(client, f"/clubs/{club.slug}/matches/new/?game=klaverjas", language)
    speaks(
        page,
        language,
        english=(
            "Start the match",
            "Title (optional)",
            "Side names",
            "Players, in seat order",
            ">change<",
            "(as the rules say)",
            "Leave empty to name a side",
        ),
        said={
            "fr": (
                "Commencer la partie",
                "Titre (facultatif)",
                "Noms des équipes",
                "Joueurs, dans l'ordre",
            ),
            "nl": ("Partij beginnen", "Titel (optioneel)", "Namen van de teams", "Spelers, in volgorde"),
        },
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_code_page_and_its_refusal(client: Client, language: str) -> None:
    page = get(client, "/t/", language)
    speaks(
        page,
        language,
        english=("Enter your table code", "Open the scorer page", "Capitals or not"),
        said={
            "fr": ("Saisir le code de votre table", "Ouvrir la page de marque", "Majuscules ou non"),
            "nl": ("Voer je tafelcode in", "Scorepagina openen", "Hoofdletters of niet"),
        },
    )
    refused = post(client, "/t/", {"code": "ZZZZ ZZZ"}, language, 422)
    speaks(
        refused,
        language,
        english=("No table has this code",),
        said={"fr": ("Aucune table n'a ce code",), "nl": ("Geen tafel heeft deze code",)},
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_waiting_page(client: Client, language: str) -> None:
    tournament = make_tournament(name="Early", match_format="deals:2", entrants=4, rounds=2)
    services.physical_tables_prepare(tournament_id=tournament.pk, count=1)
    page = get(client, table_path(PhysicalTable.objects.get(tournament=tournament, number=1)), language)
    speaks(
        page,
        language,
        english=("scorer page of this table", "Keep this page open", "Check now"),
        said={
            "fr": ("page de marque de cette table", "Gardez cette page ouverte", ">Vérifier<"),
            "nl": ("scorepagina van deze tafel", "Houd deze pagina open", ">Nu kijken<"),
        },
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_confirmation_panel(client: Client, club, language: str) -> None:
    match = make_match(club=club, deal_limit=1, confirmation=Confirmation.HAND_OVER, deals=[WON])
    assert match.result_status == ResultStatus.SUBMITTED
    page = get(client, f"/t/{table_token(match)}/", language)
    speaks(
        page,
        language,
        english=(
            "Pass the phone to the other side",
            "which side entered the score?",
            "Entered by: Ann",
            "Result awaiting confirmation",
        ),
        said={
            "fr": (
                "Passez le téléphone à l'autre camp",
                "Saisi par : Ann",
                "Résultat en attente de confirmation",
            ),
            "nl": (
                "Geef de telefoon aan de tegenpartij",
                "Ingevoerd door: Ann",
                "Uitslag: wacht op bevestiging",
            ),
        },
    )
    page = get(client, f"/t/{table_token(match)}/?entered=0&match={match.pk}", language)
    speaks(
        page,
        language,
        english=("Ben: accept the result", "Report a problem", "What is wrong?"),
        said={"fr": ("Ben : accepter le résultat",), "nl": ("Ben: uitslag accepteren",)},
    )
    refused = client.post(
        f"/t/{table_token(match)}/result/",
        {"action": "reject", "side": "Ben", "reason": "", "match": str(match.pk)},
        headers={"Accept-Language": language, "HX-Request": "true"},
    ).content.decode()
    speaks(
        refused,
        language,
        english=("Say what is wrong with the result",),
        said={
            "fr": ("Dites ce qui ne va pas dans le résultat.",),
            "nl": ("Zeg wat er niet klopt aan de uitslag.",),
        },
    )


def test_a_refusal_of_the_result_lifecycle_follows_the_active_language() -> None:
    from scoring.result_states import Action, Refused, Role, step

    for language, said in (
        ("en", "cannot accept a result"),
        ("fr", "impossible d"),
        ("nl", "kan een uitslag niet"),
    ):
        with translation.override(language), pytest.raises(Refused, match=said):
            step(ResultStatus.CONFIRMED, Action.ACCEPT, Role.TABLE)
        with translation.override(language):
            assert (
                ResultStatus.SUBMITTED.label
                == {
                    "en": "awaiting confirmation",
                    "fr": "en attente de confirmation",
                    "nl": "wacht op bevestiging",
                }[language]
            )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_organizers_pages_of_a_match(client: Client, club, language: str) -> None:
    match = make_match(club=club, deals=[WON])
    client.force_login(organizer(club))
    manage = get(client, f"/matches/{match.pk}/manage/", language)
    speaks(
        manage,
        language,
        english=(
            "Scorer link",
            "Open the scorer page",
            "Print the QR code",
            "Revoke the link",
            "Audit trail",
            "Abandon the match",
            "QR code of the scorer link",
            "Rematch (same game and players)",
        ),
        said={
            "fr": (
                "Lien de marque",
                "Ouvrir la page de marque",
                "Journal des opérations",
                "Partie créée",
                "Code QR du lien de marque",
            ),
            "nl": (
                "Scorelink",
                "Scorepagina openen",
                "Logboek",
                "Partij aangemaakt",
                "QR-code van de scorelink",
            ),
        },
    )
    slip = get(client, f"/matches/{match.pk}/print/", language)
    speaks(
        slip,
        language,
        english=("Scan to score this table.", "No camera?"),
        said={"fr": ("Scannez pour marquer les points",), "nl": ("Scan om de score van deze tafel",)},
    )
    asked = post(client, f"/matches/{match.pk}/revoke/", {}, language, 200)
    speaks(
        asked,
        language,
        english=("Revoke the scorer link?", "stop working at once", "No, go back"),
        said={
            "fr": ("Révoquer le lien de marque\u00a0?", "Oui, révoquer le lien", "Non, revenir"),
            "nl": ("Scorelink intrekken?", "Ja, link intrekken", "Nee, terug"),
        },
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_undo_refused_says_why_in_the_language(client: Client, club, language: str) -> None:
    match = make_match(club=club, deals=[WON, WON])
    undo = f"/t/{table_token(match)}/undo/"
    posted = {"number": "1", "version": "1", "reason": "oops", "match": str(match.pk), "confirm": "yes"}
    response = client.post(undo, posted, headers={"Accept-Language": language}, follow=True)
    speaks(
        response.content.decode(),
        language,
        english=("Nothing was undone", "is not the last deal any more"),
        said={
            "fr": ("Rien n'a été annulé", "la donne 1 n'est plus la dernière (c'est la donne 2)"),
            "nl": ("Er is niets ongedaan gemaakt", "spel 1 is niet meer het laatste spel (spel 2 wel)"),
        },
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "cannot accept a result that is being played: the match is still being played"),
        ("fr", "impossible d'accepter un résultat (en cours)\u00a0: la partie est encore en cours"),
        ("nl", "kan een uitslag niet accepteren (bezig): de partij is nog bezig"),
    ],
)
def test_the_api_refuses_in_the_language_asked(client: Client, club, language: str, said: str) -> None:
    match = make_match(club=club)
    response = client.post(
        f"/api/matches/{match.pk}/result/",
        {"action": "accept", "side": "Ben"},
        content_type="application/json",
        headers={"Accept-Language": language, "Authorization": f"Table {table_token(match)}"},
    )
    assert response.status_code == 409
    assert response.json()["error"]["rule"] == said
