"""The lobby and the home page in real Chromium: a visitor plays as a guest in one click, a
player finds a seat with "Play Tichu now", and the list shows who sits where. The pages are
kept as screenshots (tests/e2e/artifacts/lobby-*.png) at desktop and phone size."""

from pathlib import Path

import pytest
from django.test import Client

from accounts.models import User
from games import services
from games.models import Seat, Table
from ratings.models import Rating

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ARTIFACTS = Path(__file__).parent / "artifacts"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


@pytest.fixture
def tables(django_user_model):
    ann, ben, cat = (django_user_model.objects.create_user(name) for name in ("ann", "ben", "cat"))
    Rating.objects.create(user=ann, game_kind="tichu", value=1712, deviation=60, games=40)
    waiting = services.create_table(game="tichu", user=ann, options={})
    services.sit(table_id=waiting.pk, user=ben, position="N")
    practice = services.create_table(game="tichu", user=cat, options={"rated": False})
    Seat.objects.filter(table=practice, position__in=["E", "N"]).update(bot="expert")
    Table.objects.filter(pk=practice.pk).update(has_bots=True)
    return waiting


def _page(browser, base_url: str, size: dict, user=None):
    context = browser.new_context(**size)
    if user is not None:
        client = Client()
        client.force_login(user)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])
    return context.new_page()


def _fits_the_width(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("size_name", ["desktop", "phone"])
def test_a_visitor_plays_as_a_guest_in_one_click(tables, daphne_server, browser, size_name):
    size = DESKTOP if size_name == "desktop" else PHONE
    page = _page(browser, daphne_server, size)
    page.goto(daphne_server + "/")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lobby-home-{size_name}.png"), full_page=True)
    assert _fits_the_width(page)
    page.goto(daphne_server + "/lobby/")
    page.wait_for_selector("#lobby-connection:has-text('Live')")
    page.screenshot(path=str(ARTIFACTS / f"lobby-visitor-{size_name}.png"), full_page=True)
    assert _fits_the_width(page)
    rows = page.locator("#lobby-tables .table-row")
    assert rows.count() == 2
    assert "1712" in rows.filter(has_text="ann").inner_text()
    assert rows.filter(has_text="cat").locator(".lobby-seat--bot").count() == 2

    # The longest words (German, Greek) fit as well.
    for language in ("de", "el"):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": daphne_server}])
        page.goto(daphne_server + "/lobby/")
        page.screenshot(path=str(ARTIFACTS / f"lobby-visitor-{size_name}-{language}.png"), full_page=True)
        assert _fits_the_width(page), language
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": daphne_server}])
    page.goto(daphne_server + "/lobby/")
    page.locator(".practice--tichu button[type=submit]").click()
    page.wait_for_selector("#t-rack .hand")
    guest = User.objects.get(is_guest=True)
    table = Table.objects.get(created_by=guest)
    assert table.status == Table.Status.PLAYING and table.private and not table.rated
    page.screenshot(path=str(ARTIFACTS / f"lobby-guest-table-{size_name}.png"))
    if page.locator(".menu-toggle").is_visible():  # a narrow screen: the header's links are in its menu
        page.locator(".menu-toggle").click()
    assert page.locator(".keep-account").is_visible()


def test_play_tichu_now_finds_the_waiting_table(tables, daphne_server, browser, django_user_model):
    dan = django_user_model.objects.create_user("dan")
    page = _page(browser, daphne_server, PHONE, dan)
    page.goto(daphne_server + "/lobby/?game=tichu")
    page.wait_for_selector("#lobby-connection:has-text('Live')")
    page.screenshot(path=str(ARTIFACTS / "lobby-player-phone.png"), full_page=True)
    assert _fits_the_width(page)
    page.locator(".quick-play--tichu button[type=submit]").click()
    page.wait_for_selector("#t-seats")
    assert page.url.startswith(f"{daphne_server}/tables/{tables.pk}/")
    assert tables.seats.filter(user=dan).exists()

    # Back in the lobby: the way back to the table is the first thing on the page.
    desktop = _page(browser, daphne_server, DESKTOP, dan)
    desktop.goto(daphne_server + "/lobby/")
    desktop.wait_for_selector("#lobby-connection:has-text('Live')")
    assert desktop.locator(".lobby-seated a").get_attribute("href") == tables.get_absolute_url()
    assert "dan" in desktop.locator(f"#lobby-tables .table-row:has(a[href='{tables.get_absolute_url()}'])").inner_text()
    desktop.screenshot(path=str(ARTIFACTS / "lobby-player-desktop.png"), full_page=True)
