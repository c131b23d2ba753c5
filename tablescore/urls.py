"""The site's URLs: pages, the REST API under /api/, the admin, and /healthz."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponseRedirect
from django.templatetags.static import static
from django.urls import include, path, re_path
from django.views.decorators.http import require_safe
from django.views.generic import RedirectView

from tablescore.health import healthz, ping
from tablescore.jsi18n import js_catalog


@require_safe
def favicon(request: HttpRequest) -> HttpResponseRedirect:
    """Browsers ask for /favicon.ico whatever a page's ``<link rel="icon">`` says. Not a permanent
    redirect: the icon's hashed static name changes with its content."""
    return HttpResponseRedirect(static("favicon.svg"))


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("ping", ping, name="ping"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("favicon.ico", favicon),
    path("jsi18n/<str:language>.js", js_catalog, name="js_catalog"),
    # Clubs and players moved to the clubs app: the admin's earlier addresses still lead to them.
    re_path(
        r"^admin/scoring/(?P<rest>(club|player)/.*)$",
        RedirectView.as_view(url="/admin/clubs/%(rest)s", permanent=True, query_string=True),
    ),
    path("admin/", admin.site.urls),
    path("api/", include("scoring.api_urls")),
    path("api/", include("tournaments.api_urls")),
    path("api/", include("seasons.api_urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("clubs.urls")),
    path("", include("seasons.urls")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
]

handler404 = "tablescore.errors.not_found"
handler500 = "tablescore.errors.server_error"
