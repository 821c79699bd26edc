"""Settings, read from the environment (see docs/operations.md)."""

import os
import tempfile
from datetime import timedelta
from pathlib import Path

import django_stubs_ext
from csp.constants import NONE, SELF

from .env import (
    env_bool,
    env_cache,
    env_choice,
    env_database,
    env_int,
    env_list,
    env_str,
    env_stream_caps,
)

# Django's generic classes take their model as mypy reads them (ModelAdmin[Game]).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured(
            "SECRET_KEY is not set and DEBUG is off: set SECRET_KEY to a long random string, "
            'e.g. python -c "import secrets; print(secrets.token_urlsafe(50))".'
        )
    SECRET_KEY = "insecure-local-development-key-only-used-when-DEBUG-is-on"
# `make run` at the table (and `make dev`): the phones open this machine by its address on
# the Wi-Fi, so every address of its own is a host (read from its interfaces; never a
# wildcard). On by default with DEBUG; `make run` turns it on with DEBUG off.
# ALLOWED_HOSTS then adds names of the table's own (a name the router gives the machine,
# `make run ALLOWED_HOSTS=scores.lan`) to those addresses rather than replacing them.
LAN_HOSTS = env_bool("LAN_HOSTS", DEBUG)
if LAN_HOSTS:
    from .lan import host_names

    ALLOWED_HOSTS = list(dict.fromkeys([*host_names(), *env_list("ALLOWED_HOSTS", [])]))
else:
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    # Serves the API docs (Swagger UI) from its own static files instead of a CDN.
    "ninja",
    # Counts wrong passwords and pauses signing in after too many (smear_scores.signin).
    "axes",
    "smear_scores",
]

MIDDLEWARE = [
    # Drops SecurityMiddleware's opener policy where a browser would only complain of it.
    "smear_scores.middleware.opener_policy_where_honoured",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before anything that reads or writes an answer's body.
    "smear_scores.middleware.ApiGZip",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "smear_scores.middleware.private_answers",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A session begun before its user signed out signs no one in.
    "smear_scores.middleware.signed_out_sessions",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Every page of a game its scorer removed answers with the removed page (410).
    "smear_scores.middleware.Refusals",
    # Last, as django-axes asks: turns a locked-out sign-in into its 429 page.
    "axes.middleware.AxesMiddleware",
]

# Content-Security-Policy (django-csp): scripts, styles, fonts and fetches come from this
# site only, and no inline script or style runs (the JavaScript lives in static/js, htmx
# is configured not to eval or inject styles in base.html). Images may also be data: URIs
# (Pico's icons, the blank favicon). No plugin, no <base>, no framing by other sites.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Permissions-Policy (django-permissions-policy): the browser's powerful features are off
# for this site and anything it might embed, but the Screen Wake Lock, which the table view
# holds for this site only (static/js/wakelock.js). Copy and share (clipboard-write,
# web-share) keep the browsers' default, this site only.
PERMISSIONS_POLICY = {
    "screen-wake-lock": ["self"],
    **{
        feature: []
        for feature in (
            "accelerometer",
            "autoplay",
            "browsing-topics",
            "camera",
            "display-capture",
            "geolocation",
            "gyroscope",
            "magnetometer",
            "microphone",
            "midi",
            "payment",
            "publickey-credentials-get",
            "usb",
        )
    },
}

AUTHENTICATION_BACKENDS = [
    "smear_scores.signin.SignInThrottle",
    "django.contrib.auth.backends.ModelBackend",
]
# Sign-in throttling (docs/operations.md): SIGNIN_FAILURE_LIMIT wrong passwords
# for one username from one address pause that pair for SIGNIN_COOLOFF_MINUTES; a right
# password clears the count. Behind the TLS proxy the address is the proxy's, so the
# pause then holds for the username from anywhere.
# A night's check-in codes an address may get wrong a minute (/join/): past it, every
# check-in from that address waits for the next minute (smear_scores.pace).
CHECK_IN_MISSES_PER_MINUTE = env_int("CHECK_IN_MISSES_PER_MINUTE", 10)
AXES_FAILURE_LIMIT = env_int("SIGNIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("SIGNIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# Signing up (docs/operations.md, "Who may start clubs"): at most SIGNUP_LIMIT_PER_HOUR new
# accounts from one address in an hour (then the sign-up page answers 429).
SIGNUP_LIMIT_PER_HOUR = env_int("SIGNUP_LIMIT_PER_HOUR", 5)
# Who may start a club on this server: "anyone" who signs up, only people the operator
# "invited" (manage.py club_start_invitation), or "one" club only (the first owner's; a
# table's box). `make run` sets "one"; unset elsewhere it is "invited".
CLUB_STARTERS = env_choice("CLUB_STARTERS", "invited", ("anyone", "invited", "one"))
AXES_RESET_ON_SUCCESS = True
AXES_USERNAME_CALLABLE = "smear_scores.signin.attempted_username"
AXES_LOCKOUT_TEMPLATE = "leagues/locked_out.html"
# Only failures and lockouts are kept, not a row per successful sign-in.
AXES_DISABLE_ACCESS_LOG = True

ROOT_URLCONF = "smear_scores.urls"
WSGI_APPLICATION = "smear_scores.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["smear_scores.templatetags.teams"],
        },
    },
]

DATABASES = {"default": env_database("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The test database is a file (one per test process), not shared memory, so threads
    # with their own connections meet SQLite's write lock exactly as app processes do.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"smear-scores-test-{os.getpid()}.sqlite3")
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Scoreboards are drawn once per version of a game and kind of phone and kept here
# (templatetags.parts): in each process's memory by default, or in one Redis that every
# app process shares (CACHE_URL=redis://host:6379/0, or REDIS_URL; docs/operations.md).
CACHES = {
    "default": env_cache(),
    # Each hand's row of a hands table (the board's last hands, the history), drawn once
    # per process and kept by what it shows (HandRow.key): a row never changes under its
    # key, so this process's memory keeps it, never a cache another process shares (a
    # round trip costs more than drawing the row).
    "rows": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "smear-scores-rows",
        "OPTIONS": {"MAX_ENTRIES": 20_000},
    },
}

# Signed-cookie sessions: which games this device scores travels with the device and
# costs no database query per request (a year, so a phone keeps its games). Signing out
# ends a signed-in session on the server all the same: middleware.signed_out_sessions
# checks the user's sign-out count on each signed-in request (one query by key), so a
# cookie copied before the sign-out no longer opens the admin or a director's screen.
# Live boards (smear_scores.live): how many streams one app process keeps open; past it a
# board polls instead. Unset: what the process's open-file limit and its share of the
# machine's memory allow (hub.stream_limit).
# The streams one client address may hold in one process (a club's wifi puts a room of
# phones behind one address: two boards each for 30 phones; never more than a quarter of
# the process's streams), and one board's streams in one process (every phone of a busy
# table and its watchers). Past either, that phone polls and nobody else loses a stream.
LIVE_MAX_STREAMS, LIVE_MAX_STREAMS_PER_CLIENT, LIVE_MAX_STREAMS_PER_GAME = env_stream_caps()
# Where a write's notice goes once it commits (live.notify): with LIVE_REDIS_URL (or
# REDIS_URL) a Redis PUBLISH that every process's feed hears, else on PostgreSQL a NOTIFY
# after the commit; SQLite needs none.
LIVE_REDIS_URL = env_str("LIVE_REDIS_URL", "") or env_str("REDIS_URL", "")
# Who holds the phones' streams: "" (the default) the app processes themselves; "nchan"
# the push engine, nginx with its nchan module (deploy/nchan/, docs/operations.md): the
# app publishes each board once per version to LIVE_ENGINE_PUBLISH_URL and hands each
# stream to the engine's internal LIVE_ENGINE_SUBSCRIBE_PATH (X-Accel-Redirect).
LIVE_ENGINE = env_str("LIVE_ENGINE", "").lower()
if LIVE_ENGINE not in ("", "nchan"):
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(
        f"LIVE_ENGINE={LIVE_ENGINE!r} is not an engine this app knows: leave it unset (the "
        "app processes hold the streams) or set it to nchan (docs/operations.md)."
    )
LIVE_ENGINE_PUBLISH_URL = env_str("LIVE_ENGINE_PUBLISH_URL", "http://127.0.0.1:8090/_live/pub/")
LIVE_ENGINE_SUBSCRIBE_PATH = env_str("LIVE_ENGINE_SUBSCRIBE_PATH", "/_live/sub/")

SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365
SESSION_COOKIE_HTTPONLY = True

AUTH_PASSWORD_VALIDATORS = [
    # Not like the account's username (or names, email) it is for.
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "admin:login"

LANGUAGE_CODE = "en"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = False
USE_TZ = True

# The release this code is (a commit, a tag, a build number), set at deploy: the cache keys
# of the drawn boards carry it, so a new release never shows what an older one drew.
# Unset: the checkout's commit (templatetags.parts.release_id).
RELEASE = env_str("RELEASE", "")

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# WhiteNoise serves static files from the app processes. With DEBUG on (`make run`, the
# tests) it looks files up where they are written, on each request, so no collectstatic is
# needed; with DEBUG off it serves what collectstatic put in STATIC_ROOT (`make serve`).
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_USE_FINDERS = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "smear_scores.staticfiles.StaticFiles"
    },
}

# Production (DEBUG off) is served behind a TLS-terminating proxy that sets
# X-Forwarded-Proto. HTTPS=false is for serving plain http on a trusted network (a
# laptop on the club's wifi, the benchmark): no redirect, no secure-only cookies, no HSTS;
# `manage.py check --deploy` then warns about exactly that.
HTTPS = env_bool("HTTPS", not DEBUG)
if not DEBUG:
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
