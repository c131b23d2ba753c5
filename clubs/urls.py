"""Pages of the clubs app: a club's settings and staff, a new club, invitations, an organizer's API
token."""

from django.urls import path

from clubs import invitation_pages, token_pages, views

app_name = "clubs"
urlpatterns = [
    path("clubs/new/", invitation_pages.club_new, name="new"),
    path("clubs/<slug:slug>/settings/", views.club_settings, name="settings"),
    path("clubs/<slug:slug>/staff/", invitation_pages.staff, name="staff"),
    path("clubs/<slug:slug>/staff/<int:pk>/remove/", invitation_pages.staff_remove, name="staff_remove"),
    path(
        "clubs/<slug:slug>/invitations/<int:pk>/withdraw/",
        invitation_pages.invitation_withdraw,
        name="invitation_withdraw",
    ),
    path("invite/<str:token>/", invitation_pages.invitation, name="invitation"),
    path("accounts/api-token/", token_pages.api_token, name="api_token"),
]
