"""The production layout on this machine, for the fault tests: a Redis server, daphne, one
Celery worker and Celery beat as separate processes started as an operator starts them (with
their deals seeded: tests/faults/dealt.py), on a data folder of their own (SQLite there, or
the database DATABASE_URL names). Each process can be killed and started again; the stack's
own state lives only in that folder and Redis."""

import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import redis

from config import embedded_redis

ROOT = Path(__file__).resolve().parents[2]

# Short clocks so that a fault outlasts every limit and the suite still runs in minutes: a
# 14 s outage is longer than a decision (10 s), an offline strike (6 s) and, with the pages'
# presence aging out after 6 s, long enough for beat to count the seats away.
CLOCKS = {
    "CLOCK_STRIKE_SECONDS": "10",
    "CLOCK_OFFLINE_STRIKE_SECONDS": "6",
    "CLOCK_OFFLINE_EXPEL_SECONDS": "18",
    "CLOCK_BLIP_SECONDS": "1",
    "CLOCK_RESUME_SECONDS": "2",
    "CLOCK_OUTAGE_SECONDS": "3",
    "PRESENCE_REFRESH_SECONDS": "2",
}


def _json(value):
    """SQLite hands JSON columns back as text, PostgreSQL as values."""
    return json.loads(value) if isinstance(value, str) else value


def _own_database(url: str | None) -> str | None:
    """With DATABASE_URL set the suite runs on PostgreSQL, in a database of its own beside the
    named one (created and dropped here): killing processes must not touch anyone's data."""
    if not url:
        return None
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"{parts.path.rstrip('/')}_faults_{os.getpid()}"))


def _name(url: str) -> str:
    from urllib.parse import urlsplit

    return urlsplit(url).path.lstrip("/")


def _postgres(url: str, database: str, statement: str) -> None:
    import psycopg
    from urllib.parse import urlsplit, urlunsplit

    with psycopg.connect(urlunsplit(urlsplit(url)._replace(path=f"/{database}")), autocommit=True) as db:
        db.execute(statement)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Stack:
    def __init__(self, folder: Path, deal_seed: int):
        self.folder = folder
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.redis_socket = folder / "redis.sock"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("CLOCK_", "PYTEST", "DJANGO_"))}
        self.env.update(CLOCKS, DJANGO_SETTINGS_MODULE="config.settings", STICH_DATA_DIR=str(folder),
                        REDIS_URL=f"unix://{self.redis_socket}", CHANNELS_PREFIX="faults", DEBUG="0",
                        SECURE_HTTPS="0", ALLOWED_HOSTS="127.0.0.1,localhost", BOT_DELAY_SECONDS="0",
                        SECRET_KEY="stich-fault-tests-not-a-real-secret-0123456789abcdefghijkl",
                        LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT), HEALTHZ_MAX_AGE_SECONDS="5",
                        STICH_TEST_DEAL_SEED=str(deal_seed), STATIC_ROOT=str(folder / "static"))
        self.database_url = _own_database(os.environ.get("DATABASE_URL"))
        if self.database_url:
            self.env["DATABASE_URL"] = self.database_url
        else:
            self.env.pop("DATABASE_URL", None)
        self.processes: dict[str, subprocess.Popen] = {}
        dealt = [sys.executable, "-m", "tests.faults.dealt"]  # the operator's command, its deals seeded
        self.commands = {
            "daphne": [*dealt, "daphne", "--bind", "127.0.0.1", "--port", str(self.port),
                       "config.asgi:application"],
            "worker": [*dealt, "celery", "--app", "config", "worker", "--loglevel", "WARNING",
                       "--concurrency", "2", "-n", f"faults{self.port}@%h", "--without-heartbeat",
                       "--without-gossip", "--without-mingle"],
            "beat": [*dealt, "celery", "--app", "config", "beat", "--loglevel", "WARNING",
                     "--schedule", str(folder / "celerybeat-schedule")],
        }

    # --- processes ----------------------------------------------------------------------

    def up(self) -> None:
        if self.database_url:
            _postgres(self.database_url, "postgres", f'create database "{_name(self.database_url)}"')
        self.redis_process = embedded_redis.start(self.redis_socket, self.folder / "redis")
        self.manage("migrate", "--noinput", "-v0")
        # As at a deploy: DEBUG=0 serves the collected files by their manifest; collected into
        # the stack's own folder, as rewriting the checkout's would pull files from under the
        # pages another test worker serves meanwhile.
        self.manage("collectstatic", "--noinput", "-v0")
        for name in self.commands:
            self.start(name)

    def start(self, name: str) -> None:
        log = open(self.folder / f"{name}.log", "ab")
        # Its own session, so that a kill reaches the whole process group (celery's children).
        self.processes[name] = subprocess.Popen(self.commands[name], cwd=ROOT, env=self.env, stdout=log,
                                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                                start_new_session=True)
        if name == "daphne":
            self._wait_for_http()

    def kill(self, name: str) -> None:
        """A crash: SIGKILL, nothing cleaned up."""
        process = self.processes.pop(name)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def down(self) -> None:
        """Also after a start that failed half-way: whatever was started is stopped."""
        for name in list(self.processes):
            self.kill(name)
        if hasattr(self, "redis_process"):
            embedded_redis.stop(self.redis_process)
        if self.database_url:
            _postgres(self.database_url, "postgres", f'drop database "{_name(self.database_url)}" with (force)')

    def stop_redis(self) -> None:
        embedded_redis.stop(self.redis_process)

    def start_redis(self) -> None:
        self.redis_process = embedded_redis.start(self.redis_socket, self.folder / "redis")

    def lose_redis(self) -> None:
        """Redis stopped and its data gone: as a restart without persistence, or a failover to
        an empty replica, would leave it once it is started again."""
        self.stop_redis()
        shutil.rmtree(self.folder / "redis")

    def send_later(self, task: str, seconds: int) -> None:
        """Queues `task` to run `seconds` from now, as a clock deadline is queued: the worker
        takes it at once and holds it, unacknowledged, until its time."""
        subprocess.run([sys.executable, "-m", "celery", "--app", "config", "call", task, "--countdown",
                        str(seconds)], cwd=ROOT, env=self.env, check=True, capture_output=True)

    def held_by_the_worker(self) -> int:
        """Tasks the worker took and has not acknowledged (kombu's Redis transport keeps them in
        the `unacked` hash until it does)."""
        return self.redis().hlen("unacked")

    def health(self) -> tuple[int, dict]:
        """/healthz as a load balancer sees it: its status and which checks pass."""
        import urllib.error
        import urllib.request

        try:
            with urllib.request.urlopen(f"{self.base}/healthz", timeout=5) as response:
                status, body = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, body = error.code, error.read()
        return status, {name: check["ok"] for name, check in json.loads(body)["checks"].items()}

    def page_status(self, path: str, session: str) -> int:
        """The status a signed-in player's browser gets for the page at `path`."""
        import urllib.error
        import urllib.request

        request = urllib.request.Request(f"{self.base}{path}", headers={"Cookie": f"sessionid={session}"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def _wait_for_http(self) -> None:
        import urllib.request

        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{self.base}/accounts/login/", timeout=5).read()
                return
            except OSError:
                if time.monotonic() > deadline or self.processes["daphne"].poll() is not None:
                    raise RuntimeError(f"daphne did not come up; see {self.folder}/daphne.log")
                time.sleep(0.1)

    def manage(self, *args: str) -> str:
        return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, check=True,
                              capture_output=True, text=True).stdout

    def seed(self, name: str, password: str) -> dict:
        out = subprocess.run([sys.executable, "-m", "tests.faults.seed", name, password], cwd=ROOT, env=self.env,
                             check=True, capture_output=True, text=True).stdout
        return json.loads(out.strip().splitlines()[-1])

    # --- what the stack stored -----------------------------------------------------------

    def query(self, sql: str, *params) -> list[tuple]:
        if self.database_url:
            import psycopg

            with psycopg.connect(self.database_url, autocommit=True) as db:
                return db.execute(sql.replace("?", "%s"), params).fetchall()
        with sqlite3.connect(self.folder / "stich.sqlite3", timeout=20) as db:
            return db.execute(sql, params).fetchall()

    def table(self, table_id: int) -> dict:
        version, status, clock, snapshot = self.query(
            "select version, status, clock, snapshot from games_table where id = ?", table_id)[0]
        return {"version": version, "status": status, "clock": _json(clock), "snapshot": _json(snapshot)}

    def actions(self, table_id: int) -> list[dict]:
        rows = self.query("select payload from games_action where table_id = ? order by version", table_id)
        return [_json(payload) for (payload,) in rows]

    def last_tick(self) -> float:
        """When beat last ticked, as its heartbeat row says."""
        from datetime import datetime, timezone

        (value,), = self.query("select last_tick from games_clockheartbeat where id = 1")
        if isinstance(value, str):  # SQLite keeps UTC as text
            value = datetime.fromisoformat(value).replace(tzinfo=timezone.utc)
        return value.timestamp()

    def incidents(self, table_id: int) -> int:
        """Cooldowns earned at this table (an earlier test's table, left by its players, may
        rightly end in one)."""
        return self.query("select count(*) from moderation_incident where table_id = ?", table_id)[0][0]

    def redis(self) -> redis.Redis:
        return redis.Redis(unix_socket_path=str(self.redis_socket))
