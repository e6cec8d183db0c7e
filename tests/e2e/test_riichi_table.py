"""The Riichi table as a Mahjong Soul or Tenhou player expects it, in real Chromium at a
desktop (1280x800), a phone held sideways (844x390) and a phone in portrait (390x844): a
practice hand some thirty discards in, on the player's turn. Measured with bounding boxes:
four ponds in rows of six round the centre panel, each read from its player's side; the
hand along the bottom with the drawn tile set apart; all of it on one screen without
scrolling; hand tiles at least 36 px wide and every button a 44 px target on a phone; the
differences to the player's score in the centre on hover; text readable (WCAG AA).
Screenshots go to var/screenshots/ for people to look at."""

import random

import pytest

from games import registry, services, snapshots
from games.models import Table
from riichi.bots import choose_action
from tests.e2e.contrast import assert_readable
from tests.e2e.test_table_layout import DESKTOP, PHONE, SHOTS, SMALL_WINDOW, Player, _boxes, shown_whole
from tests.e2e.pages import off_the_loop

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
engine = registry.get("riichi").engine
PLACES = ("bottom", "right", "top", "left")


def _mid_hand(state, rng, discards=30):
    """The hand played on by the bots' choices (the player's seat too) until `discards`
    tiles lie in the ponds, a call was made and it is the player's turn to discard; None
    when the hand ends before."""
    while state.phase == "play":
        mine = engine.view(state, "0")
        if (sum(len(river) for river in state.game.river) >= discards and any(state.game.melds)
                and any(a["type"] == "discard" for a in mine["legal_actions"])):
            return state
        public = engine.view(state, None)
        for seat in public["calling"] or [public["turn"]]:
            action = choose_action(engine.view(state, seat), "normal", rng)
            if action is not None:
                state, _ = engine.apply(state, action)
    return None


@pytest.fixture
def mid_hand_table(daphne_server, django_user_model, monkeypatch):
    user = django_user_model.objects.create_user("sora", password="pw-sora-12345")
    for seed in range(40):
        monkeypatch.setattr(services, "_system_random", random.Random(seed))
        table = off_the_loop(lambda: services.start_practice(user=user, game="riichi", options={}, strength="normal"))
        state = _mid_hand(engine.from_json(table.snapshot), random.Random(seed))
        if state is not None:
            Table.objects.filter(pk=table.pk).update(snapshot=snapshots.stored(engine, state), version=table.version + 1)
            table.refresh_from_db()
            return user, table
        Table.objects.filter(pk=table.pk).delete()
    raise AssertionError("no seed gave a hand with a call thirty discards in")


def _inside(box, viewport):
    return (box["x"] >= -0.5 and box["y"] >= -0.5 and box["x"] + box["width"] <= viewport["width"] + 0.5
            and box["y"] + box["height"] <= viewport["height"] + 0.5)


def _overlap(a, b) -> bool:
    return (a["x"] + a["width"] > b["x"] + 1 and b["x"] + b["width"] > a["x"] + 1
            and a["y"] + a["height"] > b["y"] + 1 and b["y"] + b["height"] > a["y"] + 1)


def assert_a_mahjong_table(page, viewport):
    """Four ponds round the centre, each turned to its player, none over another or the
    centre, every discard whole on screen."""
    center = _boxes(page, "#t-board .mj-center")[0]
    assert abs(center["width"] - center["height"]) <= 1, center  # the centre fills its square cell
    cx, cy = center["x"] + center["width"] / 2, center["y"] + center["height"] / 2
    ponds = {}
    for place in PLACES:
        tiles = _boxes(page, f"#t-board .mj-pond--{place} .mj-river li")
        assert len(tiles) >= 2, (place, tiles)
        for box in tiles:
            assert _inside(box, viewport), (place, box, viewport)
            assert not _overlap(box, center), (place, box, center)
        first, second = tiles[0], tiles[1]
        # the first discard nearest the centre, the next one to its player's right
        step = {"bottom": second["x"] - first["x"], "top": first["x"] - second["x"],
                "left": second["y"] - first["y"], "right": first["y"] - second["y"]}[place]
        assert step > 0, (place, first, second)
        ponds[place] = tiles
    first = {place: tiles[0] for place, tiles in ponds.items()}
    assert first["bottom"]["y"] > cy and first["top"]["y"] + first["top"]["height"] < cy
    assert first["left"]["x"] + first["left"]["width"] < cx and first["right"]["x"] > cx
    for place, tiles in ponds.items():
        for other, others in ponds.items():
            if other != place:
                assert not any(_overlap(a, b) for a in tiles[:12] for b in others[:12]), (place, other)


def assert_the_hand_along_the_bottom(page, viewport, phone):
    tiles = _boxes(page, "#t-rack .mj-tiles .mj-tap:not([hidden]) .mj-tile-button, #t-rack .mj-tiles .mj-tile-still:not([hidden])")
    drawn = _boxes(page, "#t-rack .mj-drawn .mj-tap:not([hidden]) .mj-tile-button")
    assert drawn and len(tiles) >= 5, (drawn, tiles)
    for box in tiles:
        assert _inside(box, viewport), (box, viewport)
        if phone:
            assert box["width"] >= 36 and box["height"] >= 44, box
    rest = [box for box in tiles if box != drawn[0]]
    last = max(rest, key=lambda b: (b["y"], b["x"]))
    assert drawn[0]["x"] - (last["x"] + last["width"]) >= 6, (last, drawn)  # set apart
    table = _boxes(page, "#t-board")[0]
    assert min(box["y"] for box in tiles) > table["y"] + table["height"] - 1, "the hand is not below the table"
    for box in _boxes(page, "#t-rack button"):
        if box not in tiles and box["width"]:
            assert box["height"] >= 44 and box["width"] >= 44, box
            assert _inside(box, viewport), (box, viewport)
            assert not any(_overlap(box, tile) for tile in tiles), ("a button over the hand", box)
    for box in _boxes(page, "#t-rack .mj-reading"):
        assert not any(_overlap(box, tile) for tile in tiles), ("the waits over the hand", box)


@pytest.mark.parametrize("size_name,size", [("desktop", DESKTOP), ("sideways", SMALL_WINDOW), ("portrait", PHONE)])
def test_the_riichi_table_is_a_mahjong_table_on_one_screen(mid_hand_table, daphne_server, browser, size_name, size):
    SHOTS.mkdir(parents=True, exist_ok=True)
    user, table = mid_hand_table
    player = Player(browser, daphne_server, user, table, size, game=engine, hand="#t-rack .mj-drawn")
    page, viewport = player.page, size["viewport"]
    page.wait_for_selector("#t-board .mj-center")
    page.screenshot(path=str(SHOTS / f"riichi-table-{size_name}.png"))
    assert_a_mahjong_table(page, viewport)
    assert_the_hand_along_the_bottom(page, viewport, phone=size_name != "desktop")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    # the table and the hand fill the first screen (chat and rules may follow below it)
    assert _inside(_boxes(page, ".table-main")[0], viewport), _boxes(page, ".table-main")
    assert_readable(page)
    # the centre: each seat's wind and score at its edge; hovered, the others' differences
    diffs = page.locator("#t-board .mj-edge-diff")
    assert diffs.count() == 3 and not diffs.first.is_visible()
    if size_name == "desktop":
        page.hover("#t-board .mj-center")
    else:
        page.locator("#t-board .mj-center").focus()
    for n in range(3):
        assert diffs.nth(n).is_visible()
    page.screenshot(path=str(SHOTS / f"riichi-table-{size_name}-differences.png"))
    assert_readable(page)
    assert player.errors == []
    player.context.close()


@pytest.mark.parametrize("size_name,size", [("desktop", DESKTOP), ("sideways", SMALL_WINDOW), ("portrait", PHONE)])
def test_a_waiting_riichi_table_and_a_spectator_see_the_table_whole(
        mid_hand_table, daphne_server, browser, django_user_model, size_name, size):
    """Before a hand is dealt the page shows the four seats and Ready, round the empty table
    where there is room for it (no centre yet); a spectator of a hand in play sees the ponds
    and the centre, and no hand."""
    viewport = size["viewport"]
    host = django_user_model.objects.create_user("kaito", password="pw-kaito-12345")
    waiting = off_the_loop(lambda: services.create_table(user=host, game="riichi", options={}))
    player = Player(browser, daphne_server, host, waiting, size, game=engine, hand="#t-seats .seat")
    page = player.page
    page.wait_for_selector("#t-seats form:has(input[value=ready]) button")
    page.screenshot(path=str(SHOTS / f"riichi-waiting-{size_name}.png"))
    assert page.locator("#t-board .mj-center").count() == 0
    plates = _boxes(page, "#t-seats .seat")
    assert len(plates) == 4 and all(_inside(box, viewport) for box in plates), plates
    assert _inside(_boxes(page, "#t-seats form:has(input[value=ready]) button")[0], viewport)
    assert_readable(page)
    assert player.errors == []
    player.context.close()

    _, table = mid_hand_table
    watcher = django_user_model.objects.create_user("yui", password="pw-yui-123456")
    spectator = Player(browser, daphne_server, watcher, table, size, game=engine, hand="#t-board .mj-center")
    page = spectator.page
    page.screenshot(path=str(SHOTS / f"riichi-spectator-{size_name}.png"))
    assert page.locator("#t-rack .mj-tiles").count() == 0 and page.locator("#t-board .mj-edge-diff").count() == 0
    assert_a_mahjong_table(page, viewport)
    assert_readable(page)
    assert spectator.errors == []
    spectator.context.close()


@pytest.mark.parametrize("size_name,size", [("desktop", DESKTOP), ("sideways", SMALL_WINDOW), ("portrait", PHONE)])
def test_the_final_standings_lie_over_the_table_with_the_score_sheet_open(
        mid_hand_table, daphne_server, browser, size_name, size):
    user, table = mid_hand_table
    state = engine.from_json(table.snapshot)
    state.game.results = [{"result": "ron", "deltas": [-2000, 2000, 0, 0], "honba": 0, "sticks": 0}]
    state, _ = engine.apply(state, {"type": "expel", "seat": "3"})
    Table.objects.filter(pk=table.pk).update(snapshot=snapshots.stored(engine, state), version=table.version + 1)
    table.refresh_from_db()
    player = Player(browser, daphne_server, user, table, size, game=engine, hand="#t-status .game-result")
    page, viewport = player.page, size["viewport"]
    page.screenshot(path=str(SHOTS / f"riichi-final-{size_name}.png"))
    standings = _boxes(page, "#t-status .game-result")[0]
    assert _inside(standings, viewport), standings
    assert page.locator(".mj-final tbody tr").count() == 4
    # the record, the Tenhou log and the replay, whole (at 844x390 they lay cut off in the box)
    assert shown_whole(page, "#t-status .game-result .button") >= 3
    assert page.locator("#t-score-sheet[open] tbody tr").count() == 1
    assert_readable(page)
    assert player.errors == []
    player.context.close()


def _last_move_of_the_hand(state, rng):
    """The hand played on by the bots' choices up to the move that ends it: the state before
    that move, and the move (with its seat)."""
    while True:
        public = engine.view(state, None)
        for seat in public["calling"] or [public["turn"]]:
            action = choose_action(engine.view(state, seat), "normal", rng)
            if action is None:
                continue
            after, _ = engine.apply(state, action)
            if after.phase != "play":
                return state, {**action, "seat": seat}
            state = after


@pytest.mark.parametrize("size_name,size", [("desktop", DESKTOP), ("sideways", SMALL_WINDOW), ("portrait", PHONE)])
def test_a_hands_result_lies_over_the_table_and_leaves_go_on_and_who_it_waits_for_free(
        mid_hand_table, daphne_server, browser, size_name, size):
    user, table = mid_hand_table
    before, last = _last_move_of_the_hand(engine.from_json(table.snapshot), random.Random(1))
    Table.objects.filter(pk=table.pk).update(snapshot=snapshots.stored(engine, before), version=table.version + 1)
    # The hand's last move through the write path, which opens the results window.
    off_the_loop(lambda: services.submit(table_id=table.pk, action=last, seat=str(last["seat"])))
    table.refresh_from_db()
    assert engine.from_json(table.snapshot).phase == "round_over"
    player = Player(browser, daphne_server, user, table, size, game=engine, hand="#t-status .mj-over-table")
    page, viewport = player.page, size["viewport"]
    page.screenshot(path=str(SHOTS / f"riichi-result-{size_name}.png"))
    result = _boxes(page, "#t-status .mj-over-table")[0]
    go_on = _boxes(page, "#t-go-on")[0]
    assert go_on["height"] > 0 and page.locator("#t-go-on button").count() == 1
    assert not _overlap(result, go_on), (result, go_on)
    assert _inside(_boxes(page, "#t-go-on button")[0], viewport)
    assert_readable(page)
    assert player.errors == []
    player.context.close()
