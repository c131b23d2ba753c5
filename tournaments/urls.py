"""Pages of the tournaments app: public pages, the projector, CSV exports, the organizer console."""

from django.urls import path

from tournaments import (
    check_in_pages,
    desk_pages,
    desk_requests,
    entrant_pages,
    export_pages,
    prize_pages,
    projector_pages,
    removal_pages,
    reveal_pages,
    sheet_pages,
    table_pages,
    travel_pages,
    views,
)

app_name = "tournaments"
urlpatterns = [
    path("tournaments/", views.tournament_list, name="list"),
    path("tournaments/new/", views.tournament_new, name="new"),
    path("tournaments/upload/", travel_pages.evening_upload, name="evening_upload"),
    path("tournaments/<int:pk>/", views.public, name="public"),
    path("tournaments/<int:pk>/live/", views.live, name="live"),
    path("tournaments/<int:pk>/projector/", projector_pages.projector_page, name="projector"),
    path("tournaments/<int:pk>/projector/live/", projector_pages.projector_live, name="projector_live"),
    path("tournaments/<int:pk>/standings.csv", export_pages.standings_csv, name="standings_csv"),
    path("tournaments/<int:pk>/results.csv", export_pages.results_csv, name="results_csv"),
    path("tournaments/<int:pk>/prizes.csv", export_pages.prizes_csv, name="prizes_csv"),
    path("tournaments/<int:pk>/prizes/", prize_pages.prize_page, name="prizes"),
    path("tournaments/<int:pk>/console/", views.console, name="console"),
    path("tournaments/<int:pk>/console/evening/", travel_pages.evening_download, name="evening_download"),
    path("tournaments/<int:pk>/console/entrants/", views.console_entrant, name="console_entrant"),
    path("tournaments/<int:pk>/console/list/", views.console_list, name="console_list"),
    path("tournaments/<int:pk>/console/upload/", views.console_upload, name="console_upload"),
    path(
        "tournaments/<int:pk>/console/entrants/<int:entrant>/remove/",
        entrant_pages.console_remove,
        name="console_remove",
    ),
    path(
        "tournaments/<int:pk>/console/entrants/<int:entrant>/withdraw/",
        entrant_pages.console_withdraw,
        name="console_withdraw",
    ),
    path(
        "tournaments/<int:pk>/console/entrants/<int:entrant>/check-in/",
        check_in_pages.console_check_in,
        name="console_check_in",
    ),
    path(
        "tournaments/<int:pk>/console/entrants/<int:entrant>/pay/",
        check_in_pages.console_pay,
        name="console_pay",
    ),
    path(
        "tournaments/<int:pk>/console/entrants/<int:entrant>/qr.svg",
        check_in_pages.entrant_qr,
        name="entrant_qr",
    ),
    path(
        "tournaments/<int:pk>/console/absentees/", check_in_pages.console_absentees, name="console_absentees"
    ),
    path("tournaments/<int:pk>/check-in/<str:secret>/", check_in_pages.check_in_page, name="check_in"),
    path("tournaments/<int:pk>/check-in-sheet/", check_in_pages.check_in_sheet, name="check_in_sheet"),
    path("tournaments/<int:pk>/cash/", check_in_pages.cash_page, name="cash"),
    path("tournaments/<int:pk>/console/format/", views.console_configure, name="console_configure"),
    path("tournaments/<int:pk>/console/delete/", removal_pages.console_delete, name="console_delete"),
    path("tournaments/<int:pk>/console/reveal/", reveal_pages.console_reveal, name="console_reveal"),
    path("tournaments/<int:pk>/console/archive/", removal_pages.console_archive, name="console_archive"),
    path("tournaments/<int:pk>/console/rounds/", views.console_round, name="console_round"),
    path(
        "tournaments/<int:pk>/console/tables/<int:table>/result/", views.console_result, name="console_result"
    ),
    path("tournaments/<int:pk>/rounds/<int:number>/", views.round_page, name="round"),
    path("tournaments/<int:pk>/rounds/<int:number>/slips/", views.slips, name="slips"),
    path("tournaments/<int:pk>/rounds/<int:number>/sheets/", sheet_pages.sheets_page, name="sheets"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/sheets/<int:table>/", sheet_pages.sheet_page, name="sheet"
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/tables/<int:table>/key/",
        sheet_pages.sheet_key,
        name="sheet_key",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/tables/<int:table>/key/check/",
        sheet_pages.sheet_check,
        name="sheet_check",
    ),
    path("tournaments/<int:pk>/tables/slips/", table_pages.table_slips, name="table_slips"),
    path("tournaments/<int:pk>/console/tables/", table_pages.tables_prepare, name="tables_prepare"),
    path(
        "tournaments/<int:pk>/console/tables/<int:number>/revoke/",
        table_pages.table_revoke,
        name="table_revoke",
    ),
    path("tournaments/<int:pk>/desk/", desk_pages.desk_page, name="desk"),
    path("tournaments/<int:pk>/desk/live/", desk_pages.desk_live, name="desk_live"),
    path("tournaments/<int:pk>/desk/<int:match>/", desk_pages.desk_act, name="desk_act"),
    path(
        "tournaments/<int:pk>/desk/requests/<int:request_id>/dismiss/",
        desk_requests.desk_dismiss,
        name="desk_dismiss",
    ),
]
