"""Four players join a Tichu arena through its page and are paired at once: each page goes to
the table, which is dealt; a watcher's tournament page lists the game, then shows the result
in the standings when it comes in, pushed over the tournament socket. After the game each
player's table page goes back to the tournament by itself after a countdown, to be paired
again, unless the player stays or has paused."""

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
from tournaments.models import Entry, Pairing, Tournament
from tournaments.templatetags.tournaments import RETURN_SECONDS

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

    # East pauses during the game; North's page runs on a clock of the test's own (it stands
    # still until told), so that North chooses to stay before any countdown could run out.
    seat_of = {s.position: s.user for s in table.seats.select_related("user")}
    page_of = {position: pages[players.index(user)] for position, user in seat_of.items()}
    _off_the_loop(lambda: tournaments.pause(tournament, seat_of["E"]))
    page_of["N"].clock.install()
    page_of["N"].clock.pause_at(page_of["N"].evaluate("Date.now()") + 1000)

    # West is expelled (as strikes would): the game ends, North–South win, West is withdrawn.
    west, south = seat_of["W"].username, seat_of["S"].username
    _off_the_loop(lambda: services.submit(table_id=table.pk, action={"type": "expel", "seat": "W"}, server=True))
    expect(spectator.locator(f'tr[data-player="{south}"] .standing__score')).to_have_text("2")
    expect(spectator.locator(f'tr[data-player="{west}"]')).to_contain_text("withdrawn")
    expect(spectator.locator("#tournament-live")).to_contain_text("No game in play.")

    # North stays at the table: the countdown goes, the link to the tournament stays.
    north = page_of["N"]
    expect(north.locator("#t-leave [data-return-countdown]")).to_contain_text("Back to the tournament in")
    north.get_by_role("button", name="Stay here").click()
    north.clock.run_for((RETURN_SECONDS + 2) * 1000)
    expect(north.locator("#t-leave [data-return-countdown]")).to_be_hidden()
    expect(north.locator("#t-leave .tournament-return a")).to_have_attribute("href", path)
    assert f"/tables/{table.pk}/" in north.url
    # East, who paused, gets the link without a countdown and is not paired again.
    expect(page_of["E"].locator("#t-leave .tournament-return a")).to_have_attribute("href", path)
    expect(page_of["E"].locator("[data-return-to]")).to_have_count(0)
    # South's page counts down and arrives at the tournament page by itself, waiting to be
    # paired again (the countdown is the wait: the condition is the page's address).
    south_page = page_of["S"]
    expect(south_page.locator("#t-leave [data-return-countdown]")).to_be_visible()
    south_page.wait_for_url(f"**{path}", timeout=(RETURN_SECONDS + 20) * 1000)
    expect(south_page.locator("#tournament-own")).to_contain_text("Waiting for opponents")
    assert Entry.objects.get(tournament=tournament, user=seat_of["E"]).paused
    assert not Pairing.objects.filter(tournament=tournament).exclude(table=table).exists()
