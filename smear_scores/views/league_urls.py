"""Club, league, player and night pages."""

from django.urls import path

from . import leagues

urlpatterns = [
    path("clubs/", leagues.club_list, name="clubs"),
    path("clubs/login/", leagues.LoginView.as_view(), name="league_login"),
    path("clubs/logout/", leagues.LogoutView.as_view(), name="league_logout"),
    path("clubs/<slug:slug>/", leagues.club_detail, name="club"),
    path("nights/<slug:slug>/", leagues.night_today, name="night_today"),
    path("nights/<slug:slug>/<str:day>/", leagues.night_detail, name="night"),
    path("leagues/<int:league_id>/", leagues.league_detail, name="league"),
    path("leagues/<int:league_id>/games/", leagues.league_games, name="league_games"),
    path("leagues/<int:league_id>/new/", leagues.league_game_new, name="league_game_new"),
    path("leagues/<int:league_id>/table.csv", leagues.league_table_csv, name="league_table_csv"),
    path("leagues/<int:league_id>/hands.csv", leagues.league_hands_csv, name="league_hands_csv"),
    path("players/<int:player_id>/", leagues.player_detail, name="player"),
]
