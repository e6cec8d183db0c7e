"""Shared fixtures: the embedded Redis for the whole run, fixed players, browser detection."""

from contextlib import contextmanager
from pathlib import Path

import pytest
import redis
from django.conf import settings

from config import embedded_redis

CHROMIUM = Path("/usr/bin/chromium")


def pytest_report_header(config):
    if CHROMIUM.exists():
        return f"browser tests: running in {CHROMIUM}"
    return f"browser tests: SKIPPED — {CHROMIUM} not found (apt-get install chromium)"


def pytest_collection_modifyitems(config, items):
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} not found: install Debian's chromium to run browser tests")
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def redis_server():
    """The embedded default starts its own Redis, exactly as `make run` does; with REDIS_URL
    set the tests use that server instead."""
    if not settings.USES_EMBEDDED_REDIS or embedded_redis.is_running(settings.EMBEDDED_REDIS_SOCKET):
        yield settings.REDIS_URL
        return
    process = embedded_redis.start(settings.EMBEDDED_REDIS_SOCKET, settings.DATA_DIR / "redis")
    # The server keeps its data across restarts: an aborted run's keys must not leak into this one.
    redis.Redis(unix_socket_path=str(settings.EMBEDDED_REDIS_SOCKET)).flushall()
    yield settings.REDIS_URL
    embedded_redis.stop(process)


@pytest.fixture(autouse=True)
def _clean_cache(redis_server):
    """Axes and other cache users must not carry state from one test to the next, nor what a
    table process keeps of the cache (the seat looks it read)."""
    from django.core.cache import cache

    from coins.templatetags import coins as coin_tags

    yield
    cache.clear()
    coin_tags.read_looks.clear()


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """Each test drives its sockets in an event loop of its own; a channel layer kept from
    an earlier test holds Redis locks bound to that earlier loop."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """Every test starts in English: a request that switched this thread to another language
    must not leak into the next test."""
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


PASSWORD = "correct horse battery staple"


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", password=PASSWORD)


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", password=PASSWORD, email="bob@example.com", email_verified=True)


@pytest.fixture
def browser(monkeypatch):
    """A headless Debian Chromium driven by Playwright (sync API; the live server runs in a thread)."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield chromium
        chromium.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """Under Playwright's sync API a browser test's body gets database connections of its own
    context, which the fixtures' teardown does not see: left open, one of them kept
    PostgreSQL from dropping the test database at the end of the run. Closed here, in the
    body's context."""
    yield
    if item.get_closest_marker("e2e"):
        from django.db import connections

        connections.close_all()


def _close_connections_left_in_other_threads():
    """Sockets tested in this process run their database work in asgiref's one long-lived
    thread (outside an async_to_sync, thread-sensitive code goes there), whose connection
    outlives the test; a pool thread's connection lives until the garbage collector finds
    it. Either kept PostgreSQL from dropping the test database at the end of the run."""
    import gc

    from asgiref.sync import SyncToAsync
    from django.db import connections

    SyncToAsync.single_thread_executor.submit(connections.close_all).result()
    gc.collect()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    if nextitem is None:  # the session's fixtures, the test database among them, go next
        _close_connections_left_in_other_threads()
    yield


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session):
    """A run stopped early (-x) drops the test database here."""
    _close_connections_left_in_other_threads()


class LiveServers:
    """Real daphne processes serving the whole ASGI app (http + websockets) on the test
    database. They share the database and Redis and nothing else, as the processes of a
    scaled-out site do."""

    def __init__(self):
        self.processes = []

    def start(self) -> str:
        """One more server; its URL."""
        import os
        import subprocess
        import sys

        process = subprocess.Popen(
            [sys.executable, "-m", "tests.live_server", str(settings.DATABASES["default"]["NAME"])],
            cwd=settings.BASE_DIR, env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"},
            stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
        )
        self.processes.append(process)
        port = process.stdout.readline().strip()
        if not port:
            raise RuntimeError("daphne did not start (its log is in the test's captured stderr)")
        return f"http://localhost:{port}"

    def stop(self) -> None:
        import subprocess

        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            process.stdout.close()


@pytest.fixture
def daphne_servers(transactional_db):
    servers = LiveServers()
    yield servers
    servers.stop()


@pytest.fixture
def daphne_server(daphne_servers):
    """One live daphne, for browser tests that need live sockets."""
    return daphne_servers.start()


@contextmanager
def running_every(seconds: float, task):
    """`task` in a thread every `seconds`, as Celery beat runs its schedule, while the block runs."""
    import threading

    from django.db import connection

    stop = threading.Event()

    def run():
        while not stop.wait(seconds):
            task()
        connection.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


@pytest.fixture
def beat(transactional_db):
    """Celery beat's clock tick, every 0.2 s in a thread, for tests with a live server."""
    from games import timekeeping

    with running_every(0.2, timekeeping.tick):
        yield


@pytest.fixture
def pairing_beat(transactional_db):
    """Beat's tournament pairing, every 0.2 s in a thread."""
    from tournaments import tasks

    with running_every(0.2, tasks.pair_tournaments):
        yield
