from django.apps import AppConfig


class SmearScoresConfig(AppConfig):
    name = "smear_scores"
    verbose_name = "Smear Scores"

    def ready(self) -> None:
        # Connects the sign-in and sign-out receivers (held alive by their module).
        from smear_scores import receivers  # noqa: F401
