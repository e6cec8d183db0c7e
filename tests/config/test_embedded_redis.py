import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis

from config import embedded_redis

ROOT = Path(__file__).resolve().parents[2]


def test_the_bundled_server_starts_answers_and_stops(tmp_path):
    # A short path: unix socket names are limited to about 100 bytes.
    socket_path = tmp_path / "r.sock"
    process = embedded_redis.start(socket_path, tmp_path / "data")
    try:
        client = redis.Redis(unix_socket_path=str(socket_path))
        client.set("stich", "kept")
        assert client.get("stich") == b"kept"
    finally:
        embedded_redis.stop(process)
    assert process.returncode is not None
    assert not embedded_redis.is_running(socket_path)


def test_a_missing_socket_is_reported_as_not_running(tmp_path):
    assert not embedded_redis.is_running(tmp_path / "nothing.sock")


def test_the_embedded_server_appends_every_write_to_a_file_in_the_data_folder(tmp_path):
    args = embedded_redis.command(tmp_path / "r.sock", tmp_path / "data")
    options = dict(zip(args[1::2], args[2::2]))
    assert options["--appendonly"] == "yes" and options["--dir"] == str(tmp_path / "data")
    assert options["--appendfsync"] == "everysec"


def test_queued_tasks_and_presence_survive_a_crash_and_a_restart(tmp_path):
    socket_path, data = tmp_path / "r.sock", tmp_path / "data"
    process = embedded_redis.start(socket_path, data)
    client = redis.Redis(unix_socket_path=str(socket_path))
    client.lpush("celery", "a clock task")
    client.zadd("presence", {"page": 1})
    _until_appended(data, b"presence")
    process.kill()  # a crash: no chance to save anything on the way out
    process.wait()
    process = embedded_redis.start(socket_path, data)
    try:
        client = redis.Redis(unix_socket_path=str(socket_path))
        assert client.lrange("celery", 0, -1) == [b"a clock task"]
        assert client.zscore("presence", "page") == 1
    finally:
        embedded_redis.stop(process)
    process = embedded_redis.start(socket_path, data)
    try:
        assert redis.Redis(unix_socket_path=str(socket_path)).zscore("presence", "page") == 1
    finally:
        embedded_redis.stop(process)


def test_the_embedded_servers_files_are_private(tmp_path):
    process = embedded_redis.start(tmp_path / "r.sock", tmp_path / "data")
    try:
        redis.Redis(unix_socket_path=str(tmp_path / "r.sock")).set("session", "secret")
    finally:
        embedded_redis.stop(process)
    files = [tmp_path / "data", *(tmp_path / "data").rglob("*")]
    assert len(files) > 1
    assert {path.name: oct(path.stat().st_mode & 0o777) for path in files} == {
        path.name: "0o700" if path.is_dir() else "0o600" for path in files
    }


def test_the_procfile_runner_keeps_its_data_in_the_data_folder_across_restarts():
    """`python -m config.embedded_redis`, as `make run` starts it, on a data folder of its own
    (a short path: unix socket names are limited to about 100 bytes)."""
    with tempfile.TemporaryDirectory(dir="/tmp") as data:
        data = Path(data)
        env = {"PATH": "/usr/bin:/bin", "STICH_DATA_DIR": str(data), "DJANGO_SETTINGS_MODULE": "config.settings"}

        def run_server() -> subprocess.Popen:
            server = subprocess.Popen([sys.executable, "-m", "config.embedded_redis"], cwd=ROOT, env=env,
                                      stdout=subprocess.DEVNULL)
            deadline = time.monotonic() + 20
            while not embedded_redis.is_running(data / "redis.sock"):
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.05)
            return server

        server = run_server()
        redis.Redis(unix_socket_path=str(data / "redis.sock")).set("stich", "kept")
        embedded_redis.stop(server)
        assert oct((data / "redis" / "appendonly.aof").stat().st_mode & 0o777) == "0o600"
        server = run_server()
        try:
            assert redis.Redis(unix_socket_path=str(data / "redis.sock")).get("stich") == b"kept"
        finally:
            embedded_redis.stop(server)


def _until_appended(data, key: bytes) -> None:
    """appendfsync everysec writes the file within a second, two when an fsync is slow (a
    loaded disk): what a crash may lose, so the test crashes only once the write is there."""
    give_up = time.monotonic() + 10
    while time.monotonic() < give_up:
        if any(key in path.read_bytes() for path in data.rglob("*") if path.is_file()):
            return
        time.sleep(0.05)
    raise AssertionError(f"{key!r} never reached the append-only file")
