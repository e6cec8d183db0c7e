"""Four players join a Tichu arena through its page and are paired at once: each page goes to
the table, which is dealt; a watcher's tournament page lists the game, then shows the result
in the standings when it comes in, pushed over the tournament socket."""

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from games import services
from games.models import Table
from tests.conftest import PASSWORD
from tournaments import services as tournaments, tasks
from tournaments.models import Pairing, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def pairing_beat(transactional_db):
    """Beat's arena pairing, every 0.2 s in a thread, as the Celery beat schedule runs it."""
    stop = threading.Event()

    def run():
        while not stop.wait(0.2):
            tasks.pair_tournaments()
        connection.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    yield
    stop.set()
    thread.join()


def _off_the_loop(work):
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(work).result()


def _open(browser, base_url, user, path):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    client = Client()
    client.force_login(user)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + path)
    return page


def test_four_players_join_a_tichu_arena_are_paired_at_once_and_see_the_standings_move(
    daphne_server, beat, pairing_beat, browser, django_user_model
):
    players = [django_user_model.objects.create_user(n, password=PASSWORD) for n in ("sam", "eve", "nia", "wes")]
    watcher = django_user_model.objects.create_user("vic", password=PASSWORD)
    tournament = Tournament.objects.create(name="Night Arena", game="tichu", minutes=60,
                                           starts_at=timezone.now() - timedelta(minutes=1),
                                           options=tournaments.table_options("tichu", {"target": 500}))
    path = tournament.get_absolute_url()
    spectator = _open(browser, daphne_server, watcher, path)
    expect(spectator.locator("#tournament-live")).to_contain_text("Nobody has joined yet.")
    pages = [_open(browser, daphne_server, user, path) for user in players]
    for page in pages:
        page.get_by_role("button", name="Join").click()
    for page in pages:  # paired at once: each page goes to its table, where the game is dealt
        page.wait_for_url("**/tables/*/?invite=*")
    table = Pairing.objects.get(tournament=tournament).table
    assert table.status == Table.Status.PLAYING
    assert sorted(table.seats.values_list("user__username", flat=True)) == ["eve", "nia", "sam", "wes"]
    for page in pages:
        assert f"/tables/{table.pk}/" in page.url
        expect(page.locator("#t-hand")).to_be_visible()
        expect(page.locator(".table-tournament a")).to_have_attribute("href", path)
    games = spectator.locator("#tournament-live .tournament-games")
    expect(games).to_contain_text(f"#{table.pk}")

    # West is expelled (as strikes would): the game ends, North–South win, West is withdrawn.
    west = table.seats.get(position="W").user.username
    south = table.seats.get(position="S").user.username
    _off_the_loop(lambda: services.submit(table_id=table.pk, action={"type": "expel", "seat": "W"}, server=True))
    expect(spectator.locator(f'tr[data-player="{south}"] .standing__score')).to_have_text("2")
    expect(spectator.locator(f'tr[data-player="{west}"]')).to_contain_text("withdrawn")
    expect(spectator.locator("#tournament-live")).to_contain_text("No game in play.")
    # South goes back by the table page's link, and waits to be paired again.
    south_page = pages[[p.username for p in players].index(south)]
    south_page.locator(".table-tournament a").click()
    expect(south_page.locator("#tournament-own")).to_contain_text("Waiting for opponents")
