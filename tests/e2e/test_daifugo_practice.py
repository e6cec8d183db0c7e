"""A practice game of Daifugo in real Chromium: one click in the lobby starts it against bots,
and the player plays through the table page until the first hand is over."""

import time

import pytest

from games import registry
from games.models import Table
from tests.conftest import PASSWORD
from tests.e2e.pages import click_cards, open_page, wait_for_version_after, wait_until_live

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


def wait_until_running(page, table):
    """Until the game runs (a seat whose page was not open yet paused it, and it starts again
    a countdown after the page came) and the page, live, shows the table as it is then."""
    wait_until_live(page)
    give_up = time.monotonic() + 60
    while (clock := Table.objects.get(pk=table.pk).clock or {}).get("paused") or clock.get("resume_at"):
        assert time.monotonic() < give_up, "the game did not start: the player's page never came"
        time.sleep(0.1)
    page.wait_for_selector(f"#t-version[value='{Table.objects.get(pk=table.pk).version}']", state="attached")


def test_a_practice_game_is_played_to_the_end_of_a_hand_in_the_browser(daphne_server, browser, django_user_model):
    player = django_user_model.objects.create_user("pia", password=PASSWORD)
    page = open_page(browser, daphne_server, player, "/lobby/")
    page.click(".practice--daifugo summary")  # the format options are folded
    page.select_option("#id_daifugo-practice-players", "5")
    page.select_option("#id_daifugo-practice-strength", "beginner")
    page.click("text=Practice Daifugo")
    page.wait_for_selector("#t-rack .hand")
    table = Table.objects.get(created_by=player)
    assert table.game == "daifugo" and table.status == Table.Status.PLAYING and table.seats.count() == 5
    assert page.locator(".rules-panel summary").inner_text() == "Rules of Daifugo"
    # A tap before the page's deferred scripts ran submits the form as a plain page request
    # (nothing reaches the socket): the likely cause of a pass that never arrived under load.
    wait_until_running(page, table)

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
            assert page.locator("#t-rack form:has(input[value=play]) button").is_disabled()
            checked_disabled = True
        action = _choose(view)
        if action["type"] == "pass":
            page.click("#t-rack form:has(input[value=pass]) button")
        else:
            click_cards(page, action["cards"])
            page.click("#t-rack form:has(input[value=play]) button:not([disabled])")
        try:
            wait_for_version_after(table.pk, table.version)
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


# Known defect, not yet fixed: a tap that lands while the hand is being redrawn goes to the
# replaced node and is lost (one fresh-clone run in three kept two cards chosen after they were
# tapped again). Marked so until static/js/pick.js keeps the choice through such a redraw.
def test_choosing_cards_sends_nothing_and_an_unplayable_choice_cannot_be_sent(daphne_server, browser,
                                                                              django_user_model):
    """The page chooses from the legal moves its hand carries: taps send no frame, a choice
    no rule allows leaves Play disabled and is not sent even when its form is submitted, and
    a legal one goes out as one frame naming its cards (Enter, from the keyboard)."""
    import json
    from itertools import combinations

    player = django_user_model.objects.create_user("tao", password=PASSWORD)
    page = open_page(browser, daphne_server, player, "/lobby/")
    sent = []


    def listen(socket):
        if "/ws/table/" in socket.url:
            socket.on("framesent", lambda payload: sent.append(json.loads(payload)))
    page.on("websocket", listen)
    page.click(".practice--daifugo summary")
    page.select_option("#id_daifugo-practice-strength", "beginner")
    page.click("text=Practice Daifugo")
    page.wait_for_selector("#t-rack .hand")
    table = Table.objects.get(created_by=player)
    wait_until_running(page, table)
    give_up = time.monotonic() + 120
    while True:  # until the player may lead or follow with a single
        assert time.monotonic() < give_up, "the player's turn did not come"
        table.refresh_from_db()
        view = engine.view(engine.from_json(table.snapshot), "1")
        legal = {" ".join(sorted(a["cards"])) for a in view["legal_actions"] if a["type"] == "play"}
        singles = [card for card in view["hand"] if card in legal]
        if view["turn"] == "1" and singles:
            break
        if view["turn"] == "1":  # nothing single to play: pass, and wait for the next turn
            page.wait_for_selector(f"#t-version[value='{table.version}']", state="attached")
            page.click("#t-rack form:has(input[value=pass]) button")
            wait_for_version_after(table.pk, table.version)
        else:
            time.sleep(0.05)  # the bots are thinking
    page.wait_for_selector(f"#t-version[value='{table.version}']", state="attached")
    play = page.locator("#t-rack form:has(input[value=play]) button")
    unplayable = next(pair for pair in combinations(view["hand"], 2) if " ".join(sorted(pair)) not in legal)
    before = len(sent)

    click_cards(page, unplayable)
    assert play.is_disabled()
    page.keyboard.press("Enter")
    page.locator("#t-rack form:has(input[value=play])").evaluate("form => form.requestSubmit()")
    for card in unplayable:  # tapped again: chosen no more
        page.click(f"#t-rack label:has(input[value='{card}'])")
    assert page.locator("#t-rack input[name=cards]:checked").count() == 0
    click_cards(page, [singles[0]])
    assert play.is_enabled()
    assert sent[before:] == []  # six taps, an Enter and a submitted form: not one frame
    page.locator(f"#t-rack input[value='{singles[0]}']").focus()
    page.keyboard.press("Enter")
    wait_for_version_after(table.pk, table.version)
    assert [(frame["cmd"], frame["cards"]) for frame in sent[before:]] == [("play", singles[0])]
    table.refresh_from_db()
    assert singles[0] not in engine.view(engine.from_json(table.snapshot), "1")["hand"]  # played


def test_a_tap_during_a_redraw_of_the_same_hand_still_chooses_the_card(daphne_server, browser,
                                                                       django_user_model):
    """A tap is a press and a release; a move at the table may redraw the hand between the
    two. The hand comes back with the same cards, so the tap must still choose its card (it
    was lost when the redraw replaced the card under the finger)."""
    player = django_user_model.objects.create_user("ute", password=PASSWORD)
    page = open_page(browser, daphne_server, player, "/lobby/")
    page.click(".practice--daifugo summary")
    page.select_option("#id_daifugo-practice-strength", "beginner")
    page.click("text=Practice Daifugo")
    page.wait_for_selector("#t-rack .hand")
    wait_until_running(page, Table.objects.get(created_by=player))
    # The hand as the server draws it, sent again as a move's redraw sends it.
    redraw = page.evaluate("""() => {
        const hand = document.getElementById("t-rack").cloneNode(true);
        hand.setAttribute("hx-swap-oob", "true");
        hand.querySelectorAll("input[name=cards]").forEach(box => box.removeAttribute("checked"));
        return hand.outerHTML;
    }""")
    label = page.locator("#t-rack label").first
    value = label.locator("input").get_attribute("value")
    box = label.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate("html => htmx.swap(document.body, html, {swapStyle: 'none'})", redraw)
    page.mouse.up()
    assert page.locator(f"#t-rack input[value='{value}']").is_checked()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # and taken back
    assert not page.locator(f"#t-rack input[value='{value}']").is_checked()
