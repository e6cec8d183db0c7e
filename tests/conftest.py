"""Shared fixtures: the embedded Redis for the whole run, fixed players, browser detection."""

import asyncio
import functools
import os
import re
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis
from django.conf import settings

from config import embedded_redis

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[1]


def pytest_report_header(config):
    if CHROMIUM.exists():
        return f"browser tests: running in {CHROMIUM}"
    return f"browser tests: SKIPPED — {CHROMIUM} not found (apt-get install chromium)"


LIVE_FIXTURES = {"browser", "daphne_server", "daphne_servers", "beat", "pairing_beat"}
# A module of tests that start their own servers, workers or browsers says so with one of these
# marks; the scheduler below reads it from the file, as the controller collects no tests.
LIVE_MARK = re.compile(r"pytest\.mark\.(e2e|faults|live)\b")


@functools.cache
def _live_module(path: str) -> bool:
    return bool(LIVE_MARK.search((ROOT / path).read_text(encoding="utf-8")))


def pytest_xdist_make_scheduler(config, log):
    """Under xdist, one worker runs every live test, one after another as a serial run does,
    while the other takes the in-process tests: two live stacks at once made each late enough
    for the clocks and the liveness check to see an outage (a page paused "waiting for a
    player to reconnect", a pass that never arrived), and the fault suite's stacks collect
    static files into the checkout's one folder. (xdist_group does not group under pytest 9:
    xdist 3.8 renames a test by an attribute pytest no longer reads.)"""
    from xdist.scheduler import LoadScopeScheduling

    class LiveTestsTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "live" if _live_module(nodeid.partition("::")[0]) else nodeid

    return LiveTestsTogether(config, log)


def _starts_processes(item) -> bool:
    return (any(mark in item.keywords for mark in ("faults", "e2e", "live"))
            or bool(LIVE_FIXTURES & set(getattr(item, "fixturenames", ()))))


def pytest_collection_modifyitems(config, items):
    if os.environ.get("PYTEST_XDIST_WORKER"):
        unmarked = sorted({item.nodeid.partition("::")[0] for item in items
                           if _starts_processes(item) and not _live_module(item.nodeid.partition("::")[0])})
        if unmarked:
            raise pytest.UsageError("these modules start servers, workers or browsers: mark them "
                                    "pytest.mark.live (tests/conftest.py) — " + ", ".join(unmarked))
        # The long in-process tests first, so the run does not end with one worker alone in a
        # long test (every worker sorts alike: xdist requires the same collection).
        items.sort(key=lambda item: "slow" not in item.keywords)
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

    from coins import looks

    yield
    cache.clear()
    looks.kept.clear()


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


class _SharedChromium:
    """One headless Debian Chromium for a run of browser tests, driven by Playwright's sync
    API: starting the driver and the browser cost each test about 0.8 s. Between sync calls
    Playwright marks its event loop as running in this thread, which makes asyncio.run and
    async_to_sync refuse to run; so between browser tests the mark is taken off and the next
    test's fixtures run as if no browser had started, and it is put back when a test asks for
    the browser. Each test gets the browser without a context: what it opens it gets fresh."""

    def __init__(self):
        self.playwright = self.chromium = self.loop = None

    def lend(self):
        if self.chromium is not None and not self.chromium.is_connected():
            self.stop()
        if self.chromium is None:
            from playwright.sync_api import sync_playwright

            self.playwright = sync_playwright().start()
            self.chromium = self.playwright.chromium.launch(
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
            self.loop = asyncio.get_running_loop()
        else:
            asyncio.events._set_running_loop(self.loop)
        return self.chromium

    def take_back(self):
        try:
            for context in self.chromium.contexts:
                context.close()
        finally:  # a browser that broke must not leave every later test with a running loop
            asyncio.events._set_running_loop(None)

    def stop(self):
        if self.playwright is None:
            return
        asyncio.events._set_running_loop(self.loop)
        try:
            if self.chromium.is_connected():
                self.chromium.close()
            self.playwright.stop()
        finally:
            asyncio.events._set_running_loop(None)
            self.playwright = self.chromium = self.loop = None


_shared_chromium = _SharedChromium()


@pytest.fixture
def browser(monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    yield _shared_chromium.lend()
    _shared_chromium.take_back()


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
    if nextitem is None or "browser" not in nextitem.fixturenames:
        _shared_chromium.stop()
    if nextitem is None or "daphne_servers" not in nextitem.fixturenames:
        _spare_server.discard()


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session):
    """A run stopped early (-x) drops the test database here."""
    _close_connections_left_in_other_threads()


def _spawn_server(env: dict):
    import subprocess
    import sys

    return subprocess.Popen(
        [sys.executable, "-m", "tests.live_server", str(settings.DATABASES["default"]["NAME"])],
        cwd=settings.BASE_DIR, env=env, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
    )


def _server_env() -> dict:
    import os

    # Left out, or no spare would ever match: pytest's name of the running test, and the
    # browser fixture's permission for this process, which a server, run as in production,
    # must do without.
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTEST_CURRENT_TEST", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    return {**env, "DJANGO_SETTINGS_MODULE": "config.settings"}


class _SpareServer:
    """A daphne started while the test before runs, for the next test that asks for one: its
    start (about a second, importing Django) no longer counts in that test's time. It is a
    fresh process like any other, started with the same environment, or not used at all."""

    def __init__(self):
        self.process, self.env = None, None

    def take(self, env: dict):
        process, self.process = self.process, None
        if process is not None and (self.env != env or process.poll() is not None):
            _end(process)
            process = None
        return process

    def prepare(self, env: dict) -> None:
        self.process, self.env = _spawn_server(env), env

    def discard(self) -> None:
        if self.process is not None:
            _end(self.process)
            self.process = None


def _end(process) -> None:
    import subprocess

    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    process.stdout.close()


_spare_server = _SpareServer()


class LiveServers:
    """Real daphne processes serving the whole ASGI app (http + websockets) on the test
    database. They share the database and Redis and nothing else, as the processes of a
    scaled-out site do."""

    def __init__(self):
        self.processes = []

    def start(self) -> str:
        """One more server; its URL."""
        env = _server_env()
        process = _spare_server.take(env) or _spawn_server(env)
        self.processes.append(process)
        _spare_server.prepare(env)
        port = process.stdout.readline().strip()
        if not port:
            raise RuntimeError("daphne did not start (its log is in the test's captured stderr)")
        return f"http://localhost:{port}"

    def stop(self) -> None:
        for process in self.processes:  # all asked at once, then each waited for
            process.terminate()
        for process in self.processes:
            _end(process)


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
