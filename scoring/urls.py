"""Pages of the scoring app (``scoring/pages/``): public boards, the table's scorer link, organizer pages.

Every ``t/<token>/`` page is wrapped in ``guard_table_link``: bad tokens are throttled per address.
"""

from django.urls import path

from scoring.pages.common import refused_back_to
from scoring.pages.organizer import matches, outbox_import, removal, room
from scoring.pages.public import home, match, rules
from scoring.pages.table import blind, code, corrections, deals, offline, place_link, result, scorer, undo
from scoring.throttling import guard_table_link
from scoring.travel import pages as travel_pages

app_name = "scoring"
urlpatterns = [
    path("", home.home, name="home"),
    path("games/<slug:key>/rules/", rules.game_rules, name="game_rules"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("outbox/import/", outbox_import.outbox_import, name="outbox_import"),
    path("clubs/<slug:slug>/", home.club, name="club"),
    path("clubs/<slug:slug>/matches/new/", matches.match_new, name="match_new"),
    path("clubs/<slug:slug>/room/", room.room, name="room"),
    path("matches/<int:pk>/", match.match_page, name="match"),
    path("matches/<int:pk>/board/", match.match_board, name="match_board"),
    path("matches/<int:pk>/manage/", matches.match_manage, name="match_manage"),
    path("matches/<int:pk>/print/", matches.match_print, name="match_print"),
    path("matches/<int:pk>/sheet/", matches.match_sheet, name="match_sheet"),
    path("matches/<int:pk>/qr.svg", matches.match_qr, name="match_qr"),
    path("matches/<int:pk>/revoke/", matches.match_revoke, name="match_revoke"),
    path("matches/<int:pk>/abandon/", matches.match_abandon, name="match_abandon"),
    path("matches/<int:pk>/delete/", removal.match_delete, name="match_delete"),
    path("matches/<int:pk>/archive/", removal.match_archive, name="match_archive"),
    path(
        "matches/<int:match_pk>/conflicts/<int:pk>/",
        matches.match_conflict,
        name="match_conflict",
    ),
    path(
        "matches/<int:pk>/rematch/",
        refused_back_to("scoring:match_manage")(matches.match_rematch),
        name="match_rematch",
    ),
    path("matches/<int:pk>/evening/", travel_pages.match_download, name="match_download"),
    path("t/", code.table_code, name="table_code"),
    path("t/<str:token>/", guard_table_link(scorer.table), name="table"),
    path("t/<str:token>/board/", guard_table_link(scorer.table_board), name="table_board"),
    path("t/<str:token>/contact/", guard_table_link(scorer.table_contact), name="table_contact"),
    path("t/<str:token>/deals/<int:number>/", guard_table_link(deals.table_deal), name="table_deal"),
    path(
        "t/<str:token>/deals/<int:number>/void/",
        guard_table_link(deals.table_deal_void),
        name="table_deal_void",
    ),
    path(
        "t/<str:token>/deals/<int:number>/ask/",
        guard_table_link(refused_back_to("scoring:table_deal")(corrections.table_deal_ask)),
        name="table_deal_ask",
    ),
    path(
        "t/<str:token>/rematch/",
        guard_table_link(refused_back_to("scoring:table")(scorer.table_rematch)),
        name="table_rematch",
    ),
    path("t/<str:token>/result/", guard_table_link(result.table_result), name="table_result"),
    path("t/<str:token>/undo/", guard_table_link(undo.table_undo), name="table_undo"),
    path("t/<str:token>/blind/undo/", guard_table_link(blind.table_blind_undo), name="table_blind_undo"),
    path(
        "t/<str:token>/conflicts/<int:pk>/",
        guard_table_link(scorer.table_conflict),
        name="table_conflict",
    ),
    path("t/<str:token>/follow/", guard_table_link(place_link.follow), name="table_follow"),
]
