"""The pages run under the Content-Security-Policy without a single violation: htmx, the steppers,
the print button and the projector's poll all come from static files (no inline script or style)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import scorer_path
from tests.factories import ClubFactory, make_match
from tests.tournaments.factories import make_tournament, start_round

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_no_page_violates_the_content_security_policy(live_server, phone: Any):
    club = ClubFactory()
    match = make_match(club=club, deals=[{"points": {"Ann": 3, "Ben": 1}}])
    tournament = make_tournament(club=club, entrants=4)
    start_round(tournament)
    violations: list[str] = []
    phone.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    phone.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => console.error("
        "'Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI));"
    )
    for path in (
        scorer_path(match),
        f"/matches/{match.pk}/",
        f"/tournaments/{tournament.pk}/",
        f"/tournaments/{tournament.pk}/projector/",
    ):
        response = phone.goto(live_server.url + path)
        policy = [part.strip() for part in response.headers["content-security-policy"].split(";")]
        assert "script-src 'self'" in policy
        phone.wait_for_load_state("networkidle")
    # The steppers are revealed by tablescore.js.
    phone.goto(live_server.url + scorer_path(match))
    assert phone.locator("button.step:not([hidden])").count() > 0
    assert violations == []


def test_the_api_docs_draw_with_nothing_from_outside_the_site(live_server, phone: Any):
    """A club room has no internet: Swagger UI comes from the site's static files."""
    outside: list[str] = []

    def only_the_site(route: Any) -> None:
        if route.request.url.startswith(live_server.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    phone.route("**/*", only_the_site)
    phone.goto(live_server.url + "/api/docs/")

    phone.locator(".swagger-ui .info .title", has_text="Tablescore API").wait_for(timeout=15_000)
    assert phone.locator(".opblock").count() > 10
    assert outside == []
