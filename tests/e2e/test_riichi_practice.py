"""A practice hand of Riichi in real Chromium: started from the lobby against bots, played
through the table page on a phone (390x844) — discards by tapping tiles, a call from the
call window's buttons, passes — until a hand ends in a win or a draw; the same table is
looked at on a desktop (1280x800). Screenshots go to tests/e2e/artifacts/."""

import time

import pytest

from games import registry
from games.models import Table
from riichi.bots import choose_action
from tests.conftest import PASSWORD
from tests.e2e.pages import open_page, wait_for_version_after

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
engine = registry.get("riichi").engine
ARTIFACTS = "tests/e2e/artifacts"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def _tap_tile(page, cmd, tile):
    page.click(f"#t-rack form.mj-tap:has(input[name=cmd][value={cmd}]):has(input[name=tile][value='{tile}']) button")


def _wait_for_page_version(page, version, timeout=30):
    """Until the page shows this version of the table or a later one (the CSP forbids
    Playwright's evaluated predicates)."""
    deadline = time.monotonic() + timeout
    while int(page.locator("#t-version").get_attribute("value")) < version:
        assert time.monotonic() < deadline, f"the page did not reach version {version}"
        time.sleep(0.05)


def _click_answer(page, selector) -> bool:
    """Click a call window's button; False when the window closed first (it closes as soon
    as every seat that could call has answered, or after 8 s)."""
    from playwright.sync_api import TimeoutError as Timeout

    try:
        page.click(selector, timeout=3000)
    except Timeout:
        return False
    return True


def play_from_the_page(page, view: dict, rng, *, take_a_call: bool) -> tuple[bool, bool]:
    """The seat's next move through its page: in a call window a win when offered, else the
    first chi or pon when `take_a_call`, else a pass; on its turn what a normal bot would do.
    Returns (clicked, called): a call window may close before the click lands."""
    legal = view["legal_actions"]
    kinds = {a["type"] for a in legal}
    if "pass" in kinds:
        call = next((a for a in legal if a["type"] in ("chi", "pon")), None)
        if "ron" in kinds:
            return _click_answer(page, "#t-rack form:has(input[value=ron]) button"), False
        if call is not None and take_a_call:
            clicked = _click_answer(page, f"#t-rack form:has(input[name=kind][value={call['type']}])"
                                          f":has(input[name=tiles][value='{' '.join(call['tiles'])}']) button")
            return clicked, clicked
        return _click_answer(page, "#t-rack form:has(input[value=pass]) button"), False
    action = choose_action(view, "normal", rng)
    if action["type"] == "discard" and action.get("riichi"):
        page.click("#t-rack button[data-flag=riichi]")  # armed in the page: no frame
        page.wait_for_selector("#t-rack .mj-lit")
        _tap_tile(page, "riichi", action["tile"])
    elif action["type"] == "discard":
        _tap_tile(page, "discard", action["tile"])
    elif action["type"] == "kan":
        page.click("#t-rack form:has(input[name=cmd][value=kan]) button")
    else:
        page.click(f"#t-rack form:has(input[value={action['type']}]) button")
    return True, False


def _screens(browser, base_url, player, table, phone, name):
    phone.screenshot(path=f"{ARTIFACTS}/riichi-{name}-phone.png", full_page=True)
    desktop = open_page(browser, base_url, player, table.get_absolute_url(), DESKTOP)
    desktop.wait_for_selector("#t-board .mj-center")
    desktop.screenshot(path=f"{ARTIFACTS}/riichi-{name}-desktop.png", full_page=True)
    desktop.context.close()


def test_a_practice_hand_with_a_call_is_played_in_the_browser(daphne_server, beat, browser, django_user_model):
    import random

    rng = random.Random(1)
    player = django_user_model.objects.create_user("rin", password=PASSWORD)
    page = open_page(browser, daphne_server, player, "/lobby/", PHONE)
    page.select_option("#id_riichi-practice-strength", "beginner")
    page.click("text=Practice Riichi Mahjong")
    page.wait_for_selector("#t-rack .mj-tiles")
    table = Table.objects.get(created_by=player)
    assert table.game == "riichi" and table.status == Table.Status.PLAYING
    assert page.locator(".rules-panel summary").inner_text() == "Rules of Riichi Mahjong"
    assert page.locator("#t-rack .mj-tap:not([hidden]) .mj-tile-button").count() == 14  # the dealer's 13 and the draw

    called = ended = False
    shot_call = False
    give_up = time.monotonic() + 400
    while time.monotonic() < give_up:
        table.refresh_from_db()
        state = engine.from_json(table.snapshot)
        if state.phase == "round_over" or state.phase == "game_over":
            if called:
                ended = True
                break
            time.sleep(0.2)
            continue
        view = engine.view(state, "0")
        legal = view["legal_actions"]
        if not legal:
            time.sleep(0.05)
            continue
        _wait_for_page_version(page, table.version)
        if Table.objects.get(pk=table.pk).version != table.version:
            continue  # the bots or the clock moved on meanwhile (a call window closes at once
            # when the seats that could call have answered): look again
        offered = next((a for a in legal if a["type"] in ("chi", "pon")), None)
        if offered is not None and not called and not shot_call:
            page.screenshot(path=f"{ARTIFACTS}/riichi-call-window-phone.png", full_page=True)
            shot_call = True
        clicked, took = play_from_the_page(page, view, rng, take_a_call=not called)
        called = called or took
        if not clicked:
            continue
        try:
            wait_for_version_after(table.pk, table.version)
        except AssertionError as error:
            raise AssertionError(f"refused: {page.inner_text('#t-error')!r}") from error
    assert called and ended, "no call, or the hand did not end in time"

    page.wait_for_selector(".mj-result[open]")
    result = page.inner_text(".mj-result")
    assert "wins" in result or "draw" in result.lower()
    assert page.locator("#t-rack .mj-melds--mine .mj-meld, #t-seats .mj-melds--seat .mj-meld").count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    _screens(browser, daphne_server, player, table, page, "hand-over")
