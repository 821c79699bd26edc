# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install lock run test check fmt chromium lint serve bench

# The virtualenv holds exactly the locked set: requirements.lock pins every package with
# its hashes (compiled by `make lock` from pyproject.toml), installed by plain pip so a
# fresh machine needs nothing but Python; the project itself goes on top, editable.
$(STAMP): pyproject.toml requirements.lock
	@echo "Installing the locked Python packages into $(VENV) (a minute or two the first time)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

install: $(STAMP)

# Re-lock after editing pyproject.toml: keeps every pin that still fits its bound.
# `make lock UPGRADE=1` moves every package to the newest release its bound allows.
lock: $(STAMP)
	$(BIN)/uv pip compile pyproject.toml --extra dev --generate-hashes --universal \
		--python-version 3.11 --quiet $(if $(UPGRADE),--upgrade) -o requirements.lock

# Browser tests drive Debian's chromium; install it when it is missing on a Debian machine.
chromium:
	@if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

# The development server for the table: every phone on the same Wi-Fi can open it (with
# DEBUG on, this machine's own addresses are accepted as hosts). HOST=127.0.0.1 keeps it to
# this machine. It prints the address a phone opens, with a QR code to scan.
HOST ?= 0.0.0.0
PORT ?= 8000
run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py table_address --host $(HOST) --port $(PORT)
	$(BIN)/python manage.py runserver $(if $(findstring :,$(HOST)),[$(HOST)],$(HOST)):$(PORT)

# Production-style serving: DEBUG off, gunicorn with WORKERS processes (default 4), static
# files collected, compressed and hashed, served by WhiteNoise. Settings come from the
# environment (README: Running it for a club). Without ALLOWED_HOSTS it serves this machine
# only (127.0.0.1, localhost) over plain http; with ALLOWED_HOSTS it is a public site behind
# a TLS proxy and HTTPS is on unless HTTPS=false. Without SECRET_KEY a random key is made
# once and kept in var/secret_key (ignored by git).
WORKERS ?= 4
BIND ?= 127.0.0.1:8000
serve: $(STAMP)
	@mkdir -p var && [ -f var/.gitignore ] || echo '*' > var/.gitignore
	@[ -n "$$SECRET_KEY" ] || [ -s var/secret_key ] || \
		(umask 077 && $(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > var/secret_key)
	@set -e; \
	export DEBUG=false WEB_CONCURRENCY=$(WORKERS) BIND=$(BIND); \
	export SECRET_KEY="$${SECRET_KEY:-$$(cat var/secret_key)}"; \
	if [ -z "$$ALLOWED_HOSTS" ]; then export ALLOWED_HOSTS=127.0.0.1,localhost HTTPS="$${HTTPS:-false}"; fi; \
	echo "Serving http://$(BIND) with $(WORKERS) workers; DEBUG=false HTTPS=$${HTTPS:-true} ALLOWED_HOSTS=$$ALLOWED_HOSTS"; \
	$(BIN)/python manage.py migrate --noinput; \
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0; \
	exec $(BIN)/gunicorn --config gunicorn.conf.py

# Measured speed, printed as a table (README quotes the latest figures). Needs the local
# PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/smear_bench);
# the bench database is created and dropped by the script. BENCH_SAMPLES, BENCH_USERS,
# BENCH_SECONDS and BENCH_WORKERS change the run's size (400, 16, 20, 4).
bench: $(STAMP)
	$(BIN)/python -m bench

test: $(STAMP) chromium
	$(BIN)/python -m pytest

# Daily work: lint, then every test that needs no browser, with fewer hypothesis examples.
check: lint
	HYPOTHESIS_PROFILE=quick $(BIN)/python -m pytest -q -m "not browser"

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Rewrites what `make lint` checks.
fmt: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .
