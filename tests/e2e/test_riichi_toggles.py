"""The Riichi toggles in real Chromium: pressed on the table page of a practice game, lit at
once without a reload, and still pressed when the page is opened again (the account keeps
them); and riichi armed in the page alone. Screenshots go to tests/e2e/artifacts/."""

import json
import time

import pytest
from playwright.sync_api import expect

from games import registry, services, snapshots
from games.models import Table
from riichi.engine.tiles import parse
from riichi.models import Toggles
from tests.conftest import PASSWORD
from tests.e2e.test_riichi_practice import ARTIFACTS, DESKTOP, PHONE
from tests.e2e.test_daifugo_practice import wait_until_running
from tests.e2e.pages import off_the_loop, open_page, wait_until_live
from tests.riichi.conftest import state_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_toggle_pressed_at_the_table_lights_at_once_and_is_kept(daphne_server, beat, browser, django_user_model):
    player = django_user_model.objects.create_user("rin", password=PASSWORD)
    page = open_page(browser, daphne_server, player, "/lobby/", PHONE)
    page.click("text=Practice Riichi Mahjong")
    page.wait_for_selector("#t-rack .mj-toggles")
    wait_until_live(page)
    table = Table.objects.get(created_by=player)
    skip = page.locator("#t-rack button[data-toggle=skip_calls]")
    expect(skip).to_have_attribute("aria-pressed", "false")
    skip.click()
    expect(page.locator("#t-rack button[data-toggle=skip_calls]")).to_have_attribute("aria-pressed", "true")
    assert Toggles.objects.get(user=player).skip_calls
    page.screenshot(path=f"{ARTIFACTS}/riichi-toggles-phone.png", full_page=True)
    page.context.close()
    again = open_page(browser, daphne_server, player, table.get_absolute_url(), DESKTOP)
    expect(again.locator("#t-rack button[data-toggle=skip_calls]")).to_have_attribute("aria-pressed", "true")
    expect(again.locator("#t-rack button[data-toggle=auto_win]")).to_have_attribute("aria-pressed", "false")
    again.screenshot(path=f"{ARTIFACTS}/riichi-toggles-desktop.png", full_page=True)
    again.context.close()


def test_riichi_is_armed_in_the_page_and_one_tap_declares_it(daphne_server, beat, browser, django_user_model):
    """Arming riichi sends nothing: the page lights the discards that keep the hand tenpai (from
    the seat's legal moves) and hides the others; cancelled, the plain discards are back; armed
    again, a tap on a lit tile sends the one frame that declares riichi with it."""
    engine = registry.get("riichi").engine
    player = django_user_model.objects.create_user("ren", password=PASSWORD)
    table = off_the_loop(lambda: services.start_practice(user=player, game="riichi", options={}, strength="beginner"))
    state = engine.from_json(table.snapshot)
    seat = table.seats.get(user=player).position
    assert engine.view(state, seat)["turn"] == seat  # the dealer, to discard
    game = state.game
    # Tenpai on 9p alone after the East wind goes, or on the East wind after a 9p.
    game.hands[int(seat)] = [parse(code) for code in "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 2z 3z 9p".split()]
    game.drawn = parse("9p")
    table.snapshot = snapshots.stored(engine, state)
    table.version += 1
    table.save(update_fields=["snapshot", "version"])
    declaring = sorted({a["tile"] for a in engine.view(state, seat)["legal_actions"] if a.get("riichi")})
    assert declaring

    page = open_page(browser, daphne_server, player, "/lobby/", DESKTOP)
    sent = []

    def listen(socket):
        if "/ws/table/" in socket.url:
            socket.on("framesent", lambda payload: sent.append(json.loads(payload)))
    page.on("websocket", listen)
    page.goto(daphne_server + table.get_absolute_url())
    wait_until_running(page, table)
    arm = page.locator("#t-rack button[data-flag=riichi]")
    lit = page.locator("#t-rack form.mj-tap:not([hidden]) .mj-lit")
    plain = page.locator("#t-rack form.mj-tap:not([hidden]):has(input[name=cmd][value=discard])")
    expect(plain).to_have_count(14)
    expect(lit).to_have_count(0)
    arm.click()
    expect(arm).to_have_attribute("aria-pressed", "true")
    expect(plain).to_have_count(0)
    assert sorted(set(lit.locator("xpath=..").locator("input[name=tile]").evaluate_all(
        "inputs => inputs.map(i => i.value)"))) == declaring
    arm.click()  # cancelled
    expect(lit).to_have_count(0)
    expect(plain).to_have_count(14)
    arm.click()
    page.screenshot(path=f"{ARTIFACTS}/riichi-armed-desktop.png")
    assert sent == []  # arming, cancelling and arming again: not one frame
    page.click(f"#t-rack form.mj-tap:not([hidden]):has(input[name=cmd][value=riichi])"
               f":has(input[name=tile][value='{declaring[0]}']) button")
    give_up = time.monotonic() + 30
    while not engine.view(state_of(table), None)["riichi"][int(seat)]:  # declared
        assert time.monotonic() < give_up, page.inner_text("#t-error")
        time.sleep(0.05)
    assert [(frame["cmd"], frame["tile"]) for frame in sent] == [("riichi", declaring[0])]
    page.context.close()
