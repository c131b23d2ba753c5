"""#26 item 4 in a browser, at 360 and 1280 px, in French and Dutch: a blind finish's public page
(the last round's results hidden, the plain line under the standings), the console's "Reveal the
standings" (the organizer's view labelled as hidden from the public), and the projector's reveal
(the final standings coming up, the winner last; at once with reduced motion). Screenshots into
/tmp/blind/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, PHONE, screen, sign_in, snap, until
from tests.factories import organizer
from tests.tournaments.test_blind_finish import blind_evening

pytestmark = [
    pytest.mark.browser,
    pytest.mark.hosted,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

SHOTS = Path("/tmp/blind")
#: Each language's words: the line under the public standings, the console's label and button,
#: and the projector's final standings.
WORDS = {
    "fr-FR": (
        "Le classement est masqué pour la dernière ronde : dévoilé à la remise des prix",
        "Masqué au public jusqu'à ce que vous le dévoiliez",
        "Dévoiler le classement",
        "Classement final",
    ),
    "nl-NL": (
        "De stand is verborgen voor de laatste ronde: bekendgemaakt bij de prijsuitreiking",
        "Verborgen voor het publiek tot je de stand bekendmaakt",
        "Stand bekendmaken",
        "Eindstand",
    ),
}


def says(page: Any, number: int) -> bool:
    """Whether the page shows ``number`` to its reader: its text, not its markup (a player's page
    at /players/380/ is no score of 380)."""
    return re.search(rf"\b{number}\b", page.inner_text("body")) is not None


def looked(page: Any, name: str) -> None:
    snap(page, SHOTS, name)
    assert layout_problems(page) == [], name


@pytest.mark.parametrize("locale", ["fr-FR", "nl-NL"])
def test_a_blind_finish_from_the_hidden_last_round_to_the_reveal(live_server, browser, locale):
    line, label, button, final = WORDS[locale]
    tournament = blind_evening([(380, 120), (90, 310)])
    boss = organizer(tournament.club)
    base = live_server.url
    short = locale[:2]

    for size, where in ((PHONE, "360"), (LAPTOP, "1280")):
        public = screen(browser, size, locale=locale)
        public.goto(f"{base}/tournaments/{tournament.pk}/")
        assert public.get_by_text(line).is_visible()
        assert not says(public, 380)
        assert not says(public, 310)
        looked(public, f"{short}-public-{where}")
        public.goto(f"{base}/tournaments/{tournament.pk}/projector/")
        assert public.get_by_text(line).is_visible()
        looked(public, f"{short}-projector-hidden-{where}")
        public.context.close()

    console = screen(browser, PHONE, locale=locale)
    sign_in(console, base, boss.username, "a-good-password")
    console.goto(f"{base}/tournaments/{tournament.pk}/console/")
    assert console.get_by_text(label).is_visible()
    looked(console, f"{short}-console-before-360")
    console.locator("#blind").screenshot(path=str(SHOTS / f"{short}-console-panel-360.png"))
    laptop = screen(browser, LAPTOP, locale=locale)
    sign_in(laptop, base, boss.username, "a-good-password")
    laptop.goto(f"{base}/tournaments/{tournament.pk}/console/")
    looked(laptop, f"{short}-console-before-1280")
    laptop.locator("#tables").screenshot(path=str(SHOTS / f"{short}-console-rounds-1280.png"))

    console.get_by_role("button", name=button).click()
    until(lambda: type(tournament).objects.get(pk=tournament.pk).revealed_at is not None, "the reveal")
    console.wait_for_load_state()
    looked(console, f"{short}-console-revealed-360")
    console.locator("#blind").screenshot(path=str(SHOTS / f"{short}-console-panel-revealed-360.png"))

    for size, where in ((PHONE, "360"), (LAPTOP, "1280")):
        room = screen(browser, size, locale=locale)
        room.goto(f"{base}/tournaments/{tournament.pk}/projector/")
        assert room.locator(".projector-columns.final.revealing").count() == 1
        assert room.get_by_text(final).is_visible()
        # The reveal plays, the rows then the winner, and is over within 6 s.
        room.wait_for_function(
            "() => document.getAnimations().every(a => a.playState === 'finished')", timeout=6_000
        )
        assert room.locator(".winner-banner").evaluate("e => getComputedStyle(e).opacity") == "1"
        looked(room, f"{short}-projector-revealed-{where}")
        room.context.close()

    still = browser.new_context(locale=locale, viewport=LAPTOP, reduced_motion="reduce").new_page()
    still.goto(f"{base}/tournaments/{tournament.pk}/projector/")
    assert still.locator(".winner-banner").evaluate("e => getComputedStyle(e).animationName") == "none"
    public = screen(browser, PHONE, locale=locale)
    public.goto(f"{base}/tournaments/{tournament.pk}/")
    assert says(public, 380)
    assert public.get_by_text(line).count() == 0
    looked(public, f"{short}-public-revealed-360")
