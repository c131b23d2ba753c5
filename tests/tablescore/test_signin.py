"""An organizer's page refused to a visitor who is not signed in answers with the sign-in page."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.test import RequestFactory

from clubs.access import SignInRequired
from tablescore.signin import SignInMiddleware

middleware = SignInMiddleware(lambda request: HttpResponse())


def test_it_sends_the_visitor_to_sign_in_and_back_to_the_page():
    request = RequestFactory().get("/matches/7/manage/?tab=link")

    response = middleware.process_exception(request, SignInRequired("sign in"))

    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/matches/7/manage/%3Ftab%3Dlink"


def test_it_leaves_every_other_refusal_to_django():
    request = RequestFactory().get("/matches/7/manage/")

    assert middleware.process_exception(request, PermissionDenied("not yours")) is None
