"""A practice game of Daifugo in real Chromium: one click in the lobby starts it against bots,
and the player plays through the table page until the first hand is over."""

import time

import pytest

from games import registry
from games.models import Table
from tests.conftest import PASSWORD
from tests.e2e.test_table_play import _click_cards, _open, _wait_for_version_after

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
engine = registry.get("daifugo").engine


def _choose(view):
    """The lowest legal single, else the first legal play; a pass when following is dear."""
    plays = [a for a in view["legal_actions"] if a["type"] == "play"]
    singles = [a for a in plays if len(a["cards"]) == 1]
    if singles:
        return singles[0]
    if any(a["type"] == "pass" for a in view["legal_actions"]):
        return {"type": "pass"}
    return plays[0]


def test_a_practice_game_is_played_to_the_end_of_a_hand_in_the_browser(daphne_server, browser, django_user_model):
    player = django_user_model.objects.create_user("pia", password=PASSWORD)
    page = _open(browser, daphne_server, player, "/lobby/")
    page.click(".practice--daifugo summary")  # the format options are folded
    page.select_option("#id_daifugo-practice-players", "5")
    page.select_option("#id_daifugo-practice-strength", "beginner")
    page.click("text=Practice Daifugo")
    page.wait_for_selector("#t-hand .hand")
    table = Table.objects.get(created_by=player)
    assert table.game == "daifugo" and table.status == Table.Status.PLAYING and table.seats.count() == 5
    assert page.locator(".rules-panel summary").inner_text() == "Rules of Daifugo"

    give_up = time.monotonic() + 180
    checked_disabled = False
    while time.monotonic() < give_up:
        table.refresh_from_db()
        state = engine.from_json(table.snapshot)
        if state.results:
            break
        view = engine.view(state, "1")
        if view["turn"] != "1":
            time.sleep(0.05)  # the bots are thinking
            continue
        page.wait_for_selector(f"#t-version[value='{table.version}']", state="attached")
        if not checked_disabled:  # nothing selected: nothing to play
            assert page.locator("#t-hand form:has(input[value=play]) button").is_disabled()
            checked_disabled = True
        action = _choose(view)
        if action["type"] == "pass":
            page.click("#t-hand form:has(input[value=pass]) button")
        else:
            _click_cards(page, action["cards"])
            page.click("#t-hand form:has(input[value=play]) button:not([disabled])")
        try:
            _wait_for_version_after(table.pk, table.version)
        except AssertionError as error:
            raise AssertionError(f"{action} refused: {page.inner_text('#t-error')!r}") from error
    else:
        raise AssertionError("the hand did not end")

    page.wait_for_selector(".hand-result summary >> text=Result of hand 1", state="attached")
    assert page.locator("#t-seats .tag.title").count() == 5  # everyone has a title now
    assert page.locator(".hand-result table.places tbody tr").count() == 5
    page.screenshot(path="tests/e2e/artifacts/daifugo-after-hand.png", full_page=True)
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > 360.5)
        .map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right))
        .slice(0, 12)""")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, wide  # fits a phone
