"""The pages of check-in and fees: the console's toggles post without JavaScript and say the
counts, the paid amount can be changed, the entrant checks in from its own link (a wrong secret is
a 404), the draw warns or waits, the absentees are withdrawn in one step, the cash page adds up in
the reader's language."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation

from scoring.models import AuditAction, AuditEvent
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import make_tournament
from tournaments import cash
from tournaments.models import Entrant, Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture
def evening(club):
    return make_tournament(club=club, entrants=4, rounds=2, fee=500)


def text(response) -> str:
    """The page's text, its tags taken out."""
    return html.unescape(re.sub(r"<(?!/?(?:svg|button)\b)[^>]+>", "", response.content.decode()))


def console(client, tournament, *, markup: bool = False) -> str:
    response = client.get(f"/tournaments/{tournament.pk}/console/")
    assert response.status_code == 200
    return response.content.decode() if markup else text(response)


def entrant(tournament, name: str) -> Entrant:
    return Entrant.objects.get(tournament=tournament, name=name)


def test_the_organizer_ticks_checked_in_and_paid_on_the_console(client, boss, evening):
    ann = entrant(evening, "Ann")
    assert "0 of 4 present · 0 paid" in console(client, evening)

    checked = client.post(
        f"/tournaments/{evening.pk}/console/entrants/{ann.pk}/check-in/", {"checked_in": "on"}
    )
    paid = client.post(f"/tournaments/{evening.pk}/console/entrants/{ann.pk}/pay/", {"paid": "on"})

    assert checked.status_code == paid.status_code == 302
    assert checked["Location"].endswith(f"#entrant-{ann.pk}")
    ann.refresh_from_db()
    assert (ann.checked_in, ann.paid) == (True, 500)
    assert "1 of 4 present · 1 paid" in console(client, evening)
    assert console(client, evening, markup=True).count("toggle-button on") == 2
    events = AuditEvent.objects.filter(place=f"e:{ann.pk}")
    assert {e.action for e in events} == {AuditAction.ENTRANT_CHECKED_IN, AuditAction.ENTRANT_PAID}
    assert {e.actor_label for e in events} == {boss.get_username()}


def test_a_second_tap_takes_it_back(client, boss, evening):
    ann = entrant(evening, "Ann")
    url = f"/tournaments/{evening.pk}/console/entrants/{ann.pk}/"
    client.post(url + "check-in/", {"checked_in": "on"})
    client.post(url + "pay/", {"paid": "on"})

    client.post(url + "check-in/", {"checked_in": "off"})
    client.post(url + "pay/", {"paid": "off"})

    ann.refresh_from_db()
    assert (ann.checked_in, ann.paid) == (False, 0)


@pytest.mark.parametrize(("typed", "cents"), [("4", 400), ("4,50", 450), ("4.5", 450), ("€ 3,20", 320)])
def test_the_amount_paid_can_be_changed(client, boss, evening, typed, cents):
    bob = entrant(evening, "Bob")

    client.post(f"/tournaments/{evening.pk}/console/entrants/{bob.pk}/pay/", {"amount": typed})

    bob.refresh_from_db()
    assert bob.paid == cents
    assert 'aria-pressed="mixed"' in console(client, evening, markup=True)


@pytest.mark.parametrize("typed", ["four", "4,555", "-1", "2000"])
def test_a_bad_amount_is_said_and_changes_nothing(client, boss, evening, typed):
    bob = entrant(evening, "Bob")

    response = client.post(
        f"/tournaments/{evening.pk}/console/entrants/{bob.pk}/pay/", {"amount": typed}, follow=True
    )

    assert "Bob: the amount paid must be in euros, from 0 to €1,000.00 (such as 4,50)" in text(response)
    bob.refresh_from_db()
    assert bob.paid == 0


def test_an_entrant_checks_in_from_its_own_link(evening):
    cy = entrant(evening, "Cy")
    url = f"/tournaments/{evening.pk}/check-in/{cy.secret}/"
    visitor = Client()

    page = visitor.get(url)
    assert page.status_code == 200
    assert "Cy" in text(page)
    assert "I'm here" in text(page)

    done = visitor.post(url, follow=True)
    again = visitor.post(url, follow=True)

    assert done.status_code == again.status_code == 200
    assert "You are checked in" in text(again)
    cy.refresh_from_db()
    assert cy.checked_in
    assert AuditEvent.objects.filter(place=f"e:{cy.pk}").count() == 1


def test_a_wrong_or_rotated_secret_is_a_404(evening):
    cy = entrant(evening, "Cy")
    old = cy.secret
    assert Client().get(f"/tournaments/{evening.pk}/check-in/wrong/").status_code == 404
    Entrant.objects.filter(pk=cy.pk).update(secret="rotated")
    assert Client().post(f"/tournaments/{evening.pk}/check-in/{old}/").status_code == 404
    other = make_tournament(club=ClubFactory(), entrants=1)
    assert Client().get(f"/tournaments/{other.pk}/check-in/rotated/").status_code == 404
    cy.refresh_from_db()
    assert not cy.checked_in


def test_the_console_warns_above_the_start_button_once_check_in_is_in_use(client, boss, evening):
    assert "have not checked in" not in console(client, evening)  # nobody ticks: nobody is warned about
    for name in ("Ann", "Bob"):
        client.post(
            f"/tournaments/{evening.pk}/console/entrants/{entrant(evening, name).pk}/check-in/",
            {"checked_in": "on"},
        )

    page = console(client, evening)

    assert "Before the draw: Cy and Dee have not checked in." in page
    assert "Cy and Dee have not paid" in page
    assert "Start round 1" in page


def test_the_console_waits_when_check_in_is_required(client, club, boss):
    evening = make_tournament(club=club, entrants=4, rounds=2, require_check_in=True)

    page = console(client, evening)
    refused = client.post(f"/tournaments/{evening.pk}/console/rounds/", follow=True)

    assert "Start round 1" not in page
    assert "The draw waits: Ann, Bob, Cy and Dee have not checked in." in page
    assert page.count("Dee have not checked in") == 1  # said once, where the start button would be
    assert "Withdraw absentees" in page
    assert "Ann, Bob, Cy and Dee have not checked in" in text(refused)
    assert not Round.objects.filter(tournament=evening).exists()


def test_the_absentees_are_withdrawn_in_one_confirmed_step(client, boss, evening):
    client.post(
        f"/tournaments/{evening.pk}/console/entrants/{entrant(evening, 'Ann').pk}/check-in/",
        {"checked_in": "on"},
    )
    url = f"/tournaments/{evening.pk}/console/absentees/"

    asked = client.post(url)
    assert asked.status_code == 200
    assert "Withdraw the 3 entrants who have not checked in?" in text(asked)
    assert not evening.entrants.filter(withdrawn=True).exists()

    done = client.post(url, {"confirm": "yes"}, follow=True)

    assert "3 absentees withdrawn." in text(done)
    assert sorted(evening.entrants.filter(withdrawn=True).values_list("name", flat=True)) == [
        "Bob",
        "Cy",
        "Dee",
    ]


def test_the_cash_page_adds_up_in_the_readers_language(client, boss, evening):
    Entrant.objects.filter(tournament=evening, name="Ann").update(paid=500)
    Entrant.objects.filter(tournament=evening, name="Bob").update(paid=400)

    english = text(client.get(f"/tournaments/{evening.pk}/cash/"))
    french = text(client.get(f"/tournaments/{evening.pk}/cash/", HTTP_ACCEPT_LANGUAGE="fr"))
    dutch = text(client.get(f"/tournaments/{evening.pk}/cash/", HTTP_ACCEPT_LANGUAGE="nl"))

    assert "€20.00" in english
    assert "€9.00" in english
    assert "€11.00" in english
    assert "20,00\xa0€" in french
    assert "9,00\xa0€" in french
    assert "€\xa020,00" in dutch
    assert "€\xa011,00" in dutch


def test_money_follows_the_language():
    for language, said in (("en", "€1,234.50"), ("fr", "1\xa0234,50\xa0€"), ("nl", "€\xa01.234,50")):
        with translation.override(language):
            assert cash.money(123450) == said


def test_the_organizers_pages_are_theirs_only(client, evening):
    stranger = organizer(ClubFactory())
    client.force_login(stranger)
    ann = entrant(evening, "Ann")
    for url in (
        f"/tournaments/{evening.pk}/cash/",
        f"/tournaments/{evening.pk}/check-in-sheet/",
        f"/tournaments/{evening.pk}/console/entrants/{ann.pk}/qr.svg",
    ):
        assert client.get(url).status_code in (403, 404)
    assert client.post(
        f"/tournaments/{evening.pk}/console/entrants/{ann.pk}/check-in/", {"checked_in": "on"}
    ).status_code in (403, 404)
    ann.refresh_from_db()
    assert not ann.checked_in


def test_the_sheet_has_each_entrants_code(client, boss, evening):
    page = text(client.get(f"/tournaments/{evening.pk}/check-in-sheet/"))
    qr = client.get(f"/tournaments/{evening.pk}/console/entrants/{entrant(evening, 'Ann').pk}/qr.svg")

    for name in ("Ann", "Bob", "Cy", "Dee"):
        assert f"/tournaments/{evening.pk}/check-in/{entrant(evening, name).secret}/" in page
    assert page.count("<svg") == 4
    assert qr["Content-Type"] == "image/svg+xml"
