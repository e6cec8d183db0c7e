import redis

from config import embedded_redis


def test_the_bundled_server_starts_answers_and_stops(tmp_path):
    # A short path: unix socket names are limited to about 100 bytes.
    socket_path = tmp_path / "r.sock"
    process = embedded_redis.start(socket_path, tmp_path / "data")
    try:
        client = redis.Redis(unix_socket_path=str(socket_path))
        client.set("stich", "tichu")
        assert client.get("stich") == b"tichu"
    finally:
        embedded_redis.stop(process)
    assert process.returncode is not None
    assert not embedded_redis.is_running(socket_path)


def test_a_missing_socket_is_reported_as_not_running(tmp_path):
    assert not embedded_redis.is_running(tmp_path / "nothing.sock")
