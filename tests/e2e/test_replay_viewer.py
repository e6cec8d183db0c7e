"""The replay viewer in real Chromium, at desktop and phone size: a finished Tichu game is
stepped through with the keys, the buttons, the slider, the hand picker and autoplay, and
every seat shows the hand the engine's replay of the record holds at that moment."""

import random
import re

import pytest

from games import registry, services, snapshots
from tests.e2e.contrast import assert_readable
from tests.games.conftest import four_players  # noqa: F401 — shared fixtures
from tests.replay.conftest import TICHU_SEATS, play_to_the_end, seated_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
engine = registry.get("tichu").engine
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def _states(record):
    """{(hand, step): state} of the whole record, folded by the engine here."""
    found, state = {}, None
    for h, entry in enumerate(record["hands"]):
        state = engine.new_game({"target": record["target"]}, entry["deal"]) if state is None else engine.next_hand(state, entry["deal"])
        found[h, 0] = state
        for s, action in enumerate(entry["actions"], 1):
            state, _ = engine.apply(state, action)
            found[h, s] = state
    return found


def _position(page):
    query = re.search(r"hand=(\d+)&step=(\d+)", page.url)
    return (int(query.group(1)) - 1, int(query.group(2))) if query else (0, 0)


def _shown(page):
    return {seat: [re.search(r"/([^/]+)\.svg$", src).group(1)
                   for src in page.locator(f".replay-table .seat[data-position={seat}] img").evaluate_all("els => els.map(e => e.getAttribute('src'))")]
            for seat in TICHU_SEATS}


def _check(page, states):
    at = _position(page)
    page.wait_for_selector(f"#replay[data-here$='hand={at[0] + 1}&step={at[1]}']", state="attached")
    assert _shown(page) == {seat: engine.view(states[at], seat)["hand"] for seat in TICHU_SEATS}
    return at


@pytest.fixture
def finished(four_players, monkeypatch):  # noqa: F811
    """Played before the browser starts: its after-commit messages need no running loop."""
    monkeypatch.setattr(services, "_system_random", random.Random(31))
    return play_to_the_end(seated_table(four_players, "tichu", {"target": 1000}, TICHU_SEATS), random.Random(31), hands=2)


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_game_is_stepped_through_in_the_browser(finished, daphne_server, browser, size):
    table = finished
    record = engine.build_record(snapshots.full_state(table))
    states = _states(record)
    page = browser.new_context(viewport=SIZES[size]).new_page()
    page.goto(f"{daphne_server}/replay/tables/{table.pk}/")
    assert _check(page, states) == (0, 0)
    page.screenshot(path=f"/tmp/replay-{size}-start.png", full_page=True)

    for expected in range(1, 6):  # the arrow key, one action at a time
        page.keyboard.press("ArrowRight")
        page.wait_for_url(re.compile(rf"step={expected}$"))
        assert _check(page, states) == (0, expected)
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"step=4$"))
    _check(page, states)

    page.click("[data-nav=next-clear]")  # the table clears
    page.wait_for_function("() => !document.querySelector('.replay-board .play-list') && location.search.includes('step=') && !location.search.endsWith('step=4')")
    _check(page, states)
    assert_readable(page)  # "No cards on the table." on the felt
    page.screenshot(path=f"/tmp/replay-{size}-trick.png", full_page=True)
    page.keyboard.press("ArrowRight")  # a play on the table: who played what, readable
    page.wait_for_selector(".replay-board .play-list")
    assert_readable(page)

    slider = page.locator("[data-slider]")
    slider.evaluate("(el) => { el.value = 40; el.dispatchEvent(new Event('change', {bubbles: true})); }")
    page.wait_for_url(re.compile(r"hand=1&step=40$"))
    assert _check(page, states) == (0, 40)
    page.screenshot(path=f"/tmp/replay-{size}-play.png", full_page=True)

    page.select_option("#replay-hand", "2")
    page.click(".replay-jump button")
    page.wait_for_url(re.compile(r"hand=2&step=0$"))
    assert _check(page, states) == (1, 0)

    page.select_option("[data-speed]", "400")
    page.click("[data-autoplay]")
    page.wait_for_url(re.compile(r"hand=2&step=3$"), timeout=20000)
    page.click("[data-autoplay]")
    stopped = _position(page)
    _check(page, states)
    page.wait_for_timeout(1200)  # paused: no further step is taken
    assert _position(page) == stopped

    page.goto(f"{daphne_server}/replay/tables/{table.pk}/?hand=3&step=1")  # a link names the moment
    assert _check(page, states) == (2, 1)
    assert "was expelled" in page.inner_text(".replay-status")
    page.screenshot(path=f"/tmp/replay-{size}-end.png", full_page=True)


@pytest.fixture
def reviewed(four_players, monkeypatch):  # noqa: F811
    """The crafted blunder of tests/replay/test_review.py, its review asked for on the page
    (the task runs at the commit, eagerly in tests)."""
    from django.test import Client

    from tests.tichu.test_review import crafted_table

    # Called Tichu first, so the lead is the one blunder (not calling is judged too).
    table = crafted_table(four_players, monkeypatch, ["mahjong"], call=True)
    client = Client()
    client.force_login(four_players[0])
    assert client.post(f"/replay/tables/{table.pk}/review/", {"seat": "S"}).status_code == 302
    return table, client.cookies["sessionid"].value


@pytest.mark.parametrize("size", SIZES)
def test_the_review_marks_the_blunder_in_the_replay(reviewed, daphne_server, browser, size):
    table, session = reviewed
    context = browser.new_context(viewport=SIZES[size])
    context.add_cookies([{"name": "sessionid", "value": session, "url": daphne_server}])
    page = context.new_page()
    page.goto(f"{daphne_server}/replay/tables/{table.pk}/?review=S")
    assert "1 marked move" in page.inner_text(".replay-review")
    page.click(".review-markers a")
    page.wait_for_selector(".review-marker-here")
    assert _position(page) == (0, 9)  # after the 4 Grand Tichu answers, 4 exchanges and the call
    assert "here the bot would have played" in page.inner_text(".review-marker-here")
    page.screenshot(path=f"/tmp/replay-{size}-review.png", full_page=True)
    page.keyboard.press("ArrowRight")  # the next moment has no marker, the review stays chosen
    page.wait_for_url(re.compile(r"step=10"))
    assert page.locator(".review-marker-here").count() == 0 and "review=S" in page.url


def _riichi_match() -> dict:
    """An east-only Riichi match played by bots on their own views, as a record."""
    from riichi import table_engine
    from riichi.bots import choose_action

    game, rng = registry.get("riichi"), random.Random(5)
    options = {key: game.default_options[key] for key in game.engine_options} | {"length": "east"}
    state = table_engine.new_game(options, table_engine.shuffled_deal(rng, True))
    while state.phase != "game_over":
        if state.phase == "round_over":
            state, _ = table_engine.apply(state, {"type": "next"})
        elif state.phase == "hand_over":
            state = table_engine.next_hand(state, table_engine.shuffled_deal(rng, True))
        else:
            seat = next(iter(game.pending_decisions(table_engine.view(state, None))))
            state, _ = table_engine.apply(state, choose_action(table_engine.view(state, seat), "normal", rng))
    return table_engine.build_record(state)


@pytest.mark.parametrize("size", SIZES)
def test_a_riichi_record_steps_in_place_readable_to_its_final_standings(daphne_server, browser, size):
    """Steps swap the board in without loading the page again; the table's middle and the
    final standings (with uma and oka) are readable."""
    import json

    from django.test import Client

    client = Client()
    record = json.dumps(_riichi_match()).encode()
    from django.core.files.uploadedfile import SimpleUploadedFile
    location = client.post("/replay/open/", {"record": SimpleUploadedFile("m.json", record)})["Location"]
    context = browser.new_context(viewport=SIZES[size])
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": daphne_server}])
    page = context.new_page()
    page.goto(f"{daphne_server}{location}?hand=1&step=20")
    page.wait_for_selector("#replay .mj-center")
    page.evaluate("window.sameDocument = true")
    # Each step is pressed before the last one settled, as a held arrow key does: htmx boosts
    # the links it swapped in only when it settles them.
    page.evaluate("htmx.config.defaultSettleDelay = 2000")
    for expected in (21, 22, 23):
        page.keyboard.press("ArrowRight")
        page.wait_for_url(re.compile(rf"step={expected}$"))
        page.wait_for_selector(f"#replay[data-here$='step={expected}']", state="attached")
    assert page.evaluate("window.sameDocument === true"), "a step loaded the whole page"
    page.screenshot(path=f"var/screenshots/replay-riichi-{size}.png", full_page=True)
    assert_readable(page)
    page.goto(f"{daphne_server}{location}?hand=99&step=9999")
    uma = page.locator(".mj-final .mj-uma")
    assert uma.count() == 4 and all(re.fullmatch(r"[+-]?\d+\.\d", text) for text in uma.all_inner_texts())
    page.screenshot(path=f"var/screenshots/replay-riichi-{size}-final.png", full_page=True)
    assert_readable(page)
    context.close()
