# The two commands a newcomer needs: `make run` (serve the site) and `make test` (run all tests).
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# honcho hands each process its own PORT, so daphne's address travels under other names.
export STICH_HOST := $(HOST)
export STICH_PORT := $(PORT)
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)

# The embedded default runs its own Redis; with REDIS_URL set, the operator's Redis is used.
PROCESSES := $(if $(REDIS_URL),web worker beat,redis web worker beat)

.PHONY: run test install install-test lock messages static migrate moderator listen-check

# uv installs the locks (every transitive dependency pinned with its hash) in seconds where
# pip took minutes; it reads the same requirement files, so pip can install them too.
UV_VERSION := 0.9.5
UV := $(VENV)/bin/uv

$(UV):
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)

$(VENV)/.installed: requirements.lock | $(UV)
	$(UV) pip install --quiet --python $(PY) --require-hashes -r requirements.lock
	touch $@

$(VENV)/.installed-test: requirements-test.lock | $(UV)
	$(UV) pip install --quiet --python $(PY) --require-hashes -r requirements-test.lock
	touch $@

# The mjai reference bot pins mahjong~=1.2, so it lives in a virtualenv of its own.
MJAI_VENV := var/mjai-venv
$(MJAI_VENV)/.installed: riichi/mjai/requirements.lock | $(UV)
	test -x $(MJAI_VENV)/bin/python || python3 -m venv $(MJAI_VENV)
	$(UV) pip install --quiet --python $(MJAI_VENV)/bin/python --require-hashes -r riichi/mjai/requirements.lock
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test $(MJAI_VENV)/.installed

# After changing requirements*.txt: pin the whole tree again, with hashes, for Python 3.11.
lock: | $(UV)
	$(UV) pip compile --quiet --generate-hashes --python-version 3.11 requirements.txt -o requirements.lock
	$(UV) pip compile --quiet --generate-hashes --python-version 3.11 requirements-test.txt -o requirements-test.lock
	$(UV) pip compile --quiet --generate-hashes --python-version 3.11 riichi/mjai/requirements.txt -o riichi/mjai/requirements.lock

messages: install
	$(PY) manage.py compilemessages --ignore '.venv' --verbosity 0

static: install
	$(PY) manage.py collectstatic --noinput --verbosity 0

migrate: install
	$(PY) manage.py migrate --noinput --verbosity 0

# Served as in production (own error pages, collected static files) unless DEBUG=1 is given;
# binding beyond loopback (HOST=0.0.0.0) needs SECRET_KEY set (config/serving.py).
run: listen-check install messages migrate static
	@mkdir -p var
	@echo "Stich is starting at http://$(HOST):$(PORT)/  (Ctrl-C stops everything)"
	honcho --procfile Procfile start $(PROCESSES)

listen-check:
	@python3 config/serving.py

# Two pytest-xdist workers: one runs the tests that start servers, workers or browsers, one
# after another, while the other runs the in-process tests (tests/conftest.py chooses who runs
# what). TEST_WORKERS=0 runs it all in one process.
TEST_WORKERS ?= 2

test: install-test messages
	@test -x /usr/bin/chromium || echo "NOTE: /usr/bin/chromium not found, so the browser tests will be SKIPPED (apt-get install chromium)."
	$(VENV)/bin/lint-imports --no-cache
	$(PY) -m pytest -n $(TEST_WORKERS) $(PYTEST_ARGS)

# Create a moderator account from the command line: make moderator NAME=alice
moderator: install migrate
	$(PY) manage.py create_moderator $(NAME)
