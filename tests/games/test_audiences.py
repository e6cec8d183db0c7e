"""A game's broadcast (a move, the start, a pause, the game over, a vote) is drawn once per
audience that has a page open, however many pages it has, by the process that committed it, and
reaches each page only through its audience's group: a seat's group gets that seat's drawing
alone, with its player's own vote and leave panels, the spectators' groups the public one. A
page forwards what it gets."""

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
from games import audiences, services, timekeeping
from games.models import Table
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
    page.seat, page.audience = "A", "seat-A"
    seats = {str(four_players[0].pk): "A"}
    for version, html in ((4, "<older/>"), (6, "<newer/>"), (5, "<older/>")):
        async_to_sync(page.table_page)({"version": version, "html": html, "dropped": False,
                                        "audience": "seat-A", "seats": seats, "panels": None})
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


def _counting_drawings(monkeypatch) -> list[tuple[str, str]]:
    """Every drawing of the table page, published or a socket's own, by audience and language."""
    drawn = []
    render = audiences.render

    def counting(moment, audience, language, *args, **kwargs):
        drawn.append((audience, language))
        return render(moment, audience, language, *args, **kwargs)

    monkeypatch.setattr(audiences, "render", counting)
    return drawn


def _open(table_id: int, pages: list[tuple[str, str | None, str]]) -> None:
    """Pages (name, seat, language) registered as open, as their sockets would."""
    async def join():
        presence = Presence()
        for name, seat, language in pages:
            audience = audiences.audience_of(seat, None) if seat is None else f"seat-{seat}"
            await presence.join(table_id, name, seat, (audience, language))

    asyncio.run(join())


def _open_signed_in_spectator(table_id: int, name: str, language: str) -> None:
    asyncio.run(Presence().join(table_id, name, None, (audiences.SIGNED_IN, language)))


def test_a_pause_and_the_resume_countdown_are_drawn_once_per_audience_however_many_pages_it_has(
        team_table, monkeypatch, django_capture_on_commit_callbacks):
    from tests.games.test_timekeeping import _start, _tick_through

    table_id = team_table.pk
    t0 = _start(team_table)
    _open(table_id, [("page!A1", "A", "en"), ("page!A2", "A", "en"), ("page!A3", "A", "en"),
                     ("page!g1", None, "en"), ("page!g2", None, "en")])
    _open_signed_in_spectator(table_id, "page!w1", "de")
    layer = _Recording()
    monkeypatch.setattr(audiences, "get_channel_layer", lambda: layer)
    drawn = _counting_drawings(monkeypatch)
    group = lambda audience, language: audiences.group_name(table_id, audience, language)  # noqa: E731
    audiences_open = {("seat-A", "en"), (audiences.ANONYMOUS, "en"), (audiences.SIGNED_IN, "de")}

    timekeeping.seat_presence(table_id=table_id, seat="B", online=False, now=t0 + 10)
    with django_capture_on_commit_callbacks(execute=True):
        _tick_through(t0 + 1, t0 + 13)  # B's blip allowance runs out: the game pauses
    team_table.refresh_from_db()
    assert team_table.clock["paused"] is not None
    assert sorted(drawn) == sorted(audiences_open)  # six pages, three drawings
    sent = dict(layer.sent)
    assert sent.keys() == {group(*audience) for audience in audiences_open}
    assert all(message["version"] == team_table.version and message["panels"] is None for message in sent.values())
    assert all('class="paused"' in message["html"] for message in sent.values())
    assert _picks(sent[group("seat-A", "en")]["html"]) == {}  # nobody picked yet, A's choice is open
    assert 'class="legal"' in sent[group("seat-A", "en")]["html"]
    assert 'class="legal"' not in sent[group(audiences.ANONYMOUS, "en")]["html"]

    drawn.clear()
    layer.sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        timekeeping.seat_presence(table_id=table_id, seat="B", online=True, now=t0 + 20)  # the countdown
    assert sorted(drawn) == sorted(audiences_open)
    sent = dict(layer.sent)
    assert sent.keys() == {group(*audience) for audience in audiences_open}
    assert all(message["version"] == team_table.version for message in sent.values())


def test_a_game_over_is_drawn_once_per_audience_with_each_players_own_panels(
        team_table, four_players, monkeypatch, django_capture_on_commit_callbacks):
    from tests.games.conftest import finish_dummy

    table_id = team_table.pk
    _open(table_id, [("page!A1", "A", "en"), ("page!A2", "A", "en"), ("page!B1", "B", "el"),
                     ("page!g1", None, "en"), ("page!g2", None, "en")])
    _open_signed_in_spectator(table_id, "page!w1", "en")
    layer = _Recording()
    monkeypatch.setattr(audiences, "get_channel_layer", lambda: layer)
    drawn = _counting_drawings(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        finish_dummy(team_table, four_players)
    assert team_table.status == Table.Status.FINISHED
    over = [(group_, message) for group_, message in layer.sent if message.get("panels") is not None]
    group = lambda audience, language: audiences.group_name(table_id, audience, language)  # noqa: E731
    audiences_open = {("seat-A", "en"), ("seat-B", "el"), (audiences.ANONYMOUS, "en"), (audiences.SIGNED_IN, "en")}
    assert sorted(group_ for group_, _ in over) == sorted(group(*audience) for audience in audiences_open)
    assert drawn.count(("seat-A", "en")) == drawn.count(("seat-B", "el"))  # once per broadcast, not per page
    sent = dict(over)
    assert all(message["panels"] == Table.Status.FINISHED and message["version"] == team_table.version
               for message in sent.values())
    for audience in audiences_open:
        html = sent[group(*audience)]["html"]
        assert 'class="after-game"' in html and 'id="t-votes"' in html
        # the rematch is offered to the table's players, each on their own seat's drawing
        assert ('value="rematch"' in html) == audience[0].startswith("seat-")
    for seat, language in (("A", "en"), ("B", "el")):
        page = _page(table_id, four_players[DUMMY_SEATS.index(seat)], language)
        assert sent[group(f"seat-{seat}", language)]["html"] == page._render(load(table_id), True)[0]
    assert sent[group(audiences.ANONYMOUS, "en")]["html"] == \
        _page(table_id, AnonymousUser())._render(load(table_id), True)[0]


@pytest.mark.django_db(transaction=True)
def test_a_start_reaches_several_pages_of_one_audience_drawn_once_with_the_players_own_panels(
        four_players, monkeypatch):
    """Two pages of sam's seat and two anonymous spectators' pages see the game begin: two
    drawings in all. Sam's shows his vote form (the others as targets, not himself) and the
    warning before leaving a running game; the spectators' neither."""
    sam, eve, nia, wes = four_players
    table = services.create_table(game="dummy", user=sam, options={"players": 4})
    for user, seat in ((eve, "B"), (nia, "C"), (wes, "D")):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in (sam, eve, nia):
        services.set_ready(table_id=table.pk, user=user, ready=True)
    path = f"/ws/table/{table.pk}/{table.invite_code}/"

    async def scenario():
        base = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
        cookie = await _cookie(sam)
        pages = [WebsocketCommunicator(application, path, headers=[*base, (b"cookie", cookie)]) for _ in range(2)]
        guests = [WebsocketCommunicator(application, path, headers=base) for _ in range(2)]
        for socket in pages + guests:
            assert (await socket.connect(timeout=10))[0]
            await _until(socket, lambda frame: 'id="t-seats"' in frame)
        drawn = _counting_drawings(monkeypatch)
        await database_sync_to_async(services.set_ready)(table_id=table.pk, user=wes, ready=True)
        await database_sync_to_async(table.refresh_from_db)()
        assert table.status == Table.Status.PLAYING
        begun = f'id="t-version" name="version" value="{table.version}"'
        frames = [await _until(socket, lambda frame: begun in frame) for socket in pages + guests]
        counted = list(drawn)
        for socket in pages + guests:
            await socket.disconnect()
        return frames, counted

    frames, drawn = async_to_sync(scenario)()
    assert sorted(drawn) == [(audiences.ANONYMOUS, "en"), ("seat-A", "en")]
    for frame in frames[:2]:
        assert 'class="legal"' in frame
        targets = re.findall(r'<option value="(\w+)">', frame.split('id="vote-target"')[1].split("</select>")[0])
        assert sorted(targets) == ["eve", "nia", "wes"]
        assert "data-leave-warning" in frame
    for frame in frames[2:]:
        assert 'class="legal"' not in frame and 'id="vote-target"' not in frame and "data-leave-warning" not in frame


@pytest.mark.django_db(transaction=True)
def test_a_drawing_sent_to_the_audience_a_page_has_left_is_not_shown_the_page_draws_itself(team_table, four_players):
    """A page moves to its seat's group as its viewer sits down; a start published meanwhile to
    the spectators' group it left must not show a player the spectators' page."""
    page = _page(team_table.pk, four_players[0])
    page.seat, page.audience, page.votes_drawn_for, page.floor = "A", "seat-A", "playing", 0
    sent = []

    async def send(text_data):
        sent.append(text_data)

    page.send = send
    async_to_sync(page.table_page)({"version": team_table.version, "html": "<for the spectators/>", "dropped": False,
                                    "audience": audiences.SIGNED_IN, "panels": "playing"})
    assert len(sent) == 1 and "<for the spectators/>" not in sent[0]
    assert 'class="legal"' in sent[0]  # seat A's own page: its pick is open


def test_a_vote_is_drawn_once_per_audience_each_seat_showing_its_own_ballot(
        team_table, four_players, monkeypatch, django_capture_on_commit_callbacks):
    """A vote-kick during the game: whoever may still vote gets the buttons, the one who has
    voted and the target do not, the spectators see the count alone; one drawing per audience."""
    from moderation import votes

    sam, eve, nia, wes = four_players
    table_id = team_table.pk
    _open(table_id, [("page!A1", "A", "en"), ("page!A2", "A", "en"), ("page!B1", "B", "en"),
                     ("page!D1", "D", "en"), ("page!g1", None, "en"), ("page!g2", None, "en")])
    layer = _Recording()
    monkeypatch.setattr(audiences, "get_channel_layer", lambda: layer)
    drawn = _counting_drawings(monkeypatch)
    group = lambda audience: audiences.group_name(table_id, audience, "en")  # noqa: E731
    watching = {"seat-A", "seat-B", "seat-D", audiences.ANONYMOUS}

    with django_capture_on_commit_callbacks(execute=True):
        vote = votes.open_vote(table=team_table, opened_by=sam, target=wes, reason="absent")
    assert sorted(audience for audience, _ in drawn) == sorted(watching)  # six pages, four drawings
    sent = {group_: message["html"] for group_, message in layer.sent}
    assert sent.keys() == {group(audience) for audience in watching}
    assert all("Remove wes?" in html for html in sent.values())
    assert [audience for audience in sorted(watching) if 'value="vote_cast"' in sent[group(audience)]] == ["seat-B"]
    assert "voting on removing you" in sent[group("seat-D")]
    assert "voting on removing you" not in sent[group("seat-A")] + sent[group(audiences.ANONYMOUS)]

    drawn.clear()
    layer.sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        votes.cast_ballot(vote=vote, voter=eve, yes=True)
    assert sorted(audience for audience, _ in drawn) == sorted(watching)
    sent = {group_: message["html"] for group_, message in layer.sent}
    assert not any('value="vote_cast"' in html for html in sent.values())  # eve has voted, nia has no page
    assert all("2 yes, 0 no" in html for html in sent.values())


def test_a_drawing_that_fails_still_wakes_the_bots_and_times_the_deadline(
        django_user_model, monkeypatch, django_capture_on_commit_callbacks):
    """The panels are drawn on the committing thread now: a fault there must not stop the game."""
    from games import tasks

    player = django_user_model.objects.create_user("solo", password="x")
    table = services.start_practice(user=player, game="dummy", strength="normal",
                                    options={"players": 4, "private": True, "rated": False})
    _open(table.pk, [("page!A1", "A", "en")])
    woken, timed = [], []
    monkeypatch.setattr(tasks.wake_bots, "apply_async", lambda args, countdown: woken.append(args))
    monkeypatch.setattr(services, "time_deadline", lambda *args: timed.append(args))

    def broken(*args, **kwargs):
        raise RuntimeError("a template that fails")

    monkeypatch.setattr(audiences, "render", broken)
    with pytest.raises(RuntimeError), django_capture_on_commit_callbacks(execute=True):
        services.submit(table_id=table.pk, user=player, action={"type": "pick", "n": 3})
    table.refresh_from_db()
    assert woken == [(table.pk, table.version)] and [args[:2] for args in timed] == [(table.pk, table.version)]


def test_a_seat_taken_at_a_waiting_table_is_drawn_once_per_audience_and_names_who_sits_where(
        four_players, monkeypatch, django_capture_on_commit_callbacks):
    """Seating changes at a waiting table are published as moves are: a seat's drawing shows
    its player's way to stand up, a signed-in spectator's the free seats to take, and each
    message says who sits where. The group of a seat nobody holds any more is told to draw
    itself."""
    sam, eve, nia, _ = four_players
    table = services.create_table(game="dummy", user=sam, options={"players": 4})
    services.sit(table_id=table.pk, user=nia, position="C")
    _open(table.pk, [("page!A1", "A", "en"), ("page!A2", "A", "en"), ("page!C1", "C", "en"),
                     ("page!g1", None, "en"), ("page!g2", None, "de")])
    _open_signed_in_spectator(table.pk, "page!w1", "en")
    _open_signed_in_spectator(table.pk, "page!w2", "en")
    layer = _Recording()
    monkeypatch.setattr(audiences, "get_channel_layer", lambda: layer)
    drawn = _counting_drawings(monkeypatch)
    group = lambda audience, language: audiences.group_name(table.pk, audience, language)  # noqa: E731

    with django_capture_on_commit_callbacks(execute=True):
        services.sit(table_id=table.pk, user=eve, position="B")
    expected = {("seat-A", "en"), ("seat-C", "en"), (audiences.ANONYMOUS, "en"), (audiences.ANONYMOUS, "de"),
                (audiences.SIGNED_IN, "en")}
    assert sorted(drawn) == sorted(expected)  # seven pages, five drawings
    sent = dict(layer.sent)
    seating = {str(sam.pk): "A", str(eve.pk): "B", str(nia.pk): "C"}
    assert all(sent[group(*audience)]["seats"] == seating for audience in expected)
    assert 'value="stand"' in sent[group("seat-A", "en")]["html"]
    assert 'value="sit"' in sent[group(audiences.SIGNED_IN, "en")]["html"]
    assert 'value="sit"' not in sent[group(audiences.ANONYMOUS, "en")]["html"]

    drawn.clear()
    layer.sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.stand(table_id=table.pk, user=nia)
    assert ("seat-C", "en") not in drawn
    assert dict(layer.sent)[group("seat-C", "en")] == {"type": "table.update"}


@pytest.mark.django_db(transaction=True)
def test_a_page_whose_viewer_sat_down_in_another_tab_moves_to_the_seat(four_players):
    """Two tabs of one spectator: the one that sits down moves itself; the other learns it from
    the next broadcast's seating and draws itself for the seat, not the spectators' drawing."""
    sam, eve, _, wes = four_players
    table = services.create_table(game="dummy", user=sam, options={"players": 4})
    path = f"/ws/table/{table.pk}/{table.invite_code}/"

    async def scenario():
        base = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
        cookie = await _cookie(wes)
        tabs = [WebsocketCommunicator(application, path, headers=[*base, (b"cookie", cookie)]) for _ in range(2)]
        for tab in tabs:
            assert (await tab.connect(timeout=10))[0]
            await _until(tab, lambda frame: 'id="t-seats"' in frame)
        await tabs[0].send_to(text_data=json.dumps({"cmd": "sit", "position": "D"}))
        frames = [await _until(tab, lambda frame: 'value="stand"' in frame) for tab in tabs]
        await database_sync_to_async(services.sit)(table_id=table.pk, user=eve, position="B")
        later = await _until(tabs[1], lambda frame: 'id="t-seats"' in frame)
        for tab in tabs:
            await tab.disconnect()
        return frames, later

    frames, later = async_to_sync(scenario)()
    assert all(re.search(r'seat--me" data-position="D"', frame) for frame in frames)
    assert re.search(r'seat--me" data-position="D"', later)  # drawn for seat D, not as a spectator
