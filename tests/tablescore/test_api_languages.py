"""The API's errors in the asked language: the same bad request in English, French and Dutch
answers the same ``code`` and three different ``rule`` sentences (Accept-Language; never the
club's language nor the page cookie)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, make_match, organizer

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "fr", "nl")


def answers(send) -> list[tuple[int, str, str | None, str]]:
    """``(status, code, field, rule)`` of the same request in each language."""
    found = []
    for language in LANGUAGES:
        response = send(language)
        error = response.json()["error"]
        assert set(error) >= {"field", "rule", "code"}
        found.append((response.status_code, error["code"], error["field"], error["rule"]))
    return found


def same_code_three_rules(found, status: int, code: str) -> list[str]:
    assert {(s, c, f) for s, c, f, _ in found} == {(status, code, found[0][2])}
    rules = [rule for *_, rule in found]
    assert len(set(rules)) == 3, rules
    return rules


@pytest.fixture
def signed_in():
    club = ClubFactory(language="nl")  # the API never speaks the club's language
    api = APIClient()
    api.force_authenticate(organizer(club))
    api.cookies["django_language"] = "nl"  # nor the pages' cookie
    return api


def test_an_unknown_address(signed_in):
    found = answers(lambda lang: signed_in.get("/api/no/such/thing/", HTTP_ACCEPT_LANGUAGE=lang))
    rules = same_code_three_rules(found, 404, "not_found")
    assert rules[0] == "no such resource"


def test_a_club_one_does_not_organize(signed_in):
    body = {"game": "tally", "sides": ["Ann", "Bob"], "club": "elsewhere"}
    found = answers(
        lambda lang: signed_in.post("/api/matches/", body, format="json", HTTP_ACCEPT_LANGUAGE=lang)
    )
    rules = same_code_three_rules(found, 403, "permission_denied")
    assert rules == [
        "you do not organize a club 'elsewhere'",
        "vous n'organisez pas de club « elsewhere »",
        "je organiseert geen club 'elsewhere'",
    ]


def test_a_body_that_is_not_json(signed_in):
    found = answers(
        lambda lang: signed_in.post(
            "/api/matches/", "{oops", content_type="application/json", HTTP_ACCEPT_LANGUAGE=lang
        )
    )
    rules = same_code_three_rules(found, 400, "parse_error")
    assert rules[1].startswith("erreur de lecture du JSON")


def test_a_missing_field_names_it_with_drfs_code(signed_in):
    found = answers(
        lambda lang: signed_in.post(
            "/api/matches/", {"sides": ["A", "B"]}, format="json", HTTP_ACCEPT_LANGUAGE=lang
        )
    )
    same_code_three_rules(found, 400, "required")
    assert found[0][2] == "game"


def test_nobody_signed_in():
    api = APIClient()
    found = answers(lambda lang: api.post("/api/matches/", {}, format="json", HTTP_ACCEPT_LANGUAGE=lang))
    assert {code for _, code, _, _ in found} <= {"not_authenticated", "permission_denied"}
    assert len({rule for *_, rule in found}) == 3


def test_a_missing_deal_answers_not_found():
    match = make_match(club=ClubFactory())
    response = APIClient().get(f"/api/matches/{match.pk}/deals/9/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize(
    ("status", "action", "role", "closed", "code"),
    [
        ("final", "accept", "table", "round 2", "round_closed"),
        ("void", "accept", "table", "", "result_void"),
        ("submitted", "void", "table", "", "director_only"),
    ],
)
def test_a_results_refusal_has_its_own_code(status, action, role, closed, code):
    from scoring.result_states import Action, Refused, ResultStatus, Role, step

    with pytest.raises(Refused) as refused:
        step(ResultStatus(status), Action(action), Role(role), closed=closed)
    assert refused.value.code == code


def test_the_codes_are_documented_in_the_schema(client):
    schema = client.get("/api/schema/?format=json").json()
    detail = schema["components"]["schemas"]["ErrorDetail"]
    assert "code" in detail["required"]
    assert "snake_case" in detail["properties"]["code"]["description"]
