"""The scorer page through a dead network (#13): the service worker at ``/sw.js`` and the web
manifest that lets a scorer page be added to a phone's home screen.

The worker is a template so that it names the static files by their hashed names (whitenoise's
manifest storage): its cache's version is a hash of what it serves, so a new deploy brings a new
cache and the old one is dropped. It caches the scorer page's shell (its static files) when it
installs, and each scorer page and scoreboard as it is loaded (the network first), and sends the
phone's outbox from the ``sync`` event where the browser has one (Chromium).

Not pages a person reads, but the table's all the same: only the pages of a table's link register
the worker, and only the scorer page links the manifest (``templates/scoring/_outbox.html``)."""

from __future__ import annotations

import hashlib
import json

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.views.decorators.http import require_safe

#: The static files a scorer page needs, cached when the worker installs.
SHELL = (
    "css/tablescore.css",
    "vendor/htmx.min.js",
    "vendor/qrcode-generator.min.js",
    "js/tablescore.js",
    "js/outbox.js",
    "js/scorer-outbox.js",
    "favicon.svg",
)


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, scope ``/``, always checked again (``no-cache``)."""
    shell = [static(name) for name in SHELL]
    body = render_to_string(
        "offline/sw.js", {"shell": json.dumps(shell), "outbox": json.dumps(static("js/outbox.js"))}
    )
    version = hashlib.sha256(body.encode()).hexdigest()[:12]
    response = HttpResponse(body.replace("__VERSION__", version), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """The web manifest. No start_url: the page that links it (the scorer page the table added to
    its home screen) is where it opens."""
    document = {
        "name": "Tablescore",
        "short_name": "Tablescore",
        "display": "standalone",
        "scope": "/",
        "background_color": "#111412",
        "theme_color": "#0b5d1e",
        "icons": [{"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    return HttpResponse(json.dumps(document), content_type="application/manifest+json")
