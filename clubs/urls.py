"""Pages of the clubs app: a club's settings, an organizer's API token."""

from django.urls import path

from clubs import token_pages, views

app_name = "clubs"
urlpatterns = [
    path("clubs/<slug:slug>/settings/", views.club_settings, name="settings"),
    path("accounts/api-token/", token_pages.api_token, name="api_token"),
]
