"""The JavaScript catalog (#15): the words of the site's scripts (``static/js/``) in one language,
Django's ``JavaScriptCatalog`` served as an external script (the Content-Security-Policy allows no
inline script) at ``/jsi18n/<language>.js``.

The language is in the address, not taken from the request, so that a browser's cache and the
service worker's copy (a scorer page loads it offline too) never hand one language's words to a
page in another. Base pages name the address of the language they are rendered in; the scripts
fall back to their English words when it does not load."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.utils import translation
from django.views.decorators.http import require_safe
from django.views.i18n import JavaScriptCatalog

#: The apps whose ``locale/`` holds script words (the project's ``LOCALE_PATHS`` always count).
PACKAGES = ["scoring", "tournaments", "seasons"]

_catalog = JavaScriptCatalog.as_view(packages=PACKAGES)


@require_safe
def js_catalog(request: HttpRequest, language: str) -> HttpResponseBase:
    """The catalog of ``language`` (one of ``LANGUAGES``), checked again on each use (``no-cache``)."""
    if language not in dict(settings.LANGUAGES):
        raise Http404("no such language")
    with translation.override(language):
        response = _catalog(request)
    response["Cache-Control"] = "no-cache"
    return response
