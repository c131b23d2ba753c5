"""The scorer page's answer to a Save tells the phone's outbox what became of the deal in its
headers (``Tablescore-Outcome``, and for a refusal ``Tablescore-Said`` with the page's words),
so the script never reads the page to know it (scoring/numbering.py)."""

from __future__ import annotations

from urllib.parse import unquote

import pytest

from scoring.links import scorer_path
from tests.factories import make_match

pytestmark = pytest.mark.django_db


def save(client, match, number, ann, ben, key, language="en"):
    posted = {"key": key, "match": match.pk, "number": number, "f.points.0": ann, "f.points.1": ben}
    return client.post(
        scorer_path(match), posted, headers={"HX-Request": "true", "Accept-Language": language}
    )


def test_a_saved_deal_then_the_same_from_another_phone_then_another_entry():
    from django.test import Client

    match = make_match(options={"target": 1000})
    saved = save(Client(), match, 1, 3, 4, "phone-a-1")
    assert (saved.status_code, saved["Tablescore-Outcome"]) == (200, "saved")
    assert "Tablescore-Said" not in saved
    assert type(saved.headers["Tablescore-Outcome"]) is str  # a real server (wsgiref) takes nothing else

    same = save(Client(), match, 1, 3, 4, "phone-b-1")
    assert (same.status_code, same["Tablescore-Outcome"]) == (200, "duplicate")

    other = save(Client(), match, 1, 9, 9, "phone-b-2")
    assert (other.status_code, other["Tablescore-Outcome"]) == (409, "conflict")
    assert 'class="conflict' in other.text  # the page holds both entries, to settle there


def test_a_refusal_carries_the_pages_words_in_the_readers_language(client):
    match = make_match(options={"target": 1000})
    refused = save(client, match, 3, 1, 1, "k-3", language="fr")

    assert refused.status_code == 409
    assert refused["Tablescore-Outcome"] == "refused"
    said = unquote(refused["Tablescore-Said"])
    assert said.startswith("Non enregistrée.")
    assert "La donne 1 n'est pas encore comptée" in said
    assert said == " ".join(said.split())  # one line, as the phone shows it
    assert refused["Tablescore-Said"].isascii()
