"""Pages of the clubs app: a club's settings."""

from django.urls import path

from clubs import views

app_name = "clubs"
urlpatterns = [
    path("clubs/<slug:slug>/settings/", views.club_settings, name="settings"),
]
