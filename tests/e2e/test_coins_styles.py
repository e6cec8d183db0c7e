"""Coins in real Chromium: a player's browser sends its time zone, the player checks in, buys a
felt in the shop, picks it for Tichu on the profile, and another player sees it at the
player's seat."""

import time

import pytest

from coins import staff
from coins.models import Wallet
from games import services
from tests.conftest import PASSWORD
from tests.e2e.pages import off_the_loop

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARTIFACTS = "tests/e2e/artifacts"
FELT_AT = """position => {
  const box = document.querySelector(`#t-seats .seat[data-position='${position}']`);
  return !!box && getComputedStyle(box).backgroundImage.includes("radial-gradient");
}"""


def _page(browser, base_url, user, viewport, zone="UTC"):
    from django.test import Client

    context = browser.new_context(viewport=viewport, timezone_id=zone)
    client = Client()
    client.force_login(user)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])
    return context.new_page()


def _wait_for_zone(user, zone: str, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if Wallet.objects.filter(user=user, time_zone=zone).exists():
            return
        time.sleep(0.1)
    raise AssertionError("the browser's zone never arrived")


def test_check_in_buy_a_felt_and_another_player_sees_it_at_the_table(daphne_server, browser, django_user_model):
    pia = django_user_model.objects.create_user("pia", password=PASSWORD)
    bob = django_user_model.objects.create_user("bob", password=PASSWORD)
    sam = django_user_model.objects.create_superuser("sam", password=PASSWORD)
    desktop = {"width": 1280, "height": 800}
    page = _page(browser, daphne_server, pia, desktop, zone="Europe/Athens")
    page.goto(daphne_server + "/styles/")
    _wait_for_zone(pia, "Europe/Athens")
    assert page.locator(".site-header .coin-count").inner_text() == "0 coins"

    page.click("text=Check in: +20 coins")
    page.wait_for_selector(".message >> text=Checked in: +20 coins. Streak: 1 day.")
    assert page.locator(".site-header .coin-count").inner_text() == "20 coins"
    page.click("[data-style='back-lacquer'] button")  # 30 coins: too dear yet
    page.wait_for_selector(".message >> text=You do not have enough coins for this style.")
    page.click("[data-style='felt-moss'] button")
    page.wait_for_selector(".message >> text=Moss felt is yours. Choose where it shows on your profile.")
    assert page.locator(".site-header .coin-count").inner_text() == "0 coins"
    page.screenshot(path=f"{ARTIFACTS}/coins-shop-desktop.png", full_page=True)

    off_the_loop(lambda: staff.grant_style(user=pia, key="back-lacquer", by=sam, why="beta tester"))
    page.click("text=Choose your styles on your profile")
    page.select_option("#coin-tichu-felt", "felt-moss")
    page.select_option("#coin-tichu-card_back", "back-lacquer")
    page.click("form[data-game='tichu'] button")
    page.wait_for_selector(".message >> text=Your styles for Tichu are saved.")
    page.screenshot(path=f"{ARTIFACTS}/coins-profile-desktop.png", full_page=True)

    table = off_the_loop(lambda: services.create_table(user=pia, game="tichu", options={}))
    off_the_loop(lambda: services.sit(table_id=table.pk, user=bob, position="E"))
    for name, viewport in (("desktop", desktop), ("phone", {"width": 390, "height": 844})):
        other = _page(browser, daphne_server, bob, viewport)
        other.goto(daphne_server + table.get_absolute_url())
        seat = other.locator("#t-seats .seat[data-position='S']")
        seat.locator(".seat-look.coin-felt-moss.coin-back-lacquer svg[aria-label='Lacquer red']").wait_for()
        # The socket redraws the seats once it connects: wait for the drawn felt, not one read.
        other.wait_for_function(FELT_AT, arg="S")
        assert not other.evaluate(FELT_AT, "E")
        other.screenshot(path=f"{ARTIFACTS}/coins-table-{name}.png", full_page=True)

    phone = _page(browser, daphne_server, pia, {"width": 390, "height": 844})
    phone.goto(daphne_server + "/styles/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=f"{ARTIFACTS}/coins-shop-phone.png", full_page=True)


@pytest.fixture
def pia_with_night_faces(transactional_db, django_user_model):
    """A player who was granted the night face colours, and the staff member who granted them."""
    pia = django_user_model.objects.create_user("pia", password=PASSWORD)
    sam = django_user_model.objects.create_superuser("sam", password=PASSWORD)
    staff.grant_style(user=pia, key="face-night", by=sam, why="beta tester")
    return pia, sam


def test_a_players_own_face_colours_show_on_their_page_only(pia_with_night_faces, daphne_server, browser):
    pia, sam = pia_with_night_faces
    page = _page(browser, daphne_server, pia, {"width": 1280, "height": 800})
    page.goto(daphne_server + f"/players/{pia.username}/")
    page.select_option("#coin-tichu-face_theme", "face-night")
    page.click("form[data-game='tichu'] button")
    page.wait_for_selector(".message >> text=Your styles for Tichu are saved.")
    page.goto(daphne_server + "/lobby/")
    page.click("text=Practice Tichu")
    page.wait_for_selector("#t-rack img.card")
    page.wait_for_function("""() => getComputedStyle(document.querySelector("#t-rack img.card")).filter
                              .includes("invert")""")
    page.screenshot(path=f"{ARTIFACTS}/coins-face-theme-desktop.png")
    table_url = page.url

    other = _page(browser, daphne_server, sam, {"width": 390, "height": 844})
    other.goto(table_url)
    other.wait_for_selector("#t-seats")
    assert other.locator(".coin-face-night").count() == 0
