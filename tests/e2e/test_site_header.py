"""The site header in real Chromium: one row at every size, nothing cut at the right edge and no
sideways scrolling. On a phone (390x844, touch) and in a small window (844x390) the links and
the language switch fold into a menu that a tap opens; every entry in it is whole on screen
and a 44 px target, and Escape or a tap elsewhere closes it. On a desktop they all show in the
row. Screenshots go to var/screenshots/."""

from pathlib import Path

import pytest
from django.test import Client

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
SMALL_WINDOW = {"viewport": {"width": 844, "height": 390}}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
# Everything a signed-in player's header holds: the links, the coin balance, the name, log out
# and the three languages.
ENTRIES = ".site-nav a, .site-nav button, .language-switch button"


def _page(browser, base_url, user, size):
    context = browser.new_context(**size)
    client = Client()
    client.force_login(user)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url + "/lobby/")
    return page, errors


def _boxes(page, selector):
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
             .filter(e => e.offsetParent !== null)
             .map(e => { const r = e.getBoundingClientRect();
                         return {text: e.innerText.trim(), x: r.x, right: r.right, y: r.y, bottom: r.bottom,
                                 height: r.height}; })""",
        selector,
    )


def _all_whole_on_screen(page, boxes):
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    cut = [b for b in boxes if b["x"] < 0 or b["right"] > width + 0.5 or b["y"] < 0 or b["bottom"] > height + 0.5]
    assert cut == [], cut


def _one_row_without_sideways_scroll(page):
    header = page.locator(".site-header").bounding_box()
    assert header["height"] <= 60, header
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    _all_whole_on_screen(page, _boxes(page, ".site-header > a, .site-header > button"))


@pytest.mark.parametrize("size_name, size", [("phone", PHONE), ("small-window", SMALL_WINDOW)])
def test_on_a_narrow_screen_the_header_folds_into_a_menu_that_shows_every_entry_whole(
        daphne_server, browser, alice, size_name, size):
    page, errors = _page(browser, daphne_server, alice, size)
    _one_row_without_sideways_scroll(page)
    assert _boxes(page, ENTRIES) == []  # folded away, not cut off
    toggle = page.locator(".menu-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"

    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    shown = _boxes(page, ENTRIES)
    assert {"Lobby", "Learn", "Leaderboard", "alice", "Log out", "EN", "DE", "EL"} <= {b["text"] for b in shown}
    _all_whole_on_screen(page, shown)
    assert [b for b in shown if b["height"] < 44] == []
    page.screenshot(path=str(SHOTS / f"header-{size_name}-menu.png"))

    page.keyboard.press("Escape")
    assert _boxes(page, ENTRIES) == []
    toggle.click()
    page.locator("main").click(position={"x": 3, "y": 3})  # elsewhere: the page's margin
    assert _boxes(page, ENTRIES) == []

    toggle.click()
    page.locator(".site-nav a", has_text="Leaderboard").click()
    page.wait_for_url("**/leaderboard/")
    _one_row_without_sideways_scroll(page)
    assert errors == []


def test_on_a_desktop_every_entry_shows_in_the_row(daphne_server, browser, alice):
    page, errors = _page(browser, daphne_server, alice, DESKTOP)
    _one_row_without_sideways_scroll(page)
    assert not page.locator(".menu-toggle").is_visible()
    shown = _boxes(page, ENTRIES)
    assert {"Lobby", "Learn", "Leaderboard", "alice", "Log out", "EN", "DE", "EL"} <= {b["text"] for b in shown}
    _all_whole_on_screen(page, shown)
    header = page.locator(".site-header").bounding_box()
    assert all(b["bottom"] <= header["y"] + header["height"] + 0.5 for b in shown)
    page.screenshot(path=str(SHOTS / "header-desktop.png"))
    assert errors == []
