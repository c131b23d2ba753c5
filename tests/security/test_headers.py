"""Security headers on every kind of response under production-like settings (DEBUG off), and a
Content-Security-Policy that allows no inline script or style: the templates carry none."""

from __future__ import annotations

import re

import pytest

from scoring.links import table_token
from tests.paths import ROOT
from tests.security.conftest import World

pytestmark = pytest.mark.django_db


@pytest.fixture
def production(settings):
    settings.DEBUG = False
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SECURE_HSTS_PRELOAD = True


def urls(world: World) -> list[str]:
    a, t = world.matches[0], world.tournament
    return [
        "/",
        f"/matches/{a.pk}/",
        f"/matches/{a.pk}/board/",
        f"/t/{table_token(a)}/",
        f"/tournaments/{t.pk}/",
        f"/tournaments/{t.pk}/standings.csv",
        "/api/games/",
        f"/api/matches/{a.pk}/",
        "/api/schema/",
        "/t/not-a-token/",  # 403
        "/no/such/page/",  # 404
        "/api/matches/-1/",  # the API's JSON 404
        "/admin/login/",
        "/accounts/login/",
    ]


def directives(policy: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


def test_every_response_carries_the_security_headers(client, world: World, production):
    for url in urls(world):
        response = client.get(url, secure=True)
        assert response.status_code < 500, url
        assert response["X-Content-Type-Options"] == "nosniff", url
        assert response["X-Frame-Options"] == "DENY", url
        assert response["Referrer-Policy"] == "same-origin", url
        assert response["Cross-Origin-Opener-Policy"] == "same-origin", url
        assert response["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload", url
        policy = directives(response["Content-Security-Policy"])
        assert policy["script-src"] == ["'self'"], url
        assert policy["style-src"] == ["'self'"], url
        assert policy["object-src"] == ["'none'"], url
        assert policy["frame-ancestors"] == ["'none'"], url
        assert policy["base-uri"] == ["'none'"], url


def test_plain_http_is_sent_to_https_in_production(client, production, settings):
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/")
    assert response.status_code == 301
    assert response["Location"].startswith("https://")


def test_no_hsts_over_plain_http_with_debug_on(client, settings):
    settings.DEBUG = True
    settings.SECURE_HSTS_SECONDS = 0
    assert "Strict-Transport-Security" not in client.get("/")


def test_the_api_docs_page_loads_nothing_from_outside_and_no_inline_script(client, production):
    response = client.get("/api/docs/", secure=True)
    assert response.status_code == 200
    policy = directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]
    html = response.content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert not re.search(r"(src|href)=\"(https?:)?//", html), "Swagger UI must come from the site itself"


INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "an inline <script>"),
    (re.compile(r"<style\b", re.I), "a <style> element"),
    (re.compile(r"\sstyle\s*=", re.I), "a style= attribute"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "an on…= event handler"),
    (re.compile(r"javascript:", re.I), "a javascript: URL"),
    (re.compile(r"hx-on|hx-vals=['\"]js:|hx-vars", re.I), "htmx evaluating script"),
]


def test_no_template_needs_inline_script_or_style():
    found = []
    for template in sorted((ROOT / "templates").rglob("*.html")):
        text = template.read_text()
        for pattern, what in INLINE:
            for hit in pattern.finditer(text):
                found.append(f"{template.relative_to(ROOT)}: {what}: {hit.group(0)!r}")
    assert not found, "\n".join(found)


def test_pages_render_no_inline_script_or_style(client, world: World):
    client.force_login(world.boss)
    a, t = world.matches[0], world.tournament
    for url in [
        f"/matches/{a.pk}/",
        f"/matches/{a.pk}/manage/",
        f"/matches/{a.pk}/print/",
        f"/t/{table_token(a)}/",
        f"/t/{table_token(a)}/deals/1/",
        f"/clubs/{world.club.slug}/matches/new/?game=jam",
        f"/tournaments/{t.pk}/",
        f"/tournaments/{t.pk}/projector/",
        f"/tournaments/{t.pk}/console/",
        f"/tournaments/{t.pk}/rounds/1/slips/",
    ]:
        html = client.get(url).content.decode()
        for pattern, what in INLINE:
            assert not pattern.search(html), (url, what)
