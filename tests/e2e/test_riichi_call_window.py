"""A call window on the Riichi table, the moment a player meets most often after a discard,
in Greek (the longest words of the three languages) at the three sizes. A sentence naming who
discarded once sat in the centre, and with a long name it spread over the edge scores and the
ponds at every size; the toggles laid over the hand's free cells spread over the felt's corner,
where a pond's third row runs, and at 844x390 over the player's own plate. Now the discard is
lit where it lies, the centre keeps inside its square, and the toggles keep beside the table
(behind one button where there is no room for them)."""

import pytest
from playwright.sync_api import expect

from games import registry
from riichi.bots import choose_action
from riichi.engine.tiles import parse
from tests.conftest import PASSWORD
from tests.e2e.moments import practice_table_at
from tests.e2e.pages import covered_parts
from tests.e2e.test_riichi_table import PLACES, _inside, _overlap
from tests.e2e.test_table_layout import DESKTOP, PHONE, SHOTS, SMALL_WINDOW, Player, _boxes, shown_whole

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
engine = registry.get("riichi").engine


def _played_on(state, rng, until, discards=12):
    """The hand played on by the bots' choices (the player passing its calls) until, `discards`
    tiles in, `until(state, public view)` gives something: that, or None if the hand ends
    first."""
    while state.phase == "play":
        public = engine.view(state, None)
        if sum(len(river) for river in state.game.river) >= discards and (found := until(state, public)) is not None:
            return found
        for seat in public["calling"] or [public["turn"]]:
            action = ({"type": "pass", "seat": "0"} if seat == "0" and public["calling"]
                      else choose_action(engine.view(state, seat), "normal", rng))
            if action is not None:
                state, _ = engine.apply(state, action)
    return None


def _a_call_for_the_player(table, state, rng):
    return _played_on(state, rng, lambda state, public: state if "0" in public["calling"] else None)


@pytest.fixture
def call_window(daphne_server, django_user_model, monkeypatch):
    user = django_user_model.objects.create_user("alexandra_papadopoulou", password=PASSWORD, language="el")
    table, state = practice_table_at(user, "riichi", _a_call_for_the_player, monkeypatch, strength="normal")
    return user, table, engine.view(state, None)["pending_discard"]


@pytest.mark.parametrize("size_name,size", [("desktop", DESKTOP), ("sideways", SMALL_WINDOW), ("portrait", PHONE)])
def test_a_call_window_lights_the_discard_and_covers_nothing(call_window, daphne_server, browser, size_name, size):
    user, table, pending = call_window
    player = Player(browser, daphne_server, user, table, size, game=engine, hand="#t-rack form:has(input[value=pass])")
    page, viewport = player.page, size["viewport"]
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"riichi-call-window-{size_name}.png"))

    place = PLACES[int(pending["from"])]  # the player sits at "0"
    lit = page.locator("#t-board .mj-pending-discard")
    expect(lit).to_have_count(1)
    assert lit.evaluate("(li, place) => li.closest('.mj-pond').classList.contains('mj-pond--' + place)", place)
    assert lit.evaluate("li => [...li.closest('.mj-pond').querySelectorAll('.mj-river li')].pop() === li")
    assert lit.locator("img").get_attribute("alt") == page.locator("#t-board .mj-pending img").get_attribute("alt")

    center = _boxes(page, "#t-board .mj-center")[0]
    for part in _boxes(page, "#t-board .mj-center > p:not(.mj-edge):not(.visually-hidden)"):
        assert _inside_box(part, center), (part, center)
    assert covered_parts(page, "#t-board .mj-edge-score") == []
    assert covered_parts(page, "#t-board .mj-center > p:not(.mj-edge):not(.visually-hidden)") == []

    felt = _boxes(page, "#t-board")[0]
    laid_over = "#t-rack .mj-toggles:not(:popover-open), #t-rack .mj-toggles-opener, #t-rack .mj-reading"
    for box in _boxes(page, laid_over):
        if box["width"] and size_name != "portrait":  # on a phone they follow the hand, below the table
            assert _inside(box, viewport), (box, viewport)
            assert not _overlap(box, felt), ("over the table", box, felt)
    assert covered_parts(page, ".seat--bottom .seat-name > *, .seat--bottom .seat-info > *") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    toggle = page.locator("#t-rack button[data-toggle=auto_discard]")
    if size_name == "sideways":
        assert not toggle.is_visible()
        page.click("#t-rack .mj-toggles-opener")
        expect(toggle).to_be_visible()
        assert _inside(_boxes(page, "#t-rack .mj-toggles")[0], viewport)
        page.screenshot(path=str(SHOTS / f"riichi-call-window-{size_name}-toggles.png"))
    toggle.click()
    expect(page.locator("#t-rack button[data-toggle=auto_discard]")).to_have_attribute("aria-pressed", "true")
    assert player.errors == []
    player.context.close()


def _inside_box(box, outer) -> bool:
    return (box["x"] >= outer["x"] - 0.5 and box["y"] >= outer["y"] - 0.5
            and box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5
            and box["y"] + box["height"] <= outer["y"] + outer["height"] + 0.5)


def _the_left_neighbour_discards_a_middle_tile(state, public):
    if public["calling"] or public["turn"] != "3":
        return None
    middle = [t for t in engine.view(state, "3")["hand"] if t[1] != "z" and t[0] in "34567"]
    return (state, middle[0]) if middle else None


def _three_chis_and_a_pon(table, state, rng):
    """A middle tile from the left, the player's hand set just before to hold both its
    neighbours on each side and a pair of it."""
    found = _played_on(state, rng, _the_left_neighbour_discards_a_middle_tile)
    if found is None:
        return None
    state, tile = found
    rank, suit = int(tile[0]), tile[1]
    held = [f"{rank + d}{suit}" for d in (-2, -1, 1, 2)] + [f"{rank}{suit}"] * 2 + "1z 1z 2z 3z 4z 5z 6z".split()
    state.game.hands[0] = [parse(code) for code in held[:len(state.game.hands[0])]]
    state, _ = engine.apply(state, {"type": "discard", "tile": tile, "seat": "3"})
    return state


@pytest.mark.parametrize("size_name,size", [("desktop", DESKTOP), ("sideways", SMALL_WINDOW), ("portrait", PHONE)])
def test_three_chis_and_a_pon_leave_the_hand_on_the_screen(daphne_server, browser, django_user_model, monkeypatch, size_name, size):
    """A middle tile from the left, held beside both its neighbours and as a pair: three ways
    to chi, a pon and Pass. At 844x390 the buttons wrapped to a second row and pushed the hand
    under the screen's edge."""
    user = django_user_model.objects.create_user("alexandra_papadopoulou", password=PASSWORD, language="el")
    table, state = practice_table_at(user, "riichi", _three_chis_and_a_pon, monkeypatch, strength="normal")
    kinds = sorted(a["type"] for a in engine.view(state, "0")["legal_actions"])
    assert kinds == ["chi", "chi", "chi", "pass", "pon"], kinds
    player = Player(browser, daphne_server, user, table, size, game=engine, hand="#t-rack form:has(input[value=pass])")
    page = player.page
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"riichi-three-chis-{size_name}.png"))
    assert shown_whole(page, "#t-rack .mj-controls button.mj-call") == 4
    if size_name != "portrait":  # a phone scrolls to its hand under the table
        assert shown_whole(page, "#t-rack .mj-tiles .mj-tile-still") == len(state.game.hands[0])
        assert shown_whole(page, "#t-rack form:has(input[value=pass]) button") == 1
    assert player.errors == []
    player.context.close()
