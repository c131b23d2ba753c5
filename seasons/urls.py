"""Pages of the seasons app: seasons, their projector and CSV, the organizer's pages, players."""

from django.urls import path

from seasons import views

app_name = "seasons"
urlpatterns = [
    path("seasons/", views.season_list, name="list"),
    path("seasons/new/", views.season_new, name="new"),
    path("seasons/<int:pk>/", views.season_page, name="season"),
    path("seasons/<int:pk>/projector/", views.season_projector, name="projector"),
    path("seasons/<int:pk>/season.csv", views.season_csv, name="csv"),
    path("seasons/<int:pk>/manage/", views.season_manage, name="manage"),
    path("seasons/<int:pk>/evenings/<int:tournament>/remove/", views.season_detach, name="detach"),
    path("players/", views.player_list, name="players"),
    path("players/<int:pk>/", views.player_page, name="player"),
    path("players/<int:pk>/privacy/<slug:slug>/", views.player_privacy, name="privacy"),
    path("clubs/<slug:slug>/preferences/", views.club_preferences, name="preferences"),
]
