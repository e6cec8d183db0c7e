"""A player below a table's minimum rank who presses "Sit here" is told why on their page, over
the table socket, and the seat stays empty."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games import services
from ratings.models import PlayerRank

pytestmark = pytest.mark.django_db(transaction=True)


def _cookie(user) -> bytes:
    browser = Client()
    browser.force_login(user)
    return f"sessionid={browser.cookies['sessionid'].value}".encode()


def test_a_sit_below_the_minimum_rank_is_refused_on_the_page(django_user_model):
    host, low = (django_user_model.objects.create_user(name) for name in ("host", "low"))
    PlayerRank.objects.create(user=host, game_kind="riichi", level=12, points=700, games=50)
    PlayerRank.objects.create(user=low, game_kind="riichi", level=4, points=10, games=8)
    table = services.create_table(user=host, game="riichi", options={"min_rank": 11})
    path = f"/ws/table/{table.pk}/{table.invite_code}/"
    cookie = _cookie(low)

    async def scenario():
        page = WebsocketCommunicator(application, path, headers=[
            (b"origin", b"http://localhost"), (b"host", b"localhost"), (b"cookie", cookie)])
        assert (await page.connect(timeout=10))[0]
        await page.send_to(text_data=json.dumps({"cmd": "sit", "position": "2"}))
        while "your rank is" not in (frame := await page.receive_from(timeout=5)):
            pass
        await page.disconnect()
        return frame

    frame = async_to_sync(scenario)()
    assert "This table is for players of 2 dan or higher; your rank is 6 kyu." in frame
    assert not table.seats.get(position="2").user_id
