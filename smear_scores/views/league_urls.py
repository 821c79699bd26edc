"""Club, league, player and night pages."""

from django.urls import path

from . import director, leagues, night_phones, night_scoring, night_substitutes, nights, seasons

urlpatterns = [
    path("clubs/", leagues.club_list, name="clubs"),
    path("clubs/login/", leagues.LoginView.as_view(), name="league_login"),
    path("clubs/logout/", leagues.LogoutView.as_view(), name="league_logout"),
    path("clubs/<slug:slug>/", leagues.club_detail, name="club"),
    path("clubs/<slug:slug>/results/", director.results_queue, name="results_queue"),
    path(
        "clubs/<slug:slug>/results/<str:public_id>/",
        director.result_settle,
        name="result_settle",
    ),
    path("clubs/<slug:slug>/seasons/new/", seasons.season_new, name="season_new"),
    path("clubs/<slug:slug>/seasons/<int:season_id>/", seasons.season, name="season"),
    path(
        "clubs/<slug:slug>/seasons/<int:season_id>/rules/", seasons.season_edit, name="season_edit"
    ),
    path(
        "clubs/<slug:slug>/seasons/<int:season_id>/standings.csv",
        seasons.season_csv,
        name="season_csv",
    ),
    path(
        "clubs/<slug:slug>/seasons/<int:season_id>/print/",
        seasons.season_print,
        name="season_print",
    ),
    path("clubs/<slug:slug>/tournaments/new/", nights.night_new, name="night_new"),
    path("tournaments/<int:night_id>/", nights.night_page, name="night"),
    path("tournaments/<int:night_id>/room/", nights.night_room, name="night_room"),
    path("tournaments/<int:night_id>/scoring/", night_scoring.night_scoring, name="night_scoring"),
    path(
        "tournaments/<int:night_id>/results/print/",
        night_scoring.night_results_print,
        name="night_results_print",
    ),
    path(
        "tournaments/<int:night_id>/room/events/",
        nights.night_room_events,
        name="night_room_events",
    ),
    path(
        "tournaments/<int:night_id>/check-in/",
        nights.night_check_in,
        name="night_check_in",
    ),
    path(
        "tournaments/<int:night_id>/check-out/",
        nights.night_check_out,
        name="night_check_out",
    ),
    path("tournaments/<int:night_id>/draw/", nights.night_draw, name="night_draw"),
    path(
        "tournaments/<int:night_id>/tables/<int:table_id>/correct/",
        nights.night_correct,
        name="night_correct",
    ),
    path(
        "tournaments/<int:night_id>/substitute/",
        night_substitutes.night_substitute,
        name="night_substitute",
    ),
    path(
        "tournaments/<int:night_id>/substitute/end/",
        night_substitutes.night_sub_end,
        name="night_sub_end",
    ),
    path(
        "tournaments/<int:night_id>/scoring/change/",
        night_substitutes.night_scoring_change,
        name="night_scoring_change",
    ),
    path("join/", night_phones.night_join_code, name="night_join_code"),
    path("join/<str:code>/", night_phones.night_join, name="night_join"),
    path("tournaments/<int:night_id>/me/", night_phones.night_guide, name="night_guide"),
    path(
        "tournaments/<int:night_id>/me/score/",
        night_phones.night_guide_score,
        name="night_guide_score",
    ),
    path(
        "tournaments/<int:night_id>/me/release/",
        night_phones.night_guide_release,
        name="night_guide_release",
    ),
    path(
        "tournaments/<int:night_id>/walk-ins/keep/",
        night_phones.night_walk_in_keep,
        name="night_walk_in_keep",
    ),
    path(
        "tournaments/<int:night_id>/check-in/move/",
        night_phones.night_check_in_move,
        name="night_check_in_move",
    ),
    path("tournaments/<int:night_id>/events/", night_phones.night_events, name="night_events"),
    path(
        "tournaments/<int:night_id>/dashboard/",
        night_phones.night_dashboard,
        name="night_dashboard",
    ),
    path(
        "tournaments/<int:night_id>/announce/",
        night_phones.night_announce,
        name="night_announce",
    ),
    path(
        "tournaments/<int:night_id>/check-in/undo/",
        night_phones.night_check_in_undo,
        name="night_check_in_undo",
    ),
    path(
        "tournaments/<int:night_id>/tables/<int:table_id>/close/",
        night_phones.night_close_table,
        name="night_close_table",
    ),
    path("tournaments/<int:night_id>/print/", night_phones.night_print, name="night_print"),
    path("nights/<slug:slug>/", leagues.league_day_today, name="league_day_today"),
    path("nights/<slug:slug>/<str:day>/", leagues.league_day, name="league_day"),
    path("leagues/<int:league_id>/", leagues.league_detail, name="league"),
    path("leagues/<int:league_id>/games/", leagues.league_games, name="league_games"),
    path("leagues/<int:league_id>/new/", leagues.league_game_new, name="league_game_new"),
    path("leagues/<int:league_id>/table.csv", leagues.league_table_csv, name="league_table_csv"),
    path("leagues/<int:league_id>/hands.csv", leagues.league_hands_csv, name="league_hands_csv"),
    path("players/<int:player_id>/", leagues.player_detail, name="player"),
]
