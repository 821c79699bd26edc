"""gunicorn settings for `make run` and `make serve` (see docs/operations.md).

Every value can be changed from the environment: WEB_CONCURRENCY (worker processes),
BIND (address:port), GUNICORN_TIMEOUT (seconds), FORWARDED_ALLOW_IPS (the proxy's address)."""

import ctypes
import os
import signal
import sys
import threading

# ASGI, for the live boards' streams (smear_scores.live): each worker is a uvicorn event
# loop that holds every stream open in it and answers pages as Django always did.
wsgi_app = "smear_scores.asgi:application"
bind = [os.environ.get("BIND", "127.0.0.1:8000")]
# Several app processes; the database serialises writes to the same game (services lock
# the game row), and each process hears of every write from the database.
workers = int(os.environ.get("WEB_CONCURRENCY", "4"))
worker_class = "uvicorn_worker.UvicornWorker"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
# Recycle a worker now and then so a slow leak can never take the site down; seldom, as
# the boards streaming from it then reconnect to the others.
max_requests = 200_000
max_requests_jitter = 20_000
# Trust X-Forwarded-* only from the proxy in front (the same machine by default).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# GUNICORN_ACCESSLOG= (empty) turns the access log off.
accesslog = os.environ.get("GUNICORN_ACCESSLOG", "-") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")
# No control socket: it lives at one path per user, so a second instance (the benchmark
# beside a running site) would collide with the first.
control_socket_disable = True
# The master binds the port and the workers share its socket (no SO_REUSEPORT): with
# reuse_port gunicorn 27 binds in each worker only, after "Listening at" is printed, and the
# connections waiting on a worker that is replaced would be dropped. A worker stops listening
# as it begins to end, so a restart binds within a second (post_fork, below).

# Linux: prctl's PR_SET_PDEATHSIG, the signal the kernel sends a process when its parent ends.
PR_SET_PDEATHSIG = 1


def post_fork(server, worker):
    """A worker ends with its master: killed outright (kill -9, out of memory), the master
    cannot stop its workers, which would serve the old code for as long as they live, with
    nobody to replace one that fails, and hold the port a restart needs. The kernel sends
    each worker SIGTERM when the master ends (Linux), or a thread notices (elsewhere); the
    worker then finishes its requests and exits as on any shutdown."""
    master = server.pid
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl")
    except (OSError, AttributeError):
        _watch_master(master)
    # The master may have ended between the fork and the prctl.
    if os.getppid() != master:
        os.kill(os.getpid(), signal.SIGTERM)


def _watch_master(master: int) -> None:
    def watch() -> None:
        while os.getppid() == master:
            threading.Event().wait(1)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="master-watch", daemon=True).start()
    print("gunicorn: no prctl here; a thread watches the master", file=sys.stderr)
