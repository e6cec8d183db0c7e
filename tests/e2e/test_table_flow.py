"""In real Chromium: practice from the home page starts a Tichu game in one click;
in a bomb window the G key says "go on" and the trick is taken at once; Leave asks first,
says what it costs (nothing, at practice), ends the game and goes to the lobby; and closing
the page mid-game warns. Screenshots at desktop and phone size are kept as artifacts."""

import time
from pathlib import Path

import pytest

from games import registry, services
from games.models import Table
from moderation.models import Incident
from tests.e2e.pages import off_the_loop, wait_until_live
from tests.games.conftest import state_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
engine = registry.get("tichu").engine
ARTIFACTS = Path("tests/e2e/artifacts")
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _signed_in(browser, base_url, user, device):
    from django.test import Client

    client = Client()
    client.force_login(user)
    context = browser.new_context(**device)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])
    return context.new_page()


def _play_with_bots(page, base_url, shot=None):
    page.goto(base_url + "/")
    if shot:
        page.screenshot(path=str(ARTIFACTS / shot), full_page=True)
    form = page.locator("form.practice--tichu")
    assert form.count() == 1, page.inner_text("main")[:500]
    form.locator("select[name=tichu-practice-strength]").select_option("beginner")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#t-rack .hand")
    wait_until_live(page)  # table_flow.js, which warns before the page closes, has run
    return Table.objects.filter(status=Table.Status.PLAYING).latest("pk")


def _until_a_window_waits_on_south(table, player):
    """South passes where it may and plays the first legal move where it must (from here,
    off the page); the bots answer. Returns once a bomb window waits on South."""
    game = registry.get("tichu")
    give_up = time.monotonic() + 120
    while time.monotonic() < give_up:
        state = off_the_loop(lambda: state_of(table))
        view = engine.view(state, "S")
        if state.window:
            if "S" in game.window_waivers(view):
                return
            time.sleep(0.05)  # the bots' "go on" closes it
            continue
        mine = [a for a in view["legal_actions"] if a["type"] in ("grand", "exchange", "gift", "pass")
                or a["type"] == "play" and view["turn"] == "S"]
        if not mine:
            time.sleep(0.05)
            continue
        action = mine[0]
        if action["type"] == "exchange":
            action = {"type": "exchange", "give": dict(zip(action["to"], action["hand"][:3]))}
        elif action["type"] == "grand":
            action = {"type": "grand", "call": False}
        off_the_loop(lambda: services.submit(table_id=table.pk, user=player, action=action))
    raise AssertionError("no bomb window waited on South")


def test_practice_go_on_and_leaving_in_the_browser(daphne_server, browser, django_user_model):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    player = django_user_model.objects.create_user("pia", password="x")
    page = _signed_in(browser, daphne_server, player, DESKTOP)
    table = _play_with_bots(page, daphne_server)
    assert table.private and not table.rated and table.has_bots

    _until_a_window_waits_on_south(table, player)
    page.wait_for_selector("#t-go-on button[data-key=g]")
    page.screenshot(path=str(ARTIFACTS / "go-on-desktop.png"))
    page.keyboard.press("g")
    give_up = time.monotonic() + 10
    while state_of(table).window and time.monotonic() < give_up:
        time.sleep(0.05)
    assert not state_of(table).window  # taken at once, not after the window's 3 s
    page.wait_for_selector("#t-go-on button", state="detached")

    page.click("#t-leave summary")
    page.wait_for_selector("#t-leave .leave-confirm >> text=This is a practice game")
    page.screenshot(path=str(ARTIFACTS / "leave-practice-desktop.png"))
    page.click("#t-leave .leave-confirm button[type=submit]")
    page.wait_for_url("**/lobby/")
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and state_of(table).end["reason"] == "void"
    assert not Incident.objects.exists()


def test_closing_the_page_mid_game_warns_first_at_phone_size(daphne_server, browser, django_user_model):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    player = django_user_model.objects.create_user("pia", password="x")
    page = _signed_in(browser, daphne_server, player, PHONE)
    _play_with_bots(page, daphne_server, shot="home-play-with-bots-phone.png")
    page.tap("#t-leave summary")
    page.wait_for_selector("#t-leave .leave-confirm >> text=costs nothing")
    # the whole page: #t-leave is redrawn with the table's pushes, so scrolling to it can miss
    page.screenshot(path=str(ARTIFACTS / "leave-practice-phone.png"), full_page=True)
    dialogs = []

    def answer(dialog):
        dialogs.append(dialog.type)
        dialog.dismiss()  # stay on the page

    page.on("dialog", answer)
    page.close(run_before_unload=True)
    give_up = time.monotonic() + 15
    while not dialogs and time.monotonic() < give_up:
        page.wait_for_timeout(50)
    assert dialogs == ["beforeunload"]
