"""The scorer link beside its QR code: a copy and a share button, a short table code to type when
the code will not scan (throttled like bad tokens, revoked with the link), and a confirmation
before revoking, renewing or abandoning."""

import re

import pytest

from clubs.access import Actor
from scoring.links import match_for_code, normalized_code, scorer_path, table_code
from scoring.models import Match, MatchStatus
from scoring.qr import LABEL
from scoring.services.links import table_link_revoke
from tests.factories import ClubFactory, make_match, organizer

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    return make_match(club=ClubFactory(), sides=["Kit", "Lou"])


def test_it_sends_a_typed_table_code_to_the_scorer_page(client, match):
    code = table_code(match)
    assert 6 <= len(code.replace(" ", "")) <= 8

    typed = code.lower().replace(" ", "-")  # capitals or not, dashes or spaces
    response = client.post("/t/", {"code": typed})

    assert response.status_code == 302
    assert response["Location"] == scorer_path(match)


def test_it_reads_the_letters_people_mistake_for_digits():
    assert normalized_code(" 7km4-qxO ") == "7KM4QX0"
    assert normalized_code("il") == "11"


def test_it_refuses_a_wrong_code_in_words_and_says_so_beside_the_box(client, match):
    code = table_code(match).replace(" ", "")
    wrong = code[:-1] + ("0" if code[-1] != "0" else "1")

    response = client.post("/t/", {"code": wrong})

    assert response.status_code == 422
    assert "No table has this code" in response.text
    assert 'aria-invalid="true"' in response.text


def test_it_finds_the_home_page_link_to_the_code_page(client):
    page = client.get("/")
    assert 'href="/t/"' in page.text
    assert "Enter your table code" in client.get("/t/").text


def test_a_revoked_link_takes_its_code_along_and_a_new_link_brings_a_new_code(match):
    old = table_code(match)
    table_link_revoke(match_id=match.pk, actor=Actor(label="boss"), renew=True)
    match.refresh_from_db()
    assert match_for_code(old) is None
    assert match_for_code(table_code(match)) == match
    table_link_revoke(match_id=match.pk, actor=Actor(label="boss"), renew=False)
    match.refresh_from_db()
    assert match_for_code(table_code(match)) is None


def test_it_throttles_wrong_codes_per_address_like_bad_tokens(client, match, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"bad_token": "3/min"}}
    for _ in range(3):
        assert client.post("/t/", {"code": "ZZZZZZZ"}).status_code == 422

    blocked = client.post("/t/", {"code": table_code(match)})

    assert blocked.status_code == 429
    assert int(blocked["Retry-After"]) >= 1
    # The scorer link itself still works from the same address.
    assert client.get(scorer_path(match)).status_code == 200


def test_the_manage_page_has_copy_and_share_buttons_and_the_code(client, match):
    client.force_login(organizer(match.club))

    page = client.get(f"/matches/{match.pk}/manage/").text

    assert re.search(r'<button[^>]*data-copy="scorer-link"', page)
    assert re.search(r'<button[^>]*data-share="scorer-link"', page)
    assert 'id="scorer-link"' in page
    assert table_code(match) in page
    assert f'aria-label="{LABEL}"' in page  # the QR code has a name
    printed = client.get(f"/matches/{match.pk}/print/").text
    assert table_code(match) in printed
    # A code is not words: a browser's translator leaves it be, and so does the i18n harness (a
    # code's last group once read "ARE").
    for shown in (page, printed):
        assert f'translate="no">{table_code(match)}</strong>' in shown
    assert re.search(r'<p class="url" translate="no">http[^<]*/t/', printed)  # nor is a link


@pytest.mark.parametrize(
    ("action", "data", "question"),
    [
        ("revoke", {}, "Revoke the scorer link?"),
        ("revoke", {"renew": "on"}, "Replace the scorer link?"),
        ("abandon", {"reason": "fire alarm"}, "Abandon the match?"),
    ],
)
def test_it_asks_before_a_dangerous_button_acts(client, match, action, data, question):
    client.force_login(organizer(match.club))
    secret = match.table_secret

    asked = client.post(f"/matches/{match.pk}/{action}/", data)

    assert asked.status_code == 200
    assert question in asked.text
    assert 'name="confirm" value="yes"' in asked.text
    for name, value in data.items():
        assert f'name="{name}" value="{value}"' in asked.text  # posted again with the answer
    match.refresh_from_db()
    assert (match.table_secret, match.table_link_revoked, match.status) == (
        secret,
        False,
        MatchStatus.IN_PROGRESS,
    )

    done = client.post(f"/matches/{match.pk}/{action}/", {**data, "confirm": "yes"})

    assert done.status_code == 302
    match = Match.objects.get(pk=match.pk)
    changed = (match.table_secret != secret, match.table_link_revoked, match.status == MatchStatus.ABANDONED)
    assert any(changed)


def test_the_dangerous_buttons_carry_the_dialog_question(client, match):
    client.force_login(organizer(match.club))
    page = client.get(f"/matches/{match.pk}/manage/").text
    assert page.count("data-confirm=") == 4  # revoke, replace, abandon, and delete (no deal yet)
    assert "Delete this match? This cannot be undone." in page
