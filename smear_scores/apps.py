from django.apps import AppConfig


class SmearScoresConfig(AppConfig):
    name = "smear_scores"
    verbose_name = "Smear Scores"
