from django.apps import AppConfig


class SmearScoresConfig(AppConfig):
    name = "smear_scores"
    verbose_name = "Smear Scores"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_logged_out

        from smear_scores.middleware import SIGNIN_VERSION_KEY
        from smear_scores.selectors.accounts import signin_version
        from smear_scores.services.accounts import signin_version_bump

        def signed_in(sender, request, user, **kwargs) -> None:
            # The session carries the version it began with (middleware.signed_out_sessions).
            request.session[SIGNIN_VERSION_KEY] = signin_version(user_id=user.pk)

        def signed_out(sender, request, user, **kwargs) -> None:
            if user is not None:
                signin_version_bump(user=user)

        user_logged_in.connect(signed_in, dispatch_uid="smear_scores_signed_in")
        user_logged_out.connect(signed_out, dispatch_uid="smear_scores_signed_out")
