"""Routes of the public pages and the referees' pages."""

from django.urls import path

from .views import auth, day, exports, language, manage, public, referee, signups

urlpatterns = [
    path("", public.home, name="home"),
    path("t/<slug:slug>/", public.tournament, name="tournament"),
    path("t/<slug:slug>/standings/", public.standings, name="tournament-standings"),
    path("t/<slug:slug>/statistics/", public.statistics, name="tournament-statistics"),
    path("t/<slug:slug>/records/", public.records, name="tournament-records"),
    path("t/<slug:slug>/session/<int:number>/", public.session, name="tournament-session"),
    path("t/<slug:slug>/session/<int:number>/print/", public.session_print, name="tournament-session-print"),
    path("t/<slug:slug>/live/<str:part>/", public.live, name="tournament-live"),
    path("t/<slug:slug>/find/", public.find, name="tournament-find"),
    path("t/<slug:slug>/control/", day.control, name="tournament-control"),
    path("t/<slug:slug>/control/part/", day.control_part, name="tournament-control-part"),
    path("t/<slug:slug>/control/<str:action>/", day.control_action, name="tournament-control-action"),
    path("t/<slug:slug>/screen/", day.screen, name="tournament-screen"),
    path("t/<slug:slug>/screen/part/", day.screen_part, name="tournament-screen-part"),
    path("t/<slug:slug>/exports/", exports.tournament_exports, name="tournament-exports"),
    path("p/<int:player_id>/", public.player, name="player"),
    path("l/<slug:league_slug>/<str:name>/", public.season, name="season"),
    path("lang/<str:code>/", language.language, name="language"),
    path("t/<slug:slug>/signup/", signups.signup, name="tournament-signup"),
    path("signup/<str:token>/", signups.signup_status, name="signup-status"),
    path("manage/t/<slug:slug>/signups/", signups.signups_manage, name="manage-signups"),
    path("manage/players/bulk/", manage.players_bulk, name="manage-players-bulk"),
    path("manage/t/<slug:slug>/options/", manage.tournament_options, name="manage-tournament-options"),
    path("manage/t/<slug:slug>/import/", manage.registrations_import, name="manage-registrations-import"),
    path("login/", auth.LoginView.as_view(), name="login"),
    path("logout/", auth.LogoutView.as_view(), name="logout"),
    path("referee/", referee.home, name="referee-home"),
    path("referee/sw.js", referee.service_worker, name="referee-service-worker"),
    path("referee/table/<int:table_id>/", referee.score_sheet, name="referee-table"),
    path("referee/table/<int:table_id>/preview/", referee.table_preview, name="referee-table-preview"),
    path("referee/table/<int:table_id>/confirm/", referee.table_confirm, name="referee-table-confirm"),
    path("referee/table/<int:table_id>/close/", referee.table_close, name="referee-table-close"),
    path("referee/hand/<int:hand_id>/edit/", referee.hand_edit, name="referee-hand-edit"),
    path("referee/hand/<int:hand_id>/preview/", referee.hand_edit_preview, name="referee-hand-edit-preview"),
    path("referee/hand/<int:hand_id>/history/", referee.hand_history, name="referee-hand-history"),
    path("referee/hand/<int:hand_id>/delete/", referee.hand_delete, name="referee-hand-delete"),
]
