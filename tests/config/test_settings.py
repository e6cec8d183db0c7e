import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from config.settings import _celery_broker_url

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args, env: dict) -> subprocess.CompletedProcess:
    ignored = {"DATABASE_URL", "REDIS_URL", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE", "SECRET_KEY", "STICH_HOST",
               "SITE_URL", "SECURE_HTTPS"}
    clean = {k: v for k, v in os.environ.items() if k not in ignored}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean | env, capture_output=True, text=True, timeout=120
    )


def test_the_deploy_check_is_clean_with_production_settings(tmp_path):
    """The settings README's Deployment section exports (but the databases)."""
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env={
            "DEBUG": "0",
            "SECRET_KEY": "x" * 64 + "production-like-secret-key-with-enough-entropy",
            "ALLOWED_HOSTS": "stich.example",
            "CSRF_TRUSTED_ORIGINS": "https://stich.example",
            "SITE_URL": "https://stich.example",
            "STICH_DATA_DIR": str(tmp_path),
        },
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_deploy_check_complains_about_debug(tmp_path):
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env={"DEBUG": "1", "STICH_DATA_DIR": str(tmp_path)})
    assert result.returncode != 0
    assert "DEBUG" in result.stdout + result.stderr


def _settings(names: str, env: dict) -> list[str]:
    shown = f"from django.conf import settings; print(*(getattr(settings, n) for n in {names.split()!r}))"
    result = _manage("shell", "--verbosity", "0", "-c", shown, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_without_the_environment_saying_so_the_site_serves_without_debug_and_over_plain_http(tmp_path):
    """`make run`'s case: no DEBUG, the plain-HTTP default address; no redirect to an HTTPS
    nobody serves, no cookies the browser would keep to itself."""
    names = "DEBUG SECURE_SSL_REDIRECT SESSION_COOKIE_SECURE SECURE_HSTS_SECONDS"
    assert _settings(names, {"STICH_DATA_DIR": str(tmp_path)}) == ["False", "False", "False", "0"]
    https = {"STICH_DATA_DIR": str(tmp_path), "SITE_URL": "https://stich.example"}
    assert _settings(names, https) == ["False", "True", "True", "31536000"]


def test_parallel_test_workers_broadcast_apart(tmp_path):
    """Redis pub/sub ignores the database number, so two workers sharing one Redis would hear
    each other's lobby and table broadcasts (a lobby test once counted another worker's new
    tables); a worker and the servers it starts share its prefix. An operator's prefix wins."""
    base = {"STICH_DATA_DIR": str(tmp_path)}
    prefixes = [_settings("CHANNELS_PREFIX", base | {"PYTEST_XDIST_WORKER": worker})[0] for worker in ("gw0", "gw1")]
    assert prefixes[0] != prefixes[1]
    assert _settings("CHANNELS_PREFIX", base | {"PYTEST_XDIST_WORKER": "gw1", "CHANNELS_PREFIX": "site2"}) == ["site2"]


def test_binding_beyond_loopback_without_a_secret_key_refuses_to_start(tmp_path):
    result = _manage("check", env={"STICH_HOST": "0.0.0.0", "STICH_DATA_DIR": str(tmp_path)})
    assert result.returncode != 0
    assert "refuses to listen on 0.0.0.0 without SECRET_KEY" in result.stderr
    assert not (tmp_path / "secret_key").exists()  # no key was generated for it either


def test_make_run_beyond_loopback_without_a_secret_key_stops_with_the_reason_before_anything_starts():
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "STICH_HOST", "HOST"}}
    refused = subprocess.run(["make", "--no-print-directory", "listen-check", "HOST=0.0.0.0"], cwd=ROOT, env=clean,
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0
    assert refused.stderr.startswith("Stich refuses to listen on 0.0.0.0 without SECRET_KEY")
    assert "Traceback" not in refused.stderr
    allowed = subprocess.run(["make", "--no-print-directory", "listen-check", "HOST=0.0.0.0"], cwd=ROOT,
                             env=clean | {"SECRET_KEY": "k" * 60}, capture_output=True, text=True, timeout=60)
    assert allowed.returncode == 0, allowed.stderr


@pytest.mark.parametrize("env", [{"STICH_HOST": "0.0.0.0", "SECRET_KEY": "k" * 60}, {"STICH_HOST": "127.0.0.1"},
                                 {"STICH_HOST": "localhost"}, {"STICH_HOST": "::1"}])
def test_loopback_or_a_secret_key_starts(tmp_path, env):
    result = _manage("check", env=env | {"STICH_DATA_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr


def test_celery_reaches_a_unix_socket_redis_through_kombus_spelling():
    assert _celery_broker_url("unix:///x/redis.sock") == "redis+socket:///x/redis.sock"
    assert _celery_broker_url("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"


def test_the_embedded_default_uses_sqlite_in_wal_with_immediate_transactions():
    if os.environ.get("DATABASE_URL"):
        pytest.skip("this run uses DATABASE_URL, not the embedded default")
    options = settings.DATABASES["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in options["init_command"]
    assert options["timeout"] >= 5


@pytest.mark.django_db
def test_pages_carry_a_policy_that_allows_only_our_own_scripts(client):
    policy = client.get(reverse("home")).headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy


@pytest.mark.django_db
def test_no_page_has_an_inline_script(client):
    page = client.get(reverse("lobby")).content.decode()
    assert page.count("<script") == page.count("<script src=")
