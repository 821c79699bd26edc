"""A club's own pages with no operator: signing up, starting a club, its people and
invitations, its roster and settings, under /clubs/<slug>/ beside the league pages'."""

from django.urls import URLPattern, URLResolver, include, path

from . import clubs_archive, clubs_people, clubs_roster, clubs_settings, clubs_start

club_urls: list[URLPattern | URLResolver] = [
    path("archive.json", clubs_archive.archive_download, name="club_archive"),
    path("settings/", clubs_settings.club_settings, name="club_settings"),
    path("leagues/new/", clubs_settings.league_new, name="club_league_new"),
    path("leagues/<int:league_id>/close/", clubs_settings.league_close, name="club_league_close"),
    path("people/", clubs_people.club_people, name="club_people"),
    path("people/role/", clubs_people.member_role, name="club_member_role"),
    path("people/<int:player_id>/invite/", clubs_people.player_invite, name="club_player_invite"),
    path("people/<int:player_id>/unlink/", clubs_people.player_unlink, name="club_player_unlink"),
    path(
        "invitations/<int:invitation_id>/",
        clubs_people.invitation_show,
        name="club_invitation_show",
    ),
    path("invitation/", clubs_people.invitation_open, name="club_invitation"),
    path("join/", clubs_people.club_join, name="club_join"),
    path("join/<int:request_id>/", clubs_people.join_decide, name="club_join_decide"),
    path("roster/", clubs_roster.club_roster, name="club_roster"),
    path("roster/<int:player_id>/rename/", clubs_roster.player_rename, name="club_player_rename"),
    path("roster/<int:player_id>/retire/", clubs_roster.player_retire, name="club_player_retire"),
    path("roster/merge/", clubs_roster.players_merge, name="club_players_merge"),
]

urlpatterns = [
    path("signup/", clubs_start.sign_up, name="sign_up"),
    path("start-a-club/", clubs_start.club_start, name="club_start"),
    path("import-a-club/", clubs_archive.archive_import, name="club_import"),
    path("clubs/<slug:slug>/", include(club_urls)),
]
