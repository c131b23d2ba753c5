"""The project's URLs plus two views that fail the way an unreachable database does, for
tests/faults/test_unavailable.py."""

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.urls import path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tablescore import urls
from tablescore.urls import handler404, handler500  # noqa: F401  (the project's error pages)


def page_without_database(request: HttpRequest) -> HttpResponse:
    raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')


class ApiWithoutDatabase(APIView):
    authentication_classes = []
    permission_classes = []

    def get(self, request: Request) -> Response:
        raise InterfaceError("connection already closed")


class ApiOtherwiseBroken(APIView):
    authentication_classes = []
    permission_classes = []

    def get(self, request: Request) -> Response:
        raise ZeroDivisionError("a bug, not an outage")


urlpatterns = [
    path("faults/page/", page_without_database),
    path("api/faults/unavailable/", ApiWithoutDatabase.as_view()),
    path("api/faults/bug/", ApiOtherwiseBroken.as_view()),
    *urls.urlpatterns,
]
