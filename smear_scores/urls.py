from django.contrib import admin
from django.urls import include, path

from smear_scores.api import api

# Django tries the patterns in order for every request. A game's pages (/g/...), which the
# phones at a table ask for most (the board, its live check, each hand), come before the
# club's and the leagues' 61 patterns, which their paths could never match: each include's
# first segments are its own (tests/web/test_routes.py), so the order changes only how
# many patterns a request tries, never which view answers.
urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("", include("smear_scores.views.urls")),
    path("", include("smear_scores.views.club_urls")),
    path("", include("smear_scores.views.league_urls")),
]

handler400 = "smear_scores.views.errors.bad_request"
handler404 = "smear_scores.views.errors.not_found"
