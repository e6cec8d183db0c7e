"""A running game's move is drawn once per audience that has a page open, by the process that
committed it, and reaches each page only through its audience's group: a seat's group gets that
seat's drawing alone, the spectators' groups the public one. A page forwards what it gets."""

import asyncio
import json
import re
import time

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from config.asgi import application
from games import audiences, services
from games.moment import load
from games.presence import Presence
from tests.games.conftest import DUMMY_SEATS
from tests.games.test_moment import _page

pytestmark = pytest.mark.django_db


def _picks(html: str) -> dict[str, int]:
    """The dummy's hidden choices a drawing shows: until every seat has picked, a seat sees
    its own pick alone and a spectator none."""
    return {seat: int(n) for seat, n in re.findall(r'<span class="pick" data-seat="(\w)">(\d)</span>', html)}


class _Recording:
    """The channel layer as the committing process uses it: every group message kept."""

    def __init__(self):
        self.sent = []

    async def group_send(self, group, message):
        self.sent.append((group, message))


def test_a_move_is_drawn_for_each_watching_audience_and_sent_to_its_group_alone(
        team_table, four_players, monkeypatch, django_capture_on_commit_callbacks):
    table_id = team_table.pk
    picks = {"A": 7, "B": 3, "C": 5}
    for user in four_players[:2]:  # the first two picks, before any page is open
        seat = services.seat_of(team_table, user)
        services.submit(table_id=table_id, user=user, action={"type": "pick", "n": picks[seat]})

    async def open_pages():
        pages = Presence()
        await pages.join(table_id, "page!A", "A", ("seat-A", "en"))
        await pages.join(table_id, "page!B", "B", ("seat-B", "de"))
        await pages.join(table_id, "page!guest", None, (audiences.ANONYMOUS, "en"))
        await pages.join(table_id, "page!watcher", None, (audiences.SIGNED_IN, "el"))

    asyncio.run(open_pages())
    layer = _Recording()
    monkeypatch.setattr(audiences, "get_channel_layer", lambda: layer)
    now = time.time()
    monkeypatch.setattr("games.presenters.time.time", lambda: now)  # clocks drawn to the tenth
    with django_capture_on_commit_callbacks(execute=True):
        services.submit(table_id=table_id, user=four_players[2], action={"type": "pick", "n": picks["C"]})
    sent = dict(layer.sent)
    group = lambda audience, language: audiences.group_name(table_id, audience, language)  # noqa: E731
    # C and D have no page open: nothing is drawn for them.
    assert sent.keys() == {group("seat-A", "en"), group("seat-B", "de"),
                           group(audiences.ANONYMOUS, "en"), group(audiences.SIGNED_IN, "el")}
    team_table.refresh_from_db()
    assert {message["version"] for message in sent.values()} == {team_table.version}
    for seat, language in (("A", "en"), ("B", "de")):
        html = sent[group(f"seat-{seat}", language)]["html"]
        assert _picks(html) == {seat: picks[seat]}  # its own pick, no other seat's
        # exactly what this seat's own page draws for itself
        page = _page(table_id, four_players[DUMMY_SEATS.index(seat)], language)
        assert html == page._render(load(table_id), False)[0]
    for audience, language in ((audiences.ANONYMOUS, "en"), (audiences.SIGNED_IN, "el")):
        assert _picks(sent[group(audience, language)]["html"]) == {}
    # a signed-in spectator may report a player; an anonymous one may not
    assert "/moderation/report/" in sent[group(audiences.SIGNED_IN, "el")]["html"]
    assert "/moderation/report/" not in sent[group(audiences.ANONYMOUS, "en")]["html"]
    assert sent[group(audiences.ANONYMOUS, "en")]["html"] == \
        _page(table_id, AnonymousUser())._render(load(table_id), False)[0]


def test_a_page_forwards_its_audiences_drawing_without_the_database_and_never_goes_back(
        team_table, four_players, monkeypatch):
    from games import consumers

    page = _page(team_table.pk, four_players[0])
    page.floor = 5
    sent = []

    async def send(text_data):
        sent.append(text_data)

    def no_thread(function):
        raise AssertionError(f"{function.__name__} went to the database thread")

    page.send = send
    monkeypatch.setattr(consumers, "database_sync_to_async", no_thread)
    async_to_sync(page.table_page)({"version": 4, "html": "<older/>", "dropped": False})
    async_to_sync(page.table_page)({"version": 6, "html": "<newer/>", "dropped": False})
    async_to_sync(page.table_page)({"version": 5, "html": "<older/>", "dropped": False})
    assert sent == ["<newer/>"]
    assert page.floor == 6


@database_sync_to_async
def _cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _until(page, condition) -> str:
    """The page's next frame that meets the condition (a frame's wait is bounded)."""
    while True:
        frame = await page.receive_from(timeout=10)
        if condition(frame):
            return frame


@pytest.mark.django_db(transaction=True)
def test_a_spectator_who_sits_down_then_gets_their_seats_moves_and_the_spectators_none(four_players):
    """A page moves to its seat's group when its player sits down; once the game runs, a move
    reaches it drawn for that seat, and an anonymous spectator's page drawn for the public."""
    sam, eve, nia, wes = four_players
    table = services.create_table(game="dummy", user=sam, options={"players": 4})
    for user, seat in ((eve, "B"), (nia, "C")):
        services.sit(table_id=table.pk, user=user, position=seat)
    path = f"/ws/table/{table.pk}/{table.invite_code}/"

    async def scenario():
        base = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
        page = WebsocketCommunicator(application, path, headers=[*base, (b"cookie", await _cookie(wes))])
        guest = WebsocketCommunicator(application, path, headers=base)
        for socket in (page, guest):
            assert (await socket.connect(timeout=10))[0]
            await _until(socket, lambda frame: 'id="t-seats"' in frame)
        await page.send_to(text_data=json.dumps({"cmd": "sit", "position": "D"}))
        await _until(page, lambda frame: 'value="stand"' in frame)
        for user in four_players:
            await database_sync_to_async(services.set_ready)(table_id=table.pk, user=user, ready=True)
        await _until(page, lambda frame: 'class="legal"' in frame)  # the game began
        await database_sync_to_async(table.refresh_from_db)()
        version = table.version
        for user, n in ((sam, 9), (wes, 4)):
            await database_sync_to_async(services.submit)(table_id=table.pk, user=user, action={"type": "pick", "n": n})
        moved = f'id="t-version" name="version" value="{version + 2}"'
        seat_frame = await _until(page, lambda frame: moved in frame)
        guest_frame = await _until(guest, lambda frame: moved in frame)
        await page.disconnect()
        await guest.disconnect()
        return seat_frame, guest_frame

    seat_frame, guest_frame = async_to_sync(scenario)()
    assert _picks(seat_frame) == {"D": 4}  # not sam's
    assert _picks(guest_frame) == {}
