"""The workers keep their database connection from one task to the next (config/celery.py)."""

from types import SimpleNamespace

from celery.fixups.django import DjangoWorkerFixup

from config import celery


def test_celerys_django_fixup_does_not_close_the_connection_around_every_task():
    fixup = DjangoWorkerFixup(celery.app)
    assert fixup.db_reuse_max >= 1000


def test_after_a_worker_task_djangos_own_rule_drops_old_or_broken_connections(monkeypatch):
    closed = []
    monkeypatch.setattr("django.db.close_old_connections", lambda: closed.append("worker"))
    celery._close_old_connections(sender=SimpleNamespace(request=SimpleNamespace(is_eager=False)))
    assert closed == ["worker"]
    celery._close_old_connections(sender=SimpleNamespace(request=SimpleNamespace(is_eager=True)))
    assert closed == ["worker"]  # an eager task (tests) runs inside the caller's transaction
