"""The tournaments REST API under /api/ (the paths are a contract)."""

from django.urls import path

from tournaments import api, prize_api
from tournaments.travel import api as travel_api

app_name = "tournaments_api"
urlpatterns = [
    path("tournaments/", api.TournamentCollection.as_view(), name="list"),
    path("tournaments/<int:pk>/", api.TournamentDetail.as_view(), name="detail"),
    path("tournaments/<int:pk>/entrants/", api.EntrantCollection.as_view(), name="entrants"),
    path("tournaments/<int:pk>/entrants/<int:entrant>/", api.EntrantDetail.as_view(), name="entrant"),
    path("tournaments/<int:pk>/cash/", api.CashSummary.as_view(), name="cash"),
    path("tournaments/<int:pk>/rounds/", api.RoundCollection.as_view(), name="rounds"),
    path("tournaments/<int:pk>/rounds/<int:number>/", api.RoundDetail.as_view(), name="round"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/tables/<int:table>/result/",
        api.TableResult.as_view(),
        name="table-result",
    ),
    path("tournaments/<int:pk>/standings/", api.Standings.as_view(), name="standings"),
    path("tournaments/<int:pk>/prizes/", prize_api.PrizeListView.as_view(), name="prizes"),
    path("tournaments/<int:pk>/bracket/", api.BracketView.as_view(), name="bracket"),
    path("tournaments/<int:pk>/corrections/", api.Corrections.as_view(), name="corrections"),
    path("tournaments/<int:pk>/desk/", api.Desk.as_view(), name="desk"),
    path("tournaments/<int:pk>/reveal/", api.Reveal.as_view(), name="reveal"),
    path("tournaments/<int:pk>/evening/", travel_api.EveningExport.as_view(), name="evening"),
    path("evenings/", travel_api.EveningImport.as_view(), name="evenings"),
]
