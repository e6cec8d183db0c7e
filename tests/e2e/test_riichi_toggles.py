"""The Riichi toggles in real Chromium: pressed on the table page of a practice game, lit at
once without a reload, and still pressed when the page is opened again (the account keeps
them). Screenshots go to tests/e2e/artifacts/."""

import pytest
from playwright.sync_api import expect

from games.models import Table
from riichi.models import Toggles
from tests.conftest import PASSWORD
from tests.e2e.test_riichi_practice import ARTIFACTS, DESKTOP, PHONE, _page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_toggle_pressed_at_the_table_lights_at_once_and_is_kept(daphne_server, beat, browser, django_user_model):
    player = django_user_model.objects.create_user("rin", password=PASSWORD)
    page = _page(browser, daphne_server, player, "/lobby/", PHONE)
    page.click("text=Practice Riichi Mahjong")
    page.wait_for_selector("#t-hand .mj-toggles")
    table = Table.objects.get(created_by=player)
    skip = page.locator("#t-hand button[data-toggle=skip_calls]")
    expect(skip).to_have_attribute("aria-pressed", "false")
    skip.click()
    expect(page.locator("#t-hand button[data-toggle=skip_calls]")).to_have_attribute("aria-pressed", "true")
    assert Toggles.objects.get(user=player).skip_calls
    page.screenshot(path=f"{ARTIFACTS}/riichi-toggles-phone.png", full_page=True)
    page.context.close()
    again = _page(browser, daphne_server, player, table.get_absolute_url(), DESKTOP)
    expect(again.locator("#t-hand button[data-toggle=skip_calls]")).to_have_attribute("aria-pressed", "true")
    expect(again.locator("#t-hand button[data-toggle=auto_win]")).to_have_attribute("aria-pressed", "false")
    again.screenshot(path=f"{ARTIFACTS}/riichi-toggles-desktop.png", full_page=True)
    again.context.close()
