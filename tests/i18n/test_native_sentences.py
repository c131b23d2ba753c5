"""#23 item 11: French and Dutch read as a native wrote them once names are filled in. Each
sentence the report quoted ("Les As gagne !", "victoire de Anneke", "roem de Les As", "Points de
cartes : Points de cartes", "1 gagnées", "round10(252)", "manche" for a round, "EuxSophie") is
looked for on the page that showed it; the sentence that replaced it must be there."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import ngettext

from tests.factories import make_match, organizer
from tests.scoring.pages.table.test_deals import klaverjas, klaverjas_post, made, url
from tests.translated import spoken

pytestmark = pytest.mark.django_db

COINCHE_DEALS = [
    {"taker": "Les As", "bid": 100, "trump": "no-trump", "points": {"Les As": 100, "Eux": 30}},
    {
        "taker": "Les As",
        "bid": "capot",
        "trump": "no-trump",
        "points": {"Les As": 130, "Eux": 0},
        "capot": "Les As",
    },
]


def coinche_won():
    """A La Coinche match "Les As" won, each deal rounded to the ten."""
    return make_match(
        game="coinche",
        sides=["Les As", "Eux"],
        seats=["Sophie", "Anne", "Marc", "Luc"],
        options={"preset": "parlett", "no_trump": True, "target": 500},
        deals=COINCHE_DEALS,
    )


def said(client, path: str, language: str = "fr") -> str:
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, path
    return spoken(response.content.decode())


def test_the_winner_is_named_after_a_colon_not_as_a_subject(client):
    match = coinche_won()
    page = said(client, f"/matches/{match.pk}/")
    assert "Les As gagne" not in page
    assert "Victoire : Les As !" in page


def test_the_club_s_match_list_names_the_winner_after_a_colon(client):
    match = coinche_won()
    page = said(client, f"/clubs/{match.club.slug}/")
    assert "victoire de" not in page
    assert "victoire : Les As" in page


def test_a_fact_s_label_takes_french_spacing_before_its_colon(client):
    """ "Points en réserve (litige): aucune" put the colon against the label."""
    page = said(client, f"/matches/{coinche_won().pk}/")
    assert "(litige):" not in page
    assert "Points en réserve (litige) : aucune" in page


def test_a_rounded_deal_says_it_rounded_to_the_ten_in_words(client):
    page = said(client, f"/matches/{coinche_won().pk}/")
    assert "round10" not in page
    assert "100 arrondi à la dizaine = 100" in page
    assert "100 afgerond op tientallen = 100" in said(client, f"/matches/{coinche_won().pk}/", "nl")


@pytest.mark.parametrize(("language", "line"), [("fr", "roem — Wij :"), ("nl", "roem — Wij:")])
def test_a_side_s_roem_names_the_side_after_a_dash(client, language, line):
    match = klaverjas(deals=[{**made(), "roem": {"Wij": ["run3"]}}])
    page = said(client, f"/matches/{match.pk}/", language)
    assert "roem de Wij" not in page
    assert line in page


def test_the_alert_under_save_names_the_field_once(client):
    response = client.post(url(klaverjas()), klaverjas_post(wij="92", zij="60"), HTTP_ACCEPT_LANGUAGE="fr")
    page = spoken(response.content.decode())
    assert "Points de cartes : Points de cartes" not in page
    assert "Non enregistrée. Points de cartes : le total doit être 162, pas 152." in page


def test_a_side_s_button_keeps_a_space_between_its_name_and_its_players(client):
    response = client.get(url(klaverjas()), HTTP_ACCEPT_LANGUAGE="fr")
    text = re.sub(r"<[^>]+>", "", response.content.decode())
    assert "WijEly" not in text
    assert "Wij Ely &amp; Gus" in text


@pytest.mark.parametrize(
    ("language", "one"), [("fr", "1 table, victoires : 1"), ("nl", "1 tafel, gewonnen: 1")]
)
def test_a_player_s_evening_counts_wins_without_bending_to_the_count(language, one):
    with translation.override(language):
        line = ngettext("%(tables)s table, %(wins)s won", "%(tables)s tables, %(wins)s won", 1)
    assert line % {"tables": 1, "wins": 1} == one


def test_a_closed_round_is_a_ronde_in_french(client):
    with translation.override("fr"):
        from django.utils.translation import gettext

        for english in (
            "the round is closed: call the director",
            "the round is closed: say why its result is corrected",
            "Corrected after the round closed",
            "Check for the next round",
        ):
            assert "manche" not in gettext(english)
            assert "ronde" in gettext(english)


def test_the_conflict_says_who_scored_in_the_language(client):
    from clubs.access import Actor
    from scoring.services import deals

    match = make_match(sides=["Ann", "Ben"], options={"target": 1000})
    phone = Actor(label="table link", ip="10.0.0.2")
    deals.deal_record_numbered(
        match_id=match.pk, number=1, entry={"points": {"Ann": 6, "Ben": 5}}, actor=phone
    )
    deals.deal_record_numbered(
        match_id=match.pk, number=1, entry={"points": {"Ann": 2, "Ben": 9}}, actor=phone
    )
    client.force_login(organizer(match.club))
    page = said(client, f"/matches/{match.pk}/manage/")
    assert "table link" not in page
    assert "lien de marque," in page


#: A name as the subject of a verb ("Les As gagne", "Nous ont", "Wij speelt", "Zij nemen"), or
#: after "de" ("de Eux"): the verb's number and the elision depend on the name filled in.
NAMES = r"%\((?:side|taker|defence|winner|players|loser|name)\)s "
BENT_ON_A_NAME = {
    "fr": re.compile(
        NAMES + r"(?:a|ont|gagne|gagnent|prend|prennent|chute|chutent|fait|font|joue|jouent|marque|marquent"
        r"|doit|sont|est)\b|\b(?:de|que) %\((?:side|taker|defence|winner|players|loser)\)s"
    ),
    "nl": re.compile(
        NAMES
        + r"(?:wint|winnen|speelt|spelen|heeft|hebben|haalt|halen|neemt|nemen|krijgt|krijgen|maakt|maken"
        r"|gaat|gaan)\b"
    ),
}


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_no_sentence_bends_to_a_side_s_name(language):
    from tests.i18n import catalogs

    bent = [
        f"{path}:{entry.line} {translation!r}"
        for path, entries in catalogs.tracked().items()
        if path.parts[-3] == language
        for entry in entries
        for translation in entry.translations
        if BENT_ON_A_NAME[language].search(translation)
    ]
    assert bent == []


@pytest.mark.parametrize(("language", "ranks"), [("fr", "A R D V 10 9 8 7"), ("nl", "A H V B 10 9 8 7")])
def test_a_carre_is_a_carre_and_the_ranks_are_the_languages(client, language, ranks):
    """The coinche scorer page said "Hauteur (carre) — A K Q J 10 9 8 7" in French."""
    match = make_match(game="coinche", sides=["Nous", "Eux"], seats=["Sophie", "Anne", "Marc", "Luc"])
    page = said(client, url(match), language)
    assert not re.search(r"\bcarre\b", page)
    assert "(carré)" in page
    assert ranks in page
