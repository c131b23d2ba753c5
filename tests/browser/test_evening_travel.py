"""The evening's travel as an organizer sees it, at 360 × 740 and 1280 × 800: the console's
"Download this evening" saves the file, "Upload an evening" takes it back (here: after the evening
was deleted, as on another Tablescore), and a spoiled file's refusal shows above the form, in the
reader's language. The pages pass the layout check and axe."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from clubs.travel.envelope import opened
from tests.browser.support import LAPTOP, PHONE, looked_at, screen, sign_in
from tests.factories import ClubFactory, make_match, organizer
from tests.tournaments.factories import make_tournament, play_round, start_round
from tests.tournaments.travel.conftest import gone
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/evening-shots")


@pytest.mark.parametrize(("size", "label"), [(PHONE, "phone"), (LAPTOP, "laptop")])
def test_an_evening_is_downloaded_and_uploaded_from_the_pages(
    live_server: Any, browser: Any, tmp_path: Path, tasks_in_process: Any, size: dict[str, int], label: str
) -> None:
    club = ClubFactory(slug="home", name="Home club")
    tournament = make_tournament(club=club, name="Spring cup", entrants=4, rounds=2)
    play_round(start_round(tournament))
    user = organizer(club)
    page = screen(browser, size)
    sign_in(page, live_server.url, user.username, "a-good-password")
    problems: list[str] = []

    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/console/")
    problems += looked_at(page, SHOTS, f"console-{label}")
    with page.expect_download() as waiting:
        page.get_by_role("button", name="Download this evening").click()
    saved = tmp_path / "evening.json"
    waiting.value.save_as(saved)
    gone(tournament)

    spoiled = tmp_path / "spoiled.json"
    spoiled.write_text(saved.read_text(encoding="utf-8")[:-200], encoding="utf-8")
    page.goto(f"{live_server.url}/tournaments/upload/?club=home")
    problems += looked_at(page, SHOTS, f"upload-{label}")
    page.set_input_files("input[type=file]", str(spoiled))
    page.get_by_role("button", name="Upload the evening").click()
    assert "cut short" in page.locator(".form-error").inner_text()
    problems += looked_at(page, SHOTS, f"upload-refused-{label}")

    page.set_input_files("input[type=file]", str(saved))
    page.get_by_role("button", name="Upload the evening").click()
    page.wait_for_selector("text=was imported")
    assert Tournament.objects.filter(club=club, name="Spring cup").exists()
    problems += looked_at(page, SHOTS, f"imported-{label}")
    assert problems == [], "\n".join(problems)


def test_the_refusal_speaks_french(live_server: Any, browser: Any, tmp_path: Path) -> None:
    club = ClubFactory(slug="home", name="Home club")
    user = organizer(club)
    page = screen(browser, PHONE, locale="fr-FR")
    sign_in(page, live_server.url, user.username, "a-good-password")
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"format": "something else"}', encoding="utf-8")
    page.goto(f"{live_server.url}/tournaments/upload/")
    page.set_input_files("input[type=file]", str(wrong))
    page.locator("#form button[type=submit]").click()
    assert "Ce n'est pas un fichier de soirée Tablescore." in page.locator(".form-error").inner_text()
    assert looked_at(page, SHOTS, "upload-refused-fr-phone") == []


def test_a_friendly_match_s_page_offers_its_download(live_server: Any, browser: Any, tmp_path: Path) -> None:
    club = ClubFactory(slug="home", name="Home club")
    match = make_match(club=club, deals=[{"points": {"Ann": 3, "Ben": 1}}])
    user = organizer(club)
    page = screen(browser, PHONE)
    sign_in(page, live_server.url, user.username, "a-good-password")
    page.goto(f"{live_server.url}/matches/{match.pk}/manage/")
    with page.expect_download() as waiting:
        page.get_by_role("button", name="Download this match").click()
    saved = tmp_path / "match.json"
    waiting.value.save_as(saved)
    assert opened(saved.read_bytes(), kind="match")["evening"] == str(match.public_id)
    assert looked_at(page, SHOTS, "match-manage-phone") == []
