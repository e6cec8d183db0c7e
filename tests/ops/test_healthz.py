"""/healthz for a load balancer: 200 while the database, Redis, beat and a worker are all
well, 503 with the failing check named otherwise, and 200 again once it recovers. The stamps
are made by the real code paths: beat's publish signal and the worker's heartbeat task."""

import time

import pytest
from django.test import override_settings

from ops import heartbeat
from ops.tasks import heartbeat_task

pytestmark = pytest.mark.django_db


def _beat_sends_the_heartbeat(now: float | None = None) -> None:
    """What beat's process does as the heartbeat task leaves for the queue."""
    if now is None:
        heartbeat.on_publish(sender=heartbeat.TASK)
    else:
        heartbeat.stamp(heartbeat.BEAT, now)


def _health(client):
    response = client.get("/healthz")
    assert response["Content-Type"] == "application/json"
    return response.status_code, response.json()


def test_healthy_when_beat_and_a_worker_stamped_just_now(client):
    _beat_sends_the_heartbeat()
    heartbeat_task.delay()  # eager in tests: the worker's side, run here
    status, body = _health(client)
    assert status == 200 and body["ok"] is True
    checks = body["checks"]
    assert set(checks) == {"database", "redis", "beat", "worker"}
    assert all(check["ok"] for check in checks.values())
    assert 0 <= checks["beat"]["age_seconds"] < 5 and 0 <= checks["worker"]["age_seconds"] < 5


def test_unhealthy_before_beat_or_a_worker_was_ever_heard_from(client):
    status, body = _health(client)
    assert status == 503 and body["ok"] is False
    assert body["checks"]["beat"] == {"ok": False, "age_seconds": None}
    assert body["checks"]["database"]["ok"] and body["checks"]["redis"]["ok"]


@override_settings(HEALTHZ_MAX_AGE_SECONDS=10)
def test_a_silent_beat_turns_it_unhealthy_and_a_new_beat_healthy_again(client):
    _beat_sends_the_heartbeat(time.time() - 30)
    heartbeat_task.delay()
    status, body = _health(client)
    assert status == 503
    assert body["checks"]["beat"]["ok"] is False and body["checks"]["beat"]["age_seconds"] >= 30
    assert body["checks"]["worker"]["ok"] is True

    _beat_sends_the_heartbeat()
    assert _health(client)[0] == 200


@override_settings(HEALTHZ_MAX_AGE_SECONDS=10)
def test_a_worker_that_stopped_running_tasks_turns_it_unhealthy(client):
    heartbeat.stamp(heartbeat.WORKER, time.time() - 11)
    _beat_sends_the_heartbeat()
    status, body = _health(client)
    assert status == 503
    assert body["checks"]["worker"]["ok"] is False and body["checks"]["beat"]["ok"] is True

    heartbeat_task.delay()
    assert _health(client)[0] == 200


def test_redis_out_of_reach_turns_it_unhealthy_and_back(client, tmp_path):
    _beat_sends_the_heartbeat()
    heartbeat_task.delay()
    with override_settings(REDIS_URL=f"unix://{tmp_path / 'no-redis.sock'}"):
        status, body = _health(client)
    assert status == 503
    assert body["checks"]["redis"] == {"ok": False, "error": "ConnectionError"}
    assert body["checks"]["beat"]["ok"] is False  # unread is not fresh
    assert body["checks"]["database"]["ok"] is True
    assert _health(client)[0] == 200


def test_only_the_heartbeat_task_stamps_beat(client):
    heartbeat.on_publish(sender="games.tasks.tick")
    heartbeat_task.delay()
    status, body = _health(client)
    assert status == 503 and body["checks"]["beat"]["age_seconds"] is None


@override_settings(SECURE_SSL_REDIRECT=True)
def test_a_load_balancer_asking_over_plain_http_is_answered_not_redirected(client):
    _beat_sends_the_heartbeat()
    heartbeat_task.delay()
    assert client.get("/healthz").status_code == 200
    assert client.get("/lobby/").status_code == 301


def test_the_log_says_when_health_changes_not_at_every_probe(client, caplog, monkeypatch):
    from ops import views

    monkeypatch.setattr(views, "_last_failing", None)
    heartbeat_task.delay()
    with caplog.at_level("INFO"):
        for _ in range(3):
            assert _health(client)[0] == 503  # beat never heard from
        _beat_sends_the_heartbeat()
        for _ in range(2):
            assert _health(client)[0] == 200
    lines = [(record.levelname, record.getMessage()) for record in caplog.records
             if record.name in ("ops.views", "django.request")]
    assert lines == [("WARNING", "unhealthy: beat"), ("INFO", "healthy again")]
