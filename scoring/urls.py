"""Pages of the scoring app: public boards, the table's scorer link, organizer pages.

Every ``t/<token>/`` page is wrapped in ``guard_table_link``: bad tokens are throttled per address.
"""

from django.urls import path

from scoring import (
    blind_pages,
    conflict_pages,
    correction_pages,
    link_pages,
    match_pages,
    offline,
    outbox_import,
    place_pages,
    removal_pages,
    result_pages,
    room_pages,
    rules_pages,
    undo,
    views,
)
from scoring.throttling import guard_table_link
from scoring.travel import pages

app_name = "scoring"
urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:key>/rules/", rules_pages.game_rules, name="game_rules"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("outbox/import/", outbox_import.outbox_import, name="outbox_import"),
    path("clubs/<slug:slug>/", views.club, name="club"),
    path("clubs/<slug:slug>/matches/new/", match_pages.match_new, name="match_new"),
    path("clubs/<slug:slug>/room/", room_pages.room, name="room"),
    path("matches/<int:pk>/", views.match_page, name="match"),
    path("matches/<int:pk>/board/", views.match_board, name="match_board"),
    path("matches/<int:pk>/manage/", match_pages.match_manage, name="match_manage"),
    path("matches/<int:pk>/print/", match_pages.match_print, name="match_print"),
    path("matches/<int:pk>/sheet/", match_pages.match_sheet, name="match_sheet"),
    path("matches/<int:pk>/qr.svg", match_pages.match_qr, name="match_qr"),
    path("matches/<int:pk>/revoke/", match_pages.match_revoke, name="match_revoke"),
    path("matches/<int:pk>/abandon/", match_pages.match_abandon, name="match_abandon"),
    path("matches/<int:pk>/delete/", removal_pages.match_delete, name="match_delete"),
    path("matches/<int:pk>/archive/", removal_pages.match_archive, name="match_archive"),
    path(
        "matches/<int:match_pk>/conflicts/<int:pk>/",
        conflict_pages.organizer_resolve,
        name="match_conflict",
    ),
    path(
        "matches/<int:pk>/rematch/",
        result_pages.refused_back_to("scoring:match_manage")(match_pages.match_rematch),
        name="match_rematch",
    ),
    path("matches/<int:pk>/evening/", pages.match_download, name="match_download"),
    path("t/", link_pages.table_code, name="table_code"),
    path("t/<str:token>/", guard_table_link(views.table), name="table"),
    path("t/<str:token>/board/", guard_table_link(views.table_board), name="table_board"),
    path("t/<str:token>/contact/", guard_table_link(views.table_contact), name="table_contact"),
    path("t/<str:token>/deals/<int:number>/", guard_table_link(views.table_deal), name="table_deal"),
    path(
        "t/<str:token>/deals/<int:number>/void/",
        guard_table_link(views.table_deal_void),
        name="table_deal_void",
    ),
    path(
        "t/<str:token>/deals/<int:number>/ask/",
        guard_table_link(result_pages.refused_back_to("scoring:table_deal")(correction_pages.table_deal_ask)),
        name="table_deal_ask",
    ),
    path(
        "t/<str:token>/rematch/",
        guard_table_link(result_pages.refused_back_to("scoring:table")(views.table_rematch)),
        name="table_rematch",
    ),
    path("t/<str:token>/result/", guard_table_link(result_pages.table_result), name="table_result"),
    path("t/<str:token>/undo/", guard_table_link(undo.table_undo), name="table_undo"),
    path(
        "t/<str:token>/blind/undo/", guard_table_link(blind_pages.table_blind_undo), name="table_blind_undo"
    ),
    path(
        "t/<str:token>/conflicts/<int:pk>/",
        guard_table_link(conflict_pages.resolve),
        name="table_conflict",
    ),
    path("t/<str:token>/follow/", guard_table_link(place_pages.follow), name="table_follow"),
]
