"""/metrics is Prometheus's, never the public's: it does not exist without METRICS_TOKEN nor
for a request without the token; with it, it counts what the site did."""

import json
import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core.cache import cache
from django.db import transaction
from django.test import override_settings

from games import hooks, services
from games.models import Action
from games.presence import Presence
from ops import heartbeat, histograms, stamps
from ops.tasks import heartbeat_task
from tests.games.pages import connect, cookie_of, reply
from tests.games.test_platform_dummy import players  # noqa: F401  (a fixture)
from tests.games.conftest import start_dummy

pytestmark = pytest.mark.django_db(transaction=True)
TOKEN = "scrape-me-7f3a"


def _sample(text: str, name: str, **labels: str) -> float | None:
    inner = ",".join(f'{key}="{value}"' for key, value in labels.items())
    match = re.search(rf"^{re.escape(name)}{re.escape('{' + inner + '}' if inner else '')} (\S+)$", text, re.M)
    return float(match.group(1)) if match else None


def _scrape(client) -> str:
    response = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=0.0.4")
    return response.content.decode()


def test_without_a_configured_token_there_is_no_such_page(client):
    response = client.get("/metrics", HTTP_AUTHORIZATION="Bearer ")
    assert response.status_code == 404
    assert b"Page not found" in response.content and b"stich_" not in response.content


@override_settings(METRICS_TOKEN=TOKEN)
@pytest.mark.parametrize("authorization", [None, "Bearer wrong", TOKEN, f"Basic {TOKEN}", f"Bearer {TOKEN}x"])
def test_a_request_without_the_token_finds_no_page(client, authorization):
    headers = {} if authorization is None else {"HTTP_AUTHORIZATION": authorization}
    response = client.get("/metrics", **headers)
    assert response.status_code == 404 and b"stich_" not in response.content


@override_settings(METRICS_TOKEN=TOKEN)
def test_it_counts_tables_pages_actions_heartbeats_and_task_times(client, players):  # noqa: F811
    histograms.flush()  # samples of earlier tests' tasks still on their way to Redis...
    cache.clear()  # ...are not this test's
    before = _scrape(client)
    assert _sample(before, "stich_game_actions_total", game="dummy") is None

    table = start_dummy(players)
    services.submit(table_id=table.pk, action={"type": "pick", "n": 3}, user=players[1])
    heartbeat.on_publish(sender=heartbeat.TASK)
    heartbeat_task.delay()
    cookie = cookie_of(players[0])

    stamps.client().rpush("celery", b"{}")  # a task no worker has taken yet

    async def scraped_after_a_click_with_two_pages_open():
        page = await connect(table, cookie)
        await page.send_to(text_data=json.dumps({"cmd": "pick", "n": "7"}))
        assert "</p>" in await reply(page)  # accepted
        await Presence().join(table.pk, "metrics!2", None)  # a watcher's page
        await sync_to_async(histograms.flush)()  # the samples are written beside the moves
        text = await sync_to_async(_scrape)(client)
        await page.disconnect()
        return text

    text = async_to_sync(scraped_after_a_click_with_two_pages_open)()
    assert _sample(text, "stich_tables", game="dummy", status="playing") == 1
    assert _sample(text, "stich_open_pages", game="dummy") == 2
    actions = Action.objects.filter(table=table).count()
    assert actions >= 3  # the deal and two picks
    assert _sample(text, "stich_game_actions_total", game="dummy") == actions
    assert 0 <= _sample(text, "stich_heartbeat_age_seconds", process="beat") < 5
    assert 0 <= _sample(text, "stich_heartbeat_age_seconds", process="worker") < 5
    assert _sample(text, "stich_task_queue_length", queue="celery") == 1
    runs = _sample(text, "stich_task_seconds_count", task=heartbeat.TASK)
    assert runs == 1 == _sample(text, "stich_task_seconds_bucket", task=heartbeat.TASK, le="+Inf")
    assert _sample(text, "stich_task_seconds_bucket", task=heartbeat.TASK, le="10.0") == 1
    clicks = _sample(text, "stich_action_broadcast_seconds_count", game="dummy")
    assert clicks == 1 == _sample(text, "stich_action_broadcast_seconds_bucket", game="dummy", le="+Inf")
    assert 0 < _sample(text, "stich_action_broadcast_seconds_sum", game="dummy") < 10


def test_the_actions_of_a_transaction_that_rolled_back_are_not_counted(players, monkeypatch):  # noqa: F811
    told = []
    monkeypatch.setattr(hooks, "actions_logged", [lambda game, n: told.append((game, n))])
    with pytest.raises(RuntimeError):
        with transaction.atomic():
            start_dummy(players)  # its deal is logged, then the transaction fails
            raise RuntimeError
    table = start_dummy(players)
    services.submit(table_id=table.pk, action={"type": "pick", "n": 3}, user=players[1])
    assert told == [("dummy", 1), ("dummy", 1)] and Action.objects.count() == 2
