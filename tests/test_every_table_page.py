"""Every registered game's table, in every phase a person can find it in (waiting, the first
decisions, play, between hands, finished, voided, and the rematch its players ask for from
the finished page), drawn for a seated player, a spectator
and an anonymous visitor, with DEBUG on and off: the page over HTTP and the full refresh a
page's socket receives on connecting. A game whose fragments fail in one phase (a Riichi
waiting table once answered 500 and closed every socket) fails here."""

import json
import random

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games import leaving, registry, services, timekeeping
from games.models import Table
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

# The shortest match each game offers, so that "finished" is reached by playing.
SHORT = {"tichu": {"target": 500}, "daifugo": {"hands": 4}, "riichi": {"length": "east"}}
FRAGMENT_IDS = ('id="t-seats"', 'id="t-status"', 'id="t-version"')


def _games():
    return [key for key in ("tichu", "daifugo", "riichi") if key in registry.GAMES]


def _state_and_view(table):
    table.refresh_from_db()
    game = registry.get(table.game)
    state = game.engine.from_json(table.snapshot)
    return game, state, game.engine.view(state, None)


def _drive(table, users: dict, until, rng: random.Random) -> None:
    """Everyone plays as a normal bot would, windows closed by the clock, until `until(view)`
    holds or the match is over. Every seat counts as having its page open (the checks' sockets
    came and went), so that the clocks run as for people at the table."""
    for seat in users:
        timekeeping.seat_presence(table_id=table.pk, seat=seat, online=True)
    for _ in range(30000):
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            return
        game, state, view = _state_and_view(table)
        if until(view):
            return
        for seat in game.pending_decisions(view):
            action = game.bot_choice(game.engine.view(state, seat), "normal", rng)
            if action is not None:
                services.submit(table_id=table.pk, user=users[seat], action=action)
                break
        else:
            if waivers := game.window_waivers(view):  # everyone says "go on", as on the page
                services.go_on(table_id=table.pk, seats=tuple(waivers))
                continue
            assert table.deadline is not None, f"nobody acts and no clock runs: {view['phase']}"
            timekeeping.run_deadline(table_id=table.pk, now=table.deadline.timestamp() + 0.01, from_beat=True)
    raise AssertionError("the match did not end")


def _cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def _socket_refresh(table, cookie: bytes | None) -> str:
    async def connect():
        headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
        if cookie:
            headers.append((b"cookie", cookie))
        page = WebsocketCommunicator(application, f"/ws/table/{table.pk}/{table.invite_code}/", headers=headers)
        connected, _ = await page.connect(timeout=10)
        assert connected, "the socket was refused"
        frame = await page.receive_output(timeout=10)
        await page.disconnect()
        return frame

    frame = async_to_sync(connect)()
    assert frame["type"] == "websocket.send", f"the socket closed instead of drawing the table: {frame}"
    return frame["text"]


def _ask_for_a_rematch_from_the_page(table, user) -> None:
    """The frame the finished table's "Rematch (same seats)" button sends."""
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"), (b"cookie", _cookie(user))]

    async def ask():
        page = WebsocketCommunicator(application, f"/ws/table/{table.pk}/{table.invite_code}/", headers=headers)
        assert (await page.connect(timeout=10))[0]
        await page.receive_from(timeout=10)
        await page.send_to(text_data=json.dumps({"cmd": "rematch"}))
        await page.receive_from(timeout=10)  # the redraw with the rematch panel
        await page.disconnect()

    async_to_sync(ask)()


def _check_every_viewer(table, seated, spectator, settings, phase: str) -> None:
    viewers = {"seat": seated, "spectator": spectator, "anonymous": None}
    for debug in (False, True):
        settings.DEBUG = debug
        for who, user in viewers.items():
            client = Client(raise_request_exception=True)
            if user is not None:
                client.force_login(user)
            response = client.get(f"/tables/{table.pk}/?invite={table.invite_code}")
            where = f"{table.game} {phase} for the {who}, DEBUG={debug}"
            assert response.status_code == 200, where
            page = response.content.decode()
            assert all(marker in page for marker in FRAGMENT_IDS), where
            refresh = _socket_refresh(table, _cookie(user) if user is not None else None)
            assert all(marker in refresh for marker in FRAGMENT_IDS), where
            if who == "seat" and phase not in ("finished", "voided", "waiting"):
                assert 'id="t-rack"' in refresh, where


@pytest.mark.parametrize("key", _games())
def test_every_table_phase_draws_for_a_seat_a_spectator_and_a_visitor(key, django_user_model, settings, monkeypatch):
    monkeypatch.setattr(services, "_system_random", random.Random(7))
    game = registry.get(key)
    options = game.clean_options(SHORT[key])
    seats = game.seats_for(options)
    users = [django_user_model.objects.create_user(f"p{n}", password=PASSWORD) for n in range(len(seats))]
    spectator = django_user_model.objects.create_user("watcher", password=PASSWORD)
    by_seat = dict(zip(seats, users))
    rng = random.Random(3)

    table = services.create_table(user=users[0], game=key, options=SHORT[key])
    _check_every_viewer(table, users[0], spectator, settings, "waiting")
    for user, seat in zip(users[1:], seats[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in users:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    _check_every_viewer(table, users[0], spectator, settings, "first decisions")

    _drive(table, by_seat, lambda view: view["played"] if "played" in view else view["rivers"][0], rng)
    _check_every_viewer(table, users[0], spectator, settings, "playing")

    _drive(table, by_seat, lambda view: bool(view["results"]), rng)
    if table.status == Table.Status.PLAYING:
        _check_every_viewer(table, users[0], spectator, settings, "between hands")

    _drive(table, by_seat, lambda view: False, rng)
    assert table.status == Table.Status.FINISHED
    _, _, view = _state_and_view(table)
    assert view["end"] is None and len(view["results"]) > 1, view["end"]  # played to the end, not struck out
    _check_every_viewer(table, users[0], spectator, settings, "finished")

    for user in users:
        _ask_for_a_rematch_from_the_page(table, user)
    table.refresh_from_db()
    rematch = Table.objects.get(pk=table.rematch["table"])
    assert rematch.status == Table.Status.PLAYING and rematch.game == key
    assert dict(rematch.seats.values_list("position", "user")) == {s: u.pk for s, u in by_seat.items()}
    _check_every_viewer(rematch, users[0], spectator, settings, "rematch")


@pytest.mark.parametrize("key", _games())
def test_a_voided_practice_table_draws_for_its_player_and_a_visitor(key, django_user_model, settings):
    player = django_user_model.objects.create_user("solo", password=PASSWORD)
    spectator = django_user_model.objects.create_user("watcher", password=PASSWORD)
    game = registry.get(key)
    table = services.start_practice(user=player, game=key, options=game.practice_options(game.clean_options({})),
                                   strength="beginner")
    leaving.leave(table_id=table.pk, user=player)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    _check_every_viewer(table, player, spectator, settings, "voided")
