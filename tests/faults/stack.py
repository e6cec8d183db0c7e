"""The production layout on this machine, for the fault tests: a Redis server, daphne, one
Celery worker and Celery beat as separate processes started as an operator starts them, on a
data folder of their own (SQLite there, or the database DATABASE_URL names). Each process can
be killed and started again; the stack's own state lives only in that folder and Redis."""

import json
import os
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
BIN = Path(sys.executable).parent

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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Stack:
    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.redis_socket = folder / "redis.sock"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("CLOCK_", "PYTEST", "DJANGO_"))}
        self.env.update(CLOCKS, DJANGO_SETTINGS_MODULE="config.settings", STICH_DATA_DIR=str(folder),
                        REDIS_URL=f"unix://{self.redis_socket}", CHANNELS_PREFIX="faults", DEBUG="0",
                        SECURE_HTTPS="0", ALLOWED_HOSTS="127.0.0.1,localhost", BOT_DELAY_SECONDS="0",
                        SECRET_KEY="stich-fault-tests-not-a-real-secret-0123456789abcdefghijkl",
                        LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT))
        self.processes: dict[str, subprocess.Popen] = {}
        self.commands = {
            "daphne": [str(BIN / "daphne"), "--bind", "127.0.0.1", "--port", str(self.port),
                       "config.asgi:application"],
            "worker": [str(BIN / "celery"), "--app", "config", "worker", "--loglevel", "WARNING",
                       "--concurrency", "2", "-n", f"faults{self.port}@%h", "--without-heartbeat",
                       "--without-gossip", "--without-mingle"],
            "beat": [str(BIN / "celery"), "--app", "config", "beat", "--loglevel", "WARNING",
                     "--schedule", str(folder / "celerybeat-schedule")],
        }

    # --- processes ----------------------------------------------------------------------

    def up(self) -> None:
        self.redis_process = embedded_redis.start(self.redis_socket, self.folder / "redis")
        self.manage("migrate", "--noinput", "-v0")
        # As at a deploy: DEBUG=0 serves the collected files by their manifest.
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
        for name in list(self.processes):
            self.kill(name)
        embedded_redis.stop(self.redis_process)

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
        with sqlite3.connect(self.folder / "stich.sqlite3", timeout=20) as db:
            return db.execute(sql, params).fetchall()

    def table(self, table_id: int) -> dict:
        version, status, clock, snapshot = self.query(
            "select version, status, clock, snapshot from games_table where id = ?", table_id)[0]
        return {"version": version, "status": status, "clock": json.loads(clock),
                "snapshot": json.loads(snapshot) if snapshot else None}

    def actions(self, table_id: int) -> list[dict]:
        rows = self.query("select payload from games_action where table_id = ? order by version", table_id)
        return [json.loads(payload) for (payload,) in rows]

    def last_tick(self) -> float:
        """When beat last ticked, as its heartbeat row says."""
        from datetime import datetime, timezone

        (value,), = self.query("select last_tick from games_clockheartbeat where id = 1")
        return datetime.fromisoformat(value).replace(tzinfo=timezone.utc).timestamp()

    def incidents(self, table_id: int) -> int:
        """Cooldowns earned at this table (an earlier test's table, left by its players, may
        rightly end in one)."""
        return self.query("select count(*) from moderation_incident where table_id = ?", table_id)[0][0]

    def redis(self) -> redis.Redis:
        return redis.Redis(unix_socket_path=str(self.redis_socket))
