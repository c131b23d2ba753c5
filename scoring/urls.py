"""Pages of the scoring app."""

from django.urls import path

from scoring import views

app_name = "scoring"
urlpatterns = [
    path("", views.home, name="home"),
    path("clubs/<slug:slug>/", views.club, name="club"),
    path("matches/<int:pk>/", views.match_page, name="match"),
]
