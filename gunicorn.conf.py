"""gunicorn settings for `make serve` (see docs/operations.md).

Every value can be changed from the environment: WEB_CONCURRENCY (worker processes),
BIND (address:port), GUNICORN_TIMEOUT (seconds), FORWARDED_ALLOW_IPS (the proxy's address)."""

import os

wsgi_app = "smear_scores.wsgi:application"
bind = [os.environ.get("BIND", "127.0.0.1:8000")]
# Several app processes: each handles one request at a time, the database serialises
# writes to the same game (services lock the game row).
workers = int(os.environ.get("WEB_CONCURRENCY", "4"))
worker_class = "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
# Recycle a worker now and then so a slow leak can never take the site down.
max_requests = 2000
max_requests_jitter = 200
# Trust X-Forwarded-* only from the proxy in front (the same machine by default).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# GUNICORN_ACCESSLOG= (empty) turns the access log off.
accesslog = os.environ.get("GUNICORN_ACCESSLOG", "-") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")
# No control socket: it lives at one path per user, so a second instance (the benchmark
# beside a running site) would collide with the first.
control_socket_disable = True
