"""The site's URLs: pages, the REST API under /api/, the admin, and /healthz."""

from django.contrib import admin
from django.urls import include, path

from tablescore.health import healthz, ping

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("ping", ping, name="ping"),
    path("admin/", admin.site.urls),
    path("api/", include("scoring.api_urls")),
    path("api/", include("tournaments.api_urls")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
]

handler404 = "tablescore.errors.not_found"
handler500 = "tablescore.errors.server_error"
