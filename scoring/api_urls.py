"""The REST API (docs/architecture.md; the paths are a contract)."""

from csp.decorators import csp_update
from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from scoring import api, api_games, api_results

#: The API docs page serves Swagger UI from the site's own static files (drf-spectacular-sidecar:
#: it works in a room with no internet) with its one small inline <style>; its own script is
#: served separately (the split view), so no inline script is allowed even here.
docs_csp = csp_update({"style-src": ["'unsafe-inline'"]})

app_name = "api"
urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", docs_csp(SpectacularSwaggerSplitView.as_view(url_name="api:schema")), name="docs"),
    path("games/", api_games.GameList.as_view(), name="game-list"),
    path("games/<str:key>/", api_games.GameDetail.as_view(), name="game-detail"),
    path("games/<str:key>/preview/", api_games.GamePreview.as_view(), name="game-preview"),
    path("matches/", api.MatchCollection.as_view(), name="match-list"),
    path("matches/<int:pk>/", api.MatchDetail.as_view(), name="match-detail"),
    path("matches/<int:pk>/deals/", api.MatchDeals.as_view(), name="match-deals"),
    path("matches/<int:pk>/deals/<int:number>/", api.DealDetail.as_view(), name="deal-detail"),
    path("matches/<int:pk>/history/", api.MatchHistory.as_view(), name="match-history"),
    path("matches/<int:pk>/result/", api_results.MatchResult.as_view(), name="match-result"),
    path(
        "matches/<int:pk>/correction-requests/",
        api_results.MatchCorrectionRequests.as_view(),
        name="match-correction-requests",
    ),
    path("matches/<int:pk>/rematch/", api_results.MatchRematch.as_view(), name="match-rematch"),
]
