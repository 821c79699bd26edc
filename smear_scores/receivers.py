"""What the app does when Django signs a user in or out: the session's sign-in version
(middleware.signed_out_sessions). Module-level functions, so the module keeps them alive:
a signal holds its receivers by weak reference, and a closure made in ``AppConfig.ready``
would be collected as soon as ``ready`` returned (with DEBUG on a cache of Django's kept
it alive, which is how the bug hid from a DEBUG-on test run)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.dispatch import receiver

from smear_scores.middleware import SIGNIN_VERSION_KEY
from smear_scores.selectors.accounts import signin_version
from smear_scores.services.accounts import signin_version_bump


@receiver(user_logged_in, dispatch_uid="smear_scores_signed_in")
def signed_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    # The session carries the version it began with.
    request.session[SIGNIN_VERSION_KEY] = signin_version(user_id=user.pk)


@receiver(user_logged_out, dispatch_uid="smear_scores_signed_out")
def signed_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if user is not None:
        signin_version_bump(user=user)
