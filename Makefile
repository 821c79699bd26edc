# Two commands set everything up on a fresh machine: `make run` and `make test`.
# `make dev` is the development server (DEBUG on) for working on the code.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install lock run table secret-key dev test test-db test-browser security check fmt chromium lint serve bench push-engine

# The virtualenv holds exactly the locked set: requirements.lock pins every package with
# its hashes (compiled by `make lock` from pyproject.toml), installed by plain pip so a
# fresh machine needs nothing but Python; the project itself goes on top, editable.
$(STAMP): pyproject.toml requirements.lock
	@echo "Setting up $(VENV) (first run, or the lock changed): installing Django, gunicorn"
	@echo "and the test tools, exactly as locked. This takes a minute or two; it is done once."
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --progress-bar off --require-hashes -r requirements.lock
	$(BIN)/python -m pip install --quiet --progress-bar off --no-deps -e .
	@touch $(STAMP)
	@echo "Installed."

install: $(STAMP)

# Re-lock after editing pyproject.toml: keeps every pin that still fits its bound.
# `make lock UPGRADE=1` moves every package to the newest release its bound allows.
lock: $(STAMP)
	$(BIN)/uv pip compile pyproject.toml --all-extras --generate-hashes --universal \
		--python-version 3.11 --quiet $(if $(UPGRADE),--upgrade) -o requirements.lock

# Browser tests drive Debian's chromium; install it when it is missing on a Debian machine.
chromium:
	@if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

# The live boards' push engine (docs/operations.md, "Live boards past one server"): Debian's
# nginx with its nchan module, which holds the phones' streams when LIVE_ENGINE=nchan
# (deploy/nchan/). Installed when missing on a Debian machine; tests/production/
# test_push_engine.py needs it.
push-engine:
	@if { [ ! -x /usr/sbin/nginx ] || [ ! -e /usr/share/nginx/modules-available/mod-nchan.conf ]; } \
		&& command -v apt-get >/dev/null; then \
		echo "Installing Debian's nginx and its nchan module for the push engine"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			nginx-light libnginx-mod-nchan >/dev/null; \
	fi

# The table's server (README: At the table): as production serves it, DEBUG off, gunicorn
# with WORKERS uvicorn processes (ASGI: the live boards are pushed), static files collected and served by WhiteNoise, SQLite unless
# DATABASE_URL says otherwise. Every phone on the same Wi-Fi can open it: this machine's own
# addresses and name are accepted as hosts (LAN_HOSTS, read from its network interfaces;
# never a wildcard). HOST=127.0.0.1 keeps it to this machine. Plain http (HTTPS=false): see
# README for serving https. It prints the address a phone opens, with a QR code to scan.
# `make table` is the same without the install step.
HOST ?= 0.0.0.0
PORT ?= 8000
# One uvicorn worker (an event loop holding its live boards' streams) per core.
WORKERS ?= $(shell nproc 2>/dev/null || echo 2)
# Kept across runs (so signed-in members and scoring phones stay so); ignored by git.
SECRET_KEY_FILE ?= var/secret_key
BIND_TABLE = $(if $(findstring :,$(HOST)),[$(HOST)],$(HOST)):$(PORT)

run: $(STAMP) table

table:
	@$(MAKE) --no-print-directory secret-key
	@set -e; \
	export DEBUG=false HTTPS=false LAN_HOSTS=true CLUB_STARTERS="$${CLUB_STARTERS:-one}" WEB_CONCURRENCY=$(WORKERS) BIND=$(BIND_TABLE); \
	export SECRET_KEY="$${SECRET_KEY:-$$(cat $(SECRET_KEY_FILE))}"; \
	echo "Preparing the database (migrate) and the static files (collected when they changed)..."; \
	$(BIN)/python manage.py migrate --noinput --verbosity 0; \
	$(BIN)/python manage.py collectstatic_changed --verbosity 0; \
	$(BIN)/python manage.py table_address --host $(HOST) --port $(PORT); \
	echo "Serving with DEBUG off ($(WORKERS) gunicorn workers). Ctrl-C stops it."; \
	export GUNICORN_ACCESSLOG="$${GUNICORN_ACCESSLOG-}"; \
	exec $(BIN)/gunicorn --config gunicorn.conf.py

secret-key:
	@[ -n "$$SECRET_KEY" ] || [ -s $(SECRET_KEY_FILE) ] || ( \
		mkdir -p $(dir $(SECRET_KEY_FILE)) && \
		{ [ "$(dir $(SECRET_KEY_FILE))" != var/ ] || [ -f var/.gitignore ] || echo '*' > var/.gitignore; } && \
		echo "Making a secret key, kept in $(SECRET_KEY_FILE) for the next runs" && \
		umask 077 && $(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > $(SECRET_KEY_FILE))

# Working on the code: Django's development server with DEBUG on (tracebacks, reloading on
# every change), reachable from the phones on the same Wi-Fi like `make run`.
dev: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py table_address --host $(HOST) --port $(PORT)
	$(BIN)/python manage.py runserver $(BIND_TABLE)

# Production-style serving for a club's server: DEBUG off, gunicorn with WORKERS uvicorn
# processes (ASGI, smear_scores.asgi; default one per core), static files collected,
# compressed and hashed, served by WhiteNoise. Settings
# come from the environment (docs/operations.md). Without ALLOWED_HOSTS it serves
# this machine only (127.0.0.1, localhost) over plain http; with ALLOWED_HOSTS it is a public
# site behind a TLS proxy and HTTPS is on unless HTTPS=false. Without SECRET_KEY a random key
# is made once and kept in var/secret_key (ignored by git).
BIND ?= 127.0.0.1:8000
serve: $(STAMP)
	@$(MAKE) --no-print-directory secret-key
	@set -e; \
	export DEBUG=false WEB_CONCURRENCY=$(WORKERS) BIND=$(BIND); \
	export SECRET_KEY="$${SECRET_KEY:-$$(cat $(SECRET_KEY_FILE))}"; \
	if [ -z "$$ALLOWED_HOSTS" ]; then export ALLOWED_HOSTS=127.0.0.1,localhost HTTPS="$${HTTPS:-false}"; fi; \
	echo "Serving http://$(BIND) with $(WORKERS) workers; DEBUG=false HTTPS=$${HTTPS:-true} ALLOWED_HOSTS=$$ALLOWED_HOSTS"; \
	$(BIN)/python manage.py migrate --noinput; \
	$(BIN)/python manage.py collectstatic_changed --verbosity 0; \
	exec $(BIN)/gunicorn --config gunicorn.conf.py

# Measured speed, printed as a table (docs/benchmarks.md quotes the latest figures). Needs the local
# PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/smear_bench);
# the bench database is created and dropped by the script. BENCH_SAMPLES, BENCH_USERS,
# BENCH_SECONDS and BENCH_WORKERS change the run's size (400, 16, 20, 4); BENCH_LIVE_TABLES,
# BENCH_LIVE_SECONDS, BENCH_LIVE_WORKERS, BENCH_LIVE_PIN (both, on, off: the server on one
# core, the load generator on the other), BENCH_LIVE_PIN_WORKERS (the pinned server's
# processes, 1), BENCH_LIVE_ENGINE (on, off: a pinned run with the push engine holding the
# streams) and BENCH_LIVE_ENGINE_TABLES (its steps) the live boards' (bench/live.py);
# BENCH_NOTIFY_WRITERS, BENCH_NOTIFY_SECONDS and BENCH_NOTIFY_LISTENERS NOTIFY's (bench/notify.py);
# BENCH_ENGINE_STREAMS, BENCH_ENGINE_HANDS and BENCH_ENGINE_PIN the push engine's (bench/engine.py);
# BENCH_SECTIONS runs some sections only.
bench: $(STAMP)
	$(BIN)/python -m bench

# Every test once, in three runs (docs/testing.md, "What runs where"): the tests that need no
# browser on DATABASE_URL (SQLite unless set; CI sets PostgreSQL), the security tests as
# production runs them (`make security`: DEBUG off, on DATABASE_URL too), and the browser
# tests with the push engine's on SQLite, the embedded default the table's server runs.
# COV=1 measures the coverage of smear_scores/ over the first two and prints it.
# `make test` runs the first two (`make test-db`) beside the third (`make test-browser`):
# their databases differ (DATABASE_URL's test database and a SQLite file per process), their
# servers take free ports and their static files temporary folders. Each writes to a log of
# its own, printed whole when it ends with its time; either failing fails `make test`, and
# Ctrl-C stops both. Each prints its 30 slowest tests (docs/testing.md, "CI's time").
COV_ARGS = $(if $(COV),--cov --cov-append --cov-report=)
DURATIONS = --durations=30
test: SHELL := /bin/bash
test: $(STAMP) chromium push-engine
	@set -m; logs=$$(mktemp -d); db=; browser=; \
	trap 'for job in $$db $$browser; do kill -- -$$job 2>/dev/null; done; rm -rf "$$logs"' EXIT; \
	trap 'exit 130' INT TERM; \
	run() { \
		local start=$$SECONDS rc=0; \
		$(MAKE) --no-print-directory "$$1" >"$$logs/$$1.log" 2>&1 || rc=$$?; \
		{ flock 9; cat "$$logs/$$1.log"; \
		  echo "== make $$1: $$([ $$rc = 0 ] && echo passed || echo "FAILED (exit $$rc)") in $$((SECONDS - start)) s"; \
		} 9>"$$logs/print.lock"; \
		return $$rc; \
	}; \
	echo "Running make test-db and make test-browser side by side; each log is printed when it ends."; \
	run test-db & db=$$!; \
	run test-browser & browser=$$!; set +m; \
	failed=0; wait $$db || failed=1; wait $$browser || failed=1; db=; browser=; \
	exit $$failed

# The tests that need no browser, then the security tests, on DATABASE_URL (with COV=1 their
# coverage, printed).
test-db: $(STAMP)
	@$(if $(COV),$(BIN)/coverage erase)
	$(BIN)/python -m pytest -m "not browser and not security and not engine" $(COV_ARGS) $(DURATIONS)
	@$(MAKE) --no-print-directory security
	@$(if $(COV),$(BIN)/coverage report)

# The browser tests and the push engine's, on SQLite.
test-browser: $(STAMP) chromium push-engine
	env -u DATABASE_URL $(BIN)/python -m pytest -m "(browser or engine) and not security" $(DURATIONS)

# The security tests (tests/hardening, marked `security`) as production runs them:
# DEBUG off, the static files collected (into a temporary folder), a secret key of their own.
# Some behaviour differs with DEBUG (a receiver kept alive by a cache, the storage of static
# files); this run is where such a difference shows.
security: $(STAMP)
	@set -e; static=$$(mktemp -d); trap 'rm -rf "$$static"' EXIT; \
	export DEBUG=false HTTPS=false STATIC_ROOT="$$static" \
		SECRET_KEY=security-tests-only-$$($(BIN)/python -c "import secrets; print(secrets.token_urlsafe(40))"); \
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0; \
	$(BIN)/python -m pytest -m security -q $(COV_ARGS)

# Daily work: lint, then every test that needs no browser, with fewer hypothesis examples.
check: lint
	HYPOTHESIS_PROFILE=quick $(BIN)/python -m pytest -q -m "not browser"

# Python (ruff), the app's own JavaScript (Biome: lint and format; biome.json) and the
# templates (djLint, lint only), and the types of the whole app, its migrations aside
# (mypy with django-stubs, strict; pyproject.toml), each with the version the lock pins.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/biome ci --colors=off static/js
	$(BIN)/djlint templates --lint
	$(BIN)/mypy
	$(BIN)/lint-imports

# Rewrites what `make lint` checks.
fmt: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .
	$(BIN)/biome check --write static/js
