"""Four players in four Chromium contexts play a whole hand of Tichu through the table page,
over a real daphne and the Redis channel layer, while a fifth context watches."""

import random
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.test import Client

from games import registry, services
from games.models import Table
from tests.conftest import PASSWORD
from tests.games.conftest import SEATS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
engine = registry.get("tichu").engine


def _off_the_loop(work):
    """Playwright's sync API keeps an event loop in this thread; services broadcast with
    async_to_sync, which must run where no loop is, as it does in daphne and Celery."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(work).result()


def _table_at(table_id):
    table = Table.objects.get(pk=table_id)
    return table, engine.from_json(table.snapshot)


def _wait_for_version_after(table_id, version, timeout=45):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if Table.objects.get(pk=table_id).version > version:
            return
        time.sleep(0.05)
    raise AssertionError(f"table {table_id} did not move past version {version}")


def _open(browser, base_url, user, path):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    if user is not None:
        client = Client()
        client.force_login(user)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + path)
    return page


def _choose_play(view):
    """The lowest single that is legal, else a pass, else the first legal play."""
    legal = view["legal_actions"]
    plays = [a for a in legal if a["type"] == "play"]
    singles = [a for a in plays if len(a["cards"]) == 1 and a["cards"] != ["dragon"]]
    if singles:
        return singles[-1] if len(singles) > 1 else singles[0]
    if any(a["type"] == "pass" for a in legal):
        return {"type": "pass"}
    return plays[0]


def _click_cards(page, cards):
    for card in cards:
        page.click(f"#t-hand label:has(input[value='{card}'])")
        page.wait_for_selector(f"#t-hand input[value='{card}']:checked", state="attached")


def test_four_players_play_a_whole_hand_in_the_browser_and_a_fifth_watches(
    daphne_server, beat, browser, django_user_model, monkeypatch
):
    players = [django_user_model.objects.create_user(n, password=PASSWORD) for n in ("sam", "eve", "nia", "wes")]
    watcher = django_user_model.objects.create_user("vic", password=PASSWORD)
    monkeypatch.setattr(services, "_system_random", random.Random(11))  # a fixed deal
    table = _off_the_loop(lambda: services.create_table(game="tichu", user=players[0], options={"bomb_window": 1}))
    for user, seat in zip(players[1:], SEATS[1:]):
        _off_the_loop(lambda: services.sit(table_id=table.pk, user=user, position=seat))
    path = table.get_absolute_url()
    pages = {seat: _open(browser, daphne_server, user, path) for seat, user in zip(SEATS, players)}
    spectator = _open(browser, daphne_server, watcher, path)
    for seat, page in pages.items():  # everyone says ready through the page
        page.wait_for_selector("#t-seats form:has(input[value=ready]) button")
        version = Table.objects.get(pk=table.pk).version
        page.click("#t-seats form:has(input[value=ready]) button")
        _wait_for_version_after(table.pk, version)
    spectator.wait_for_selector("#t-spectators >> text=1 spectator")

    for seat, page in pages.items():  # Grand Tichu: no call
        page.wait_for_selector("text=No call, deal the rest")
        version = Table.objects.get(pk=table.pk).version
        page.click("text=No call, deal the rest")
        _wait_for_version_after(table.pk, version)

    rng = random.Random(3)
    for seat, page in pages.items():  # the exchange, slot by slot
        page.wait_for_selector(".exchange-slots")
        view = engine.view(_table_at(table.pk)[1], seat)
        for place, card in zip(("left", "top", "right"), rng.sample(view["hand"], 3)):
            _click_cards(page, [card])
            page.click(f".exchange-slot--{place} button")
            page.wait_for_selector(f".exchange-slot--{place} img")
        version = Table.objects.get(pk=table.pk).version
        page.click("text=Confirm the exchange")
        _wait_for_version_after(table.pk, version)

    give_up = time.monotonic() + 240
    while time.monotonic() < give_up:  # play until the hand is over
        table_row, state = _table_at(table.pk)
        if state.results:
            break
        if state.window:
            time.sleep(0.05)  # beat collects the trick when the window closes
            continue
        if state.gift_by is not None:
            seat = SEATS[state.gift_by]
            to = engine.view(state, seat)["legal_actions"][0]["to"]
            pages[seat].click(f"#t-hand form:has(input[name=to][value={to}]) button")
            _wait_for_version_after(table.pk, table_row.version)
            continue
        seat = SEATS[state.turn]
        page = pages[seat]
        page.wait_for_selector(f"#t-version[value='{table_row.version}']", state="attached")
        action = _choose_play(engine.view(state, seat))
        if action["type"] == "pass":
            page.click("#t-hand form:has(input[value=pass]) button")
        else:
            _click_cards(page, action["cards"])
            if "mahjong" in action["cards"]:
                page.click("text=No wish")
            elif "phoenix" in action and len(action["cards"]) > 1:
                page.click(f".phoenix-picker form:has(input[value='{action['phoenix']}']) button")
            else:
                page.click("#t-hand form:has(input[value=play]) button:not([disabled])")
        _wait_for_version_after(table.pk, table_row.version)
    else:
        raise AssertionError("the hand did not end")

    # Every page shows the hand's result; the spectator saw the same table and never a hand.
    for page in [*pages.values(), spectator]:
        page.wait_for_selector(".hand-result summary >> text=Result of hand 1", state="attached")
    assert spectator.locator("#t-hand input[name=cards]").count() == 0
    assert "You are watching" in spectator.inner_text("#t-hand")
    for page in pages.values():
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    pages["S"].screenshot(path="tests/e2e/artifacts/table-after-hand.png", full_page=True)
