"""The scripts' words in the reader's language (#15): Django's JavaScript catalog served as an
external script at ``/jsi18n/<language>.js`` (the Content-Security-Policy allows no inline
script), named by every page before the scripts that use it, in the page's language."""

from __future__ import annotations

import pytest

from scoring.links import table_token
from tests.factories import make_match


def test_it_serves_each_languages_words_as_a_script_checked_again_on_each_use(client):
    french = client.get("/jsi18n/fr.js")
    assert french.status_code == 200
    assert french["Content-Type"].startswith("text/javascript")
    assert french["Cache-Control"] == "no-cache"
    body = french.content.decode()
    assert '"Offline": "Hors ligne"' in body
    assert "%(n)s donnes enregistr\\u00e9es sur ce t\\u00e9l\\u00e9phone" in body  # as JSON writes it
    assert '"Offline": "Offline"' not in body
    assert "Spel %(n)s" in client.get("/jsi18n/nl.js").content.decode()
    assert "Hors ligne" not in client.get("/jsi18n/en.js").content.decode()


def test_the_language_is_the_addresss_not_the_requests(client):
    body = client.get("/jsi18n/nl.js", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Spel %(n)s" in body
    assert "Hors ligne" not in body


def test_an_unknown_language_is_a_404_and_a_write_a_405(client):
    assert client.get("/jsi18n/de.js").status_code == 404
    assert client.post("/jsi18n/fr.js").status_code == 405


@pytest.mark.django_db
@pytest.mark.parametrize(("accept", "language"), [("fr", "fr"), ("nl-BE,nl;q=0.9", "nl"), ("de", "en")])
def test_a_page_names_the_catalog_of_its_language_before_the_scripts(client, accept, language):
    match = make_match()
    page = client.get(f"/t/{table_token(match)}/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    catalog = page.index(f'<script src="/jsi18n/{language}.js" defer></script>')
    assert catalog < page.index("tablescore.js") < page.index("scorer-outbox.js")
