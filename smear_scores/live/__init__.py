"""Live boards pushed by server-sent events (docs/architecture.md, "Live boards").

An open board (the scoreboard, the table view, a night's room view) holds one stream,
``GET .../events/``, answered by an async view under ASGI. The stream carries versions
only: the board's version at once, each new one as it is written, and the same again
every ``HEARTBEAT`` seconds as a sign of life. A board that sees a version it does not
show fetches its fragment as it always did (``If-None-Match``), so what a phone sees is
drawn for that phone (its form, its scoring rights) by whichever process answers.

Each process learns of changed games from the database or its broker, never from another
process's memory (``feeds``): on PostgreSQL one ``LISTEN`` connection per process hears the
``NOTIFY`` each write sends once it has committed, or with ``LIVE_REDIS_URL`` one Redis
subscription hears its ``PUBLISH`` (``notify``); on SQLite one indexed query per ``POLL``
seconds per process reads every game written since the last one. The ``hub`` of a process
fans each change out to the streams open in it.

With ``LIVE_ENGINE=nchan`` the app holds no stream: nginx with nchan does (``nchan``),
and each committed write publishes its boards there."""

# (Here rather than in notify, which needs Django set up: bench/notify.py's writer
# processes send the same statement.)
# The notice in a transaction of its own (one statement, one round trip: the hooks of
# on_commit run in autocommit), whose commit waits for no flush: the write is durable
# already, and a notice lost in a crash is read again by every feed. (A NOTIFY holds
# PostgreSQL's one notify lock until its commit ends.) set_config(..., true) holds for
# this statement's own transaction, whose commit reads it.
NOTIFY_ALONE = "SELECT pg_notify(%s, %s), set_config('synchronous_commit', 'off', true)"
