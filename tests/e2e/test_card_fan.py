"""The fanned 14-card hand on a 360 px phone, in a real Chromium: it fits and it is kept as a
screenshot (tests/e2e/artifacts/fanned-hand.png) for people to look at."""

from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 360, "height": 740}


def _no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_fanned_hand_fits_a_phone_and_every_corner_shows(live_server, browser):
    page = browser.new_page(viewport=PHONE, device_scale_factor=2)
    broken = []
    page.on("response", lambda r: broken.append(r.url) if r.status >= 400 else None)
    page.goto(f"{live_server.url}/learn/tichu/")
    hand = page.locator("#step-deal .hand")
    hand.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    hand.screenshot(path=str(ARTIFACTS / "fanned-hand.png"))
    page.screenshot(path=str(ARTIFACTS / "two-minutes-page.png"), full_page=True)

    assert broken == []
    assert _no_sideways_scroll(page)
    cards = hand.locator("img.card")
    assert cards.count() == 14
    boxes = [cards.nth(i).bounding_box() for i in range(14)]
    # Every image loaded, is 44 px wide, and lies inside the phone's width.
    assert all(cards.nth(i).evaluate("img => img.complete && img.naturalWidth > 0") for i in range(14))
    assert [round(b["width"]) for b in boxes] == [44] * 14
    assert boxes[-1]["x"] + boxes[-1]["width"] <= PHONE["width"]
    # The next card leaves at least the left 13 px (the corner index) of each card uncovered.
    visible = [later["x"] - earlier["x"] for earlier, later in zip(boxes, boxes[1:])]
    assert min(visible) >= 13, visible
    page.close()


def test_every_learn_page_fits_a_phone(live_server, browser):
    page = browser.new_page(viewport=PHONE)
    too_wide = {}
    for path in ("/learn/", "/learn/tichu/rules/", "/learn/tichu/faq/", "/learn/daifugo/"):
        page.goto(f"{live_server.url}{path}")
        if not _no_sideways_scroll(page):
            too_wide[path] = page.evaluate(
                "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 360)"
                ".slice(0, 5).map(e => e.tagName + '.' + e.className)"
            )
    assert too_wide == {}
    page.close()
