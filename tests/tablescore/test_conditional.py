"""Conditional GET: the document once, then 304 with no body while the client has its version."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from tablescore.conditional import conditional_get

rendered: list[str] = []


def page() -> HttpResponse:
    rendered.append("page")
    return HttpResponse("the board")


def get(**headers):
    return RequestFactory().get("/board/", headers=headers)


@pytest.fixture(autouse=True)
def nothing_rendered_yet():
    rendered.clear()


def test_it_answers_the_document_with_its_version_as_the_etag():
    response = conditional_get(get(), "7", page)

    assert response.status_code == 200
    assert response.content == b"the board"
    assert response["ETag"] == '"7"'
    assert response["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("given", ['"7"', 'W/"7"', '"6", "7"', "*"])
def test_it_answers_304_without_building_the_document_while_the_client_has_it(given):
    response = conditional_get(get(If_None_Match=given), "7", page)

    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == '"7"'
    assert rendered == []


@pytest.mark.parametrize("given", ['"6"', '"77"', "7", ""])
def test_it_answers_the_document_once_the_version_changed(given):
    response = conditional_get(get(If_None_Match=given), "7", page)

    assert response.status_code == 200
    assert rendered == ["page"]


def test_a_version_of_several_revisions_is_one_etag():
    assert conditional_get(get(If_None_Match='"3.5"'), "3.5", page).status_code == 304
    assert conditional_get(get(If_None_Match='"3.5"'), "3.6", page).status_code == 200


def test_a_private_answer_is_kept_from_shared_caches():
    assert conditional_get(get(), "7", page, private=True)["Cache-Control"] == "no-cache, private"
    assert conditional_get(get(If_None_Match='"7"'), "7", page, private=True)["Cache-Control"] == (
        "no-cache, private"
    )
