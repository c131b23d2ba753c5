"""With DEBUG off a bad URL or a crash shows the site's own pages, never Django's."""

import pytest
from django.test import Client
from django.urls import path

from tablescore import urls

pytestmark = pytest.mark.django_db


def crash(request):
    raise ZeroDivisionError("a bug")


urlpatterns = [path("crash/", crash), *urls.urlpatterns]
handler404 = "tablescore.errors.not_found"
handler500 = "tablescore.errors.server_error"


def test_a_bad_url_shows_the_sites_own_not_found_page(client, settings):
    settings.DEBUG = False

    response = client.get("/no/such/page/")

    assert response.status_code == 404
    assert "<h1>Not found</h1>" in response.text
    assert 'class="brand"' in response.text


def test_a_crash_shows_the_sites_own_error_page(settings):
    settings.DEBUG = False
    settings.ROOT_URLCONF = __name__

    response = Client(raise_request_exception=False).get("/crash/")

    assert response.status_code == 500
    assert "<h1>Something went wrong</h1>" in response.text
    assert "ZeroDivisionError" not in response.text
