"""The API's one error shape, whatever raised the error: a service, DRF, an access check."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from rest_framework import authentication
from rest_framework.permissions import AllowAny
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from clubs.access import SignInRequired
from clubs.errors import Conflict, InvalidEntry
from tablescore.api import invalid_entry


def answer_of(error, *, challenge=True):
    """What a view that raises ``error`` answers (with or without an authentication challenge)."""

    class View(APIView):
        permission_classes = [AllowAny]
        authentication_classes = [authentication.TokenAuthentication] if challenge else []

        def get(self, request):
            raise error

    response = View.as_view()(APIRequestFactory().get("/api/x/"))
    return response.status_code, response.data, response.get("WWW-Authenticate")


def test_a_service_error_answers_its_status_field_rule_and_extras():
    status, body, _ = answer_of(Conflict("deal 3 was changed meanwhile", "If-Match", current_version=2))

    assert status == 409
    assert body == {
        "error": {
            "field": "If-Match",
            "rule": "deal 3 was changed meanwhile",
            "code": "conflict",
            "current_version": 2,
        }
    }
    assert answer_of(InvalidEntry("bid must be 80 to 160", "bid"))[:2] == (
        400,
        {"error": {"field": "bid", "rule": "bid must be 80 to 160", "code": "invalid"}},
    )


def test_nobody_signed_in_answers_401_with_the_views_challenge():
    assert answer_of(SignInRequired("sign in as an organizer of the club")) == (
        401,
        {
            "error": {
                "field": None,
                "rule": "sign in as an organizer of the club",
                "code": "not_authenticated",
            }
        },
        "Token",
    )


def test_nobody_signed_in_answers_403_where_the_view_has_no_challenge():
    status, body, challenge = answer_of(SignInRequired("sign in"), challenge=False)

    assert (status, challenge) == (403, None)
    assert body["error"]["rule"] == "sign in"


def test_a_refusal_keeps_its_own_words():
    assert answer_of(PermissionDenied("only the club's owners and organizers may do this"))[:2] == (
        403,
        {
            "error": {
                "field": None,
                "rule": "only the club's owners and organizers may do this",
                "code": "permission_denied",
            }
        },
    )


def refused(errors):
    error = invalid_entry(errors)
    return error.field, error.rule, error.extra


def test_a_serializers_first_problem_names_its_field():
    assert refused({"title": ["too long"], "game": ["required"]}) == ("title", "too long", {})
    assert refused({"non_field_errors": ["no"]}) == (None, "no", {})
    assert refused(["odd"]) == (None, "odd", {})


def test_a_nested_problem_is_its_first_message_under_its_top_level_field():
    assert refused({"sides": {1: ["not a name"]}}) == ("sides", "not a name", {})
    assert refused({"options": {"target": ["too high"]}}) == ("options", "too high", {})


def test_a_problem_in_a_list_names_its_row():
    assert refused({2: {"name": ["name is required"]}}) == ("name", "name is required", {"row": 2})


def test_the_schema_helpers_describe_the_error_shape(client):
    schema = client.get("/api/schema/?format=json").json()

    detail = schema["components"]["schemas"]["ErrorDetail"]
    assert set(detail["properties"]) == {"field", "rule", "code"}
    assert schema["paths"]["/api/matches/{id}/"]["get"]["responses"]["404"]["content"]["application/json"][
        "schema"
    ] == {"$ref": "#/components/schemas/Error"}


def api_views():
    """Every DRF view the site's URLs serve, by its URL pattern."""
    from django.urls import URLPattern, URLResolver, get_resolver

    def walk(patterns, prefix=""):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern):
                view = getattr(entry.callback, "cls", None)
                if view is not None and issubclass(view, APIView):
                    yield prefix + str(entry.pattern), view

    return dict(walk(get_resolver().url_patterns))


def test_every_api_authenticates_by_the_one_default_a_table_link_a_session_or_a_token():
    from rest_framework.settings import api_settings

    from scoring.api_games import GameDetail, GameList, GamePreview
    from scoring.authentication import TableLinkAuthentication

    defaults = api_settings.DEFAULT_AUTHENTICATION_CLASSES
    assert defaults == [
        TableLinkAuthentication,
        authentication.SessionAuthentication,
        authentication.TokenAuthentication,
    ]
    views = api_views()
    assert len(views) > 30
    open_to_all = {GameList, GameDetail, GamePreview}  # the rule books: no caller to recognise
    for route, view in views.items():
        expected = [] if view in open_to_all else defaults
        assert view.authentication_classes == expected, route
