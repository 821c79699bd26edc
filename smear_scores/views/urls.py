from django.urls import path

from . import games

urlpatterns = [
    path("", games.home, name="home"),
]
