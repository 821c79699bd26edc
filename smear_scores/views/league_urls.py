"""Club, league, player and night pages, grouped by the address they start with (a night's
pages live under /tournaments/<id>/, the addresses printed on its sheets)."""

from django.urls import URLPattern, URLResolver, include, path

from . import director, leagues, night_phones, night_scoring, night_substitutes, nights, seasons

season_urls: list[URLPattern | URLResolver] = [
    path("", seasons.season, name="season"),
    path("rules/", seasons.season_edit, name="season_edit"),
    path("standings.csv", seasons.season_csv, name="season_csv"),
    path("print/", seasons.season_print, name="season_print"),
]

club_urls: list[URLPattern | URLResolver] = [
    path("", leagues.club_detail, name="club"),
    path("results/", director.results_queue, name="results_queue"),
    path("results/<str:public_id>/", director.result_settle, name="result_settle"),
    path("seasons/new/", seasons.season_new, name="season_new"),
    path("seasons/<int:season_id>/", include(season_urls)),
    path("tournaments/new/", nights.night_new, name="night_new"),
]

# The director's screen and writes, the room view, the scoring page and prints.
night_urls: list[URLPattern | URLResolver] = [
    path("", nights.night_page, name="night"),
    path("room/", nights.night_room, name="night_room"),
    path("room/events/", nights.night_room_events, name="night_room_events"),
    path("scoring/", night_scoring.night_scoring, name="night_scoring"),
    path("scoring/change/", night_substitutes.night_scoring_change, name="night_scoring_change"),
    path("results/print/", night_scoring.night_results_print, name="night_results_print"),
    path("check-in/", nights.night_check_in, name="night_check_in"),
    path("check-out/", nights.night_check_out, name="night_check_out"),
    path("draw/", nights.night_draw, name="night_draw"),
    path("tables/<int:table_id>/correct/", nights.night_correct, name="night_correct"),
    path("substitute/", night_substitutes.night_substitute, name="night_substitute"),
    path("substitute/end/", night_substitutes.night_sub_end, name="night_sub_end"),
    path("print/", night_phones.night_print, name="night_print"),
]

# A player's phone at a night (the guide card), and what the director does for the phones.
night_phone_urls: list[URLPattern | URLResolver] = [
    path("me/", night_phones.night_guide, name="night_guide"),
    path("me/score/", night_phones.night_guide_score, name="night_guide_score"),
    path("me/release/", night_phones.night_guide_release, name="night_guide_release"),
    path("events/", night_phones.night_events, name="night_events"),
    path("walk-ins/keep/", night_phones.night_walk_in_keep, name="night_walk_in_keep"),
    path("check-in/move/", night_phones.night_check_in_move, name="night_check_in_move"),
    path("check-in/undo/", night_phones.night_check_in_undo, name="night_check_in_undo"),
    path("dashboard/", night_phones.night_dashboard, name="night_dashboard"),
    path("announce/", night_phones.night_announce, name="night_announce"),
    path("tables/<int:table_id>/close/", night_phones.night_close_table, name="night_close_table"),
]

league_urls: list[URLPattern | URLResolver] = [
    path("", leagues.league_detail, name="league"),
    path("games/", leagues.league_games, name="league_games"),
    path("new/", leagues.league_game_new, name="league_game_new"),
    path("table.csv", leagues.league_table_csv, name="league_table_csv"),
    path("hands.csv", leagues.league_hands_csv, name="league_hands_csv"),
]

urlpatterns = [
    path("clubs/", leagues.club_list, name="clubs"),
    path("clubs/login/", leagues.LoginView.as_view(), name="league_login"),
    path("clubs/logout/", leagues.LogoutView.as_view(), name="league_logout"),
    path("clubs/<slug:slug>/", include(club_urls)),
    path("tournaments/<int:night_id>/", include(night_urls)),
    path("tournaments/<int:night_id>/", include(night_phone_urls)),
    path("join/", night_phones.night_join_code, name="night_join_code"),
    path("join/<str:code>/", night_phones.night_join, name="night_join"),
    path("nights/<slug:slug>/", leagues.league_day_today, name="league_day_today"),
    path("nights/<slug:slug>/<str:day>/", leagues.league_day, name="league_day"),
    path("leagues/<int:league_id>/", include(league_urls)),
    path("players/<int:player_id>/", leagues.player_detail, name="player"),
]
