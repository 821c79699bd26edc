"""Sign-in throttling (django-axes): after SIGNIN_FAILURE_LIMIT wrong passwords for one
username from one address, that pair is locked out for SIGNIN_COOLOFF and answered 429,
the right password included. A successful sign-in clears the count. The club login and
the admin login are both covered: both sign in through django.contrib.auth."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class SignInThrottle(AxesStandaloneBackend):  # type: ignore[misc]  # untyped base
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
        super().authenticate(request, username, password, **kwargs)
        return None


# No account's username is longer (django.contrib.auth's User.username); axes keeps at most
# 255 characters, and PostgreSQL refuses a longer one with an error.
MAX_USERNAME = 150


def attempted_username(
    request: HttpRequest, credentials: dict[str, Any] | None = None
) -> str | None:
    """The username a sign-in tried, as axes counts it: axes' own choice (the credentials,
    else the posted form), cut to the longest username an account can have, so that a
    5,000-character "username" is counted as a wrong one, not stored whole."""
    if credentials:
        username = credentials.get("username")
    else:
        username = getattr(request, "data", request.POST).get("username")
    return username[:MAX_USERNAME] if isinstance(username, str) else username
