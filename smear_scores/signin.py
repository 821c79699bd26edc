"""Sign-in throttling (django-axes): after SIGNIN_FAILURE_LIMIT wrong passwords for one
username from one address, that pair is locked out for SIGNIN_COOLOFF and answered 429,
the right password included. A successful sign-in clears the count. The club login and
the admin login are both covered: both sign in through django.contrib.auth."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class SignInThrottle(AxesStandaloneBackend):
    """Axes' check before each sign-in over the web. A call without a request (a shell,
    the test client's ``login``) is no sign-in from outside, so it is not counted."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)
