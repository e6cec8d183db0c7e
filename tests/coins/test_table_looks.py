"""A player's styles at a table: the card back and felt they chose show at their seat on every
page of the table (the page and the socket's frames), their face colours only on their own."""

import re

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from coins import looks, shop, staff
from coins.models import Ownership
from games import registry, services
from tests.games.conftest import four_players, team_table  # noqa: F401 — fixtures
from tests.games.pages import Table_, _async_cookie

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _dummy_takes_the_platforms_kinds(monkeypatch):
    """The dummy game restyles what the platform's kinds restyle: two public ones shown at a
    seat, one shown to its owner only."""
    monkeypatch.setattr(registry.get("dummy"), "style_kinds", ("card_back", "felt", "face_theme"))


@pytest.fixture
def styled(alice, staffer):
    """Alice owns a back, a felt and a face theme and shows them at dummy tables, and another
    back at another game's."""
    for key in ("back-lacquer", "felt-moss", "face-night", "back-jade"):
        staff.grant_style(user=alice, key=key, by=staffer, why="test")
    shop.choose(alice, "dummy", "card_back", "back-lacquer")
    shop.choose(alice, "dummy", "felt", "felt-moss")
    shop.choose(alice, "dummy", "face_theme", "face-night")
    other = next(key for key, game in registry.GAMES.items() if key != "dummy" and "card_back" in game.style_kinds)
    shop.choose(alice, other, "card_back", "back-jade")
    return alice


@pytest.fixture
def table(styled, bob):
    table = services.create_table(user=styled, game="dummy", options={})
    services.sit(table_id=table.pk, user=bob, position="B")
    return table


def seat_box(page: str, position: str) -> str:
    match = re.search(rf'<div class="seat [^"]*" data-position="{position}">(.*?)</div>', page, re.S)
    assert match, f"no seat {position}"
    return match.group(1)


def page_of(client, user, table) -> str:
    client.force_login(user)
    return client.get(table.get_absolute_url()).content.decode()


def test_another_player_sees_the_chosen_back_and_felt_at_that_seat_but_not_the_face_theme(client, table, bob):
    page = page_of(client, bob, table)
    alice_seat = seat_box(page, "A")
    assert 'class="seat-look coin-felt-moss coin-back-lacquer"' in alice_seat
    assert 'aria-label="Lacquer red"' in alice_seat
    assert "seat-look" not in seat_box(page, "B")  # Bob chose nothing: the standard look
    assert "coin-face-night" not in page and "back-jade" not in page  # Alice's other game's back stays there


def test_the_copy_every_page_reads_holds_only_the_public_choices(styled):
    """The seats' copy is read for every viewer's page: a choice shown to its owner alone
    (the face theme) is never in it, whatever the seat's drawing would make of it."""
    looks.refresh([styled.pk])
    seen = looks.public_looks([styled.pk], registry.get("dummy"))[styled.pk]
    assert {kind: style.key for kind, style in seen.items()} == {"card_back": "back-lacquer", "felt": "felt-moss"}


def test_the_owner_sees_their_own_face_theme(client, table, styled):
    page = page_of(client, styled, table)
    assert '<span class="coin-face-theme coin-face-night" hidden></span>' in page
    assert "coin-back-lacquer" in seat_box(page, "A")


def test_a_revoked_style_no_longer_shows(client, table, bob, staffer):
    owned = Ownership.objects.get(style="felt-moss")
    staff.revoke_style(ownership=owned, by=staffer, why="refund")
    assert 'class="seat-look coin-back-lacquer"' in seat_box(page_of(client, bob, table), "A")


@pytest.mark.django_db(transaction=True)
def test_the_sockets_frames_show_the_seats_styles_to_every_page(table, styled, bob, django_user_model):
    """Bob gets ready through his socket; the seats every page is sent carry Alice's back and
    felt at her seat, and only her own page is ever sent her face theme."""
    watcher = django_user_model.objects.create_user("vic", password="x" * 12)

    async def scenario():
        room = Table_(table, [styled, bob])
        for who, user in (("alice", styled), ("bob", bob), ("vic", watcher)):
            await room.open(who, await _async_cookie(user))
        await room.drain(lambda who, frame: None)
        await room.send("bob", cmd="ready", ready="1")
        return {who: await _frames_until_seats(page) for who, page in room.pages.items()}

    for who, frames in async_to_sync(scenario)().items():
        assert 'class="seat-look coin-felt-moss coin-back-lacquer"' in seat_box(frames[-1], "A")
        assert "coin-face-night" not in "".join(frames), who


async def _frames_until_seats(page) -> list[str]:
    """A page's frames up to the next one that redraws the seats (waited for: a loaded host
    may be slow to send it)."""
    frames = [await page.receive_from(timeout=20)]
    while 'id="t-seats"' not in frames[-1]:
        frames.append(await page.receive_from(timeout=20))
    return frames


async def _every_seat_open(table, players) -> Table_:
    room = Table_(table, players)
    for seat, user in zip(("A", "B", "C", "D"), players):
        await room.open(seat, await _async_cookie(user))
    return room


@pytest.mark.django_db(transaction=True)
def test_a_running_games_frames_drawn_without_the_database_still_show_the_seats_styles(
        team_table, four_players, staffer):
    """During play the socket draws a move's frames on its event loop, with no query: the look
    read for the page's first frame is the one its later frames show."""
    sam = four_players[0]
    staff.grant_style(user=sam, key="felt-wine", by=staffer, why="test")
    shop.choose(sam, "dummy", "felt", "felt-wine")

    async def scenario():
        room = await _every_seat_open(team_table, four_players)
        first = await _frames_until_seats(room.pages["C"])
        await room.drain(lambda who, frame: None)
        await room.send("B", cmd="pick", n="5")
        return first, await _frames_until_seats(room.pages["C"])

    for frames in async_to_sync(scenario)():
        assert 'class="seat-look coin-felt-wine"' in seat_box(frames[-1], "A")


@pytest.mark.django_db(transaction=True)
def test_opening_the_table_page_brings_the_frames_copy_of_the_looks_up_to_date(table, styled, bob, client):
    """The frames read a copy of the looks (they may cost no query); lost (a cache restart),
    it comes back when anyone opens the table page."""
    from django.core.cache import cache

    async def first_seats() -> str:
        room = Table_(table, [styled, bob])
        await room.open("bob", await _async_cookie(bob))
        return (await _frames_until_seats(room.pages["bob"]))[-1]

    cache.clear()
    looks.kept.clear()  # and a process that has read no looks yet
    assert "seat-look" not in seat_box(async_to_sync(first_seats)(), "A")
    assert "coin-felt-moss" in seat_box(page_of(client, bob, table), "A")
    assert 'class="seat-look coin-felt-moss coin-back-lacquer"' in seat_box(async_to_sync(first_seats)(), "A")


@pytest.mark.django_db(transaction=True)
def test_an_open_page_reads_the_looks_again_only_after_a_while(team_table, four_players, staffer, monkeypatch):
    """A table process keeps the looks it read for KEPT_SECONDS (a table moves every second
    or two); a look changed meanwhile in another process (which writes the shared copy)
    shows on an open page once that time is up."""
    from django.core.cache import cache

    sam = four_players[0]
    for key in ("felt-wine", "felt-moss"):
        staff.grant_style(user=sam, key=key, by=staffer, why="test")
    shop.choose(sam, "dummy", "felt", "felt-wine")

    async def scenario():
        room = await _every_seat_open(team_table, four_players)
        seen = [(await _frames_until_seats(room.pages["C"]))[-1]]
        await room.drain(lambda who, frame: None)
        await database_sync_to_async(cache.set)(looks._key("dummy", sam.pk), {"felt": "felt-moss"}, None)
        await room.send("B", cmd="pick", n="5")
        seen.append((await _frames_until_seats(room.pages["C"]))[-1])
        await room.drain(lambda who, frame: None)
        monkeypatch.setattr(looks, "KEPT_SECONDS", 0)
        await room.send("D", cmd="pick", n="5")
        seen.append((await _frames_until_seats(room.pages["C"]))[-1])
        return seen

    before, kept, after = (seat_box(frame, "A") for frame in async_to_sync(scenario)())
    assert "coin-felt-wine" in before and "coin-felt-wine" in kept
    assert "coin-felt-moss" in after and "coin-felt-wine" not in after


@pytest.mark.django_db(transaction=True)
def test_the_sockets_event_loop_never_waits_for_the_shared_cache(team_table, four_players, staffer, monkeypatch):
    """Every page of a process is served by one event loop: the looks a move's frames show
    are read on the thread that committed the move or loaded the table, never on the loop
    (even when every move finds them due), and the frames still show them."""
    import asyncio

    def on_a_loop() -> bool:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    sam = four_players[0]
    staff.grant_style(user=sam, key="felt-wine", by=staffer, why="test")
    shop.choose(sam, "dummy", "felt", "felt-wine")
    reads, read = [], looks.public_looks
    monkeypatch.setattr(looks, "public_looks", lambda ids, game: reads.append(on_a_loop()) or read(ids, game))
    monkeypatch.setattr(looks, "KEPT_SECONDS", 0)

    async def scenario():
        room = await _every_seat_open(team_table, four_players)
        seen = [(await _frames_until_seats(room.pages["C"]))[-1]]
        await room.drain(lambda who, frame: None)
        for seat in ("B", "C"):
            await room.send(seat, cmd="pick", n="5")
            seen.append((await _frames_until_seats(room.pages["A"]))[-1])
            await room.drain(lambda who, frame: None)
        return seen

    frames = async_to_sync(scenario)()
    assert all("coin-felt-wine" in seat_box(frame, "A") for frame in frames)
    assert len(reads) >= 3 and not any(reads), reads


def test_the_pages_of_a_table_in_one_process_share_one_read_of_the_looks(
        team_table, four_players, staffer, monkeypatch, django_capture_on_commit_callbacks):
    """Each seat's page and a spectator's draw three moves: the seated players' looks are read
    from the shared cache once for all of them, and again only once the time is up."""
    from django.contrib.auth.models import AnonymousUser

    from games.audiences import load_to_draw
    from tests.games.test_moment import _page

    sam = four_players[0]
    with django_capture_on_commit_callbacks(execute=True):  # the copy is written on commit
        staff.grant_style(user=sam, key="felt-wine", by=staffer, why="test")
        shop.choose(sam, "dummy", "felt", "felt-wine")
    looks.kept.clear()  # a process that has read no looks yet
    reads, read = [], looks.public_looks
    monkeypatch.setattr(looks, "public_looks", lambda ids, game: reads.append(sorted(ids)) or read(ids, game))
    pages = [_page(team_table.pk, user) for user in [*four_players, AnonymousUser()]]

    def draw_a_move(seat_user):
        services.submit(table_id=team_table.pk, user=seat_user, action={"type": "pick", "n": 5})
        moment = load_to_draw(team_table.pk)
        return [page._render(moment, False)[0] for page in pages]

    drawn = [draw_a_move(user) for user in four_players[1:3]]
    assert reads == [sorted(u.pk for u in four_players)]
    assert all("coin-felt-wine" in seat_box(html, "A") for frames in drawn for html in frames)
    monkeypatch.setattr(looks, "KEPT_SECONDS", 0)
    draw_a_move(four_players[3])
    assert len(reads) == 2
