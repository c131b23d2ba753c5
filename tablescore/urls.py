"""The site's URLs: pages, the REST API under /api/, the admin, and /healthz."""

from django.contrib import admin
from django.urls import include, path

from tablescore.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/", include("scoring.api_urls")),
    path("", include("scoring.urls")),
]
