"""The REST API (DESIGN.md §4; the paths are a contract)."""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from scoring import api

app_name = "api"
urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("games/", api.GameList.as_view(), name="game-list"),
    path("games/<str:key>/", api.GameDetail.as_view(), name="game-detail"),
    path("games/<str:key>/preview/", api.GamePreview.as_view(), name="game-preview"),
    path("matches/", api.MatchCollection.as_view(), name="match-list"),
    path("matches/<int:pk>/", api.MatchDetail.as_view(), name="match-detail"),
    path("matches/<int:pk>/deals/", api.MatchDeals.as_view(), name="match-deals"),
    path("matches/<int:pk>/deals/<int:number>/", api.DealDetail.as_view(), name="deal-detail"),
    path("matches/<int:pk>/history/", api.MatchHistory.as_view(), name="match-history"),
]
