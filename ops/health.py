"""What /healthz checks: the database answers, Redis answers, beat sent its heartbeat and a
worker ran it recently. Each check says how it stands and how old its evidence is."""

import time

import redis
from django.conf import settings
from django.db import DatabaseError, connection

from ops import heartbeat, stamps


def _database() -> dict:
    began = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as error:
        return {"ok": False, "error": type(error).__name__}
    return {"ok": True, "seconds": round(time.perf_counter() - began, 4)}


def _stamp(last: float | None, now: float) -> dict:
    if last is None:
        return {"ok": False, "age_seconds": None}
    age = max(0.0, now - last)
    return {"ok": age <= settings.HEALTHZ_MAX_AGE_SECONDS, "age_seconds": round(age, 3)}


def report(now: float | None = None) -> dict:
    now = time.time() if now is None else now
    checks = {"database": _database()}
    began = time.perf_counter()
    try:
        beats = heartbeat.read(stamps.client())
    except redis.RedisError as error:
        checks["redis"] = {"ok": False, "error": type(error).__name__}
        beats = dict.fromkeys(heartbeat.WHO)
    else:
        checks["redis"] = {"ok": True, "seconds": round(time.perf_counter() - began, 4)}
    for who in heartbeat.WHO:
        checks[who] = _stamp(beats[who], now)
    return {"ok": all(check["ok"] for check in checks.values()), "checks": checks}
