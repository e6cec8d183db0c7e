"""In real Chromium: the tab's title says "Your turn" while the table waits on the player, so a
player reading another tab sees it, and says the table's name alone once they have moved."""

import re

import pytest
from playwright.sync_api import expect

from games import registry, services
from tests.conftest import PASSWORD
from tests.e2e.pages import off_the_loop, open_page, wait_until_live

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
engine = registry.get("riichi").engine

# Every title the page takes, in order: a state that lasts one push is caught too.
RECORD_TITLES = """() => {
  window.titles = [document.title];
  new MutationObserver(() => window.titles.push(document.title))
    .observe(document.querySelector("title"), {childList: true, characterData: true, subtree: true});
}"""


def test_the_tab_title_says_your_turn_until_the_player_moves(daphne_server, browser, django_user_model):
    player = django_user_model.objects.create_user("rin", password=PASSWORD)
    table = off_the_loop(lambda: services.start_practice(user=player, game="riichi", options={}, strength="beginner"))
    seat = table.seats.get(user=player).position
    assert engine.view(engine.from_json(table.snapshot), seat)["turn"] == seat  # the dealer, to discard
    page = open_page(browser, daphne_server, player, table.get_absolute_url(), {"width": 1280, "height": 800})
    wait_until_live(page)
    expect(page).to_have_title(re.compile(rf"^Your turn · Table {table.pk} · Stich$"))

    page.evaluate(RECORD_TITLES)
    page.locator("#t-rack form.mj-tap:not([hidden]):has(input[name=cmd][value=discard]) button").first.click()
    page.wait_for_function("() => window.titles.some(title => !title.startsWith('Your turn'))")
    assert f"Table {table.pk} · Stich" in page.evaluate("() => window.titles")
    page.context.close()
