from django.contrib import admin
from django.urls import include, path

from smear_scores.api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("", include("smear_scores.views.club_urls")),
    path("", include("smear_scores.views.league_urls")),
    path("", include("smear_scores.views.urls")),
]

handler400 = "smear_scores.views.errors.bad_request"
handler404 = "smear_scores.views.errors.not_found"
