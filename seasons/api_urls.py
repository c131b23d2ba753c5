"""The seasons REST API under /api/ (the paths are a contract)."""

from django.urls import path

from seasons import api

app_name = "seasons_api"
urlpatterns = [
    path("seasons/", api.SeasonCollection.as_view(), name="list"),
    path("seasons/<int:pk>/", api.SeasonDetail.as_view(), name="detail"),
    path("seasons/<int:pk>/evenings/", api.EveningCollection.as_view(), name="evenings"),
    path("seasons/<int:pk>/standings/", api.Standings.as_view(), name="standings"),
    path("players/", api.PlayerCollection.as_view(), name="players"),
    path("players/<int:pk>/", api.PlayerDetail.as_view(), name="player"),
]
