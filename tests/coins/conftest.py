import html
import re
from datetime import datetime, timezone as dt_timezone

import pytest
from django.urls import reverse
from django.utils import timezone

from coins.models import Entry


class Clock:
    """The site's time for a test: `at("2026-12-01 23:30")` is UTC."""

    def __init__(self, monkeypatch):
        self.now = datetime(2026, 12, 1, 12, 0, tzinfo=dt_timezone.utc)
        monkeypatch.setattr(timezone, "now", lambda: self.now)

    def at(self, text: str) -> None:
        self.now = datetime.fromisoformat(text).replace(tzinfo=dt_timezone.utc)


@pytest.fixture
def clock(monkeypatch):
    return Clock(monkeypatch)


def check_in(client):
    return client.post(reverse("coins:check_in"), {"next": "/styles/"}, follow=True)


MESSAGE = re.compile(r'<li class="message [^"]*">(.*?)</li>', re.S)


def said(response) -> list[str]:
    """The messages the page shows (read from the page: a test client's `context` is shared
    by every thread's requests)."""
    return [html.unescape(text) for text in MESSAGE.findall(response.content.decode())]


def coins_of(user) -> int:
    return sum(Entry.objects.filter(user=user).values_list("amount", flat=True))


def set_zone(client, name: str):
    return client.post(reverse("coins:zone"), {"time_zone": name}, follow=True)


@pytest.fixture
def staffer(django_user_model):
    return django_user_model.objects.create_superuser("sid", password="staff with care 5")

