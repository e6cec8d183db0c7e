"""What a Riichi player reads off the table page, each through the page of a seated player:
the waits of a tenpai hand with how many of each are still unseen (from that seat's view
only), a furiten warning, each seat's wind on its pond, calls beside their owner's hand,
the riichi mark only while the riichi stands, the score differences in the centre, and the
score sheet of the finished hands."""

import re

import pytest
from django.conf import settings

from games import registry, snapshots
from riichi.engine.tiles import parse
from tests.riichi.conftest import seated_table, state_of

pytestmark = pytest.mark.django_db
engine = registry.get("riichi").engine


def tiles(text: str) -> list[int]:
    return [parse(code) for code in text.split()]


def _store(table, state):
    state.game.wall["dora"][0] = parse("6z")  # a dora indicator no test hand holds
    table.snapshot = snapshots.stored(engine, state)
    table.version += 1
    table.save(update_fields=["snapshot", "version"])


def _page(client, user, table) -> str:
    client.force_login(user)
    return client.get(table.get_absolute_url()).content.decode()


def _reading(page: str) -> str:
    match = re.search(r'<p class="mj-reading".*?</p>', page, re.S)
    return match.group(0) if match else ""


@pytest.fixture
def table(players, django_capture_on_commit_callbacks, monkeypatch):
    return seated_table(players, django_capture_on_commit_callbacks, monkeypatch)


def test_a_tenpai_hand_shows_its_wait_with_the_tiles_still_unseen(client, players, table):
    state = state_of(table)
    # seat 1 waits on 5m alone; it holds one, seat 2 discarded one: two are left unseen
    state.game.hands[1] = tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5m")
    state.game.river[2] = [[parse("5m"), False, False, False]]
    _store(table, state)
    reading = _reading(_page(client, players[1], table))
    assert 'alt="5 characters"' in reading and "×2" in reading
    assert "Furiten" not in reading
    assert _reading(_page(client, players[2], table)) == ""  # seat 2 is not tenpai


def test_a_wait_in_ones_own_pond_warns_of_furiten(client, players, table):
    state = state_of(table)
    state.game.hands[1] = tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2m 3m")
    state.game.river[1] = [[parse("4m"), False, False, False]]
    _store(table, state)
    reading = _reading(_page(client, players[1], table))
    assert re.findall(r'alt="(\d) characters".*?×(\d)', reading) == [("1", "3"), ("4", "3")]  # one held, one in the pond
    assert "Furiten: you cannot win on a discard" in reading


@pytest.mark.parametrize("flag", ["furiten_temp", "furiten_riichi"])
def test_a_winning_tile_let_pass_warns_of_furiten_on_that_seats_page_only(client, players, table, flag):
    state = state_of(table)
    state.game.hands[1] = tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5m")  # waits on 5m, none in its pond
    setattr(state.game, flag, [False, True, False, False])
    _store(table, state)
    assert "Furiten: you cannot win on a discard" in _reading(_page(client, players[1], table))
    assert "furiten" not in engine.view(state_of(table), None) and not engine.view(state_of(table), 2)["furiten"]


def test_each_pond_carries_its_seats_wind_and_the_centre_the_differences(client, players, table):
    state = state_of(table)
    state.game.scores = [33000, 25000, 20000, 22000]
    _store(table, state)
    page = _page(client, players[1], table)  # seat 1 is South, sitting at the bottom
    winds = re.findall(r'class="mj-pond mj-pond--(\w+)">.*?class="mj-pond-wind[^"]*" title="(\w+)', page, re.S)
    assert sorted(winds) == [("bottom", "South"), ("left", "East"), ("right", "West"), ("top", "North")], winds
    # each wind's kanji is drawn from an outline the site ships: many devices have no Japanese font
    marks = re.findall(r'class="mj-wind mj-wind--(\w+)" role="img" aria-label="(\w+)"', page)
    assert sorted(set(marks)) == [("east", "East"), ("north", "North"), ("south", "South"), ("west", "West")]
    assert len(marks) == 8 and not re.search("[\u4e00-\u9fff]", page)
    css = (settings.BASE_DIR / "riichi" / "static" / "riichi" / "riichi.css").read_text()
    for wind, _ in set(marks):
        assert f'.mj-wind--{wind} {{ -webkit-mask-image: url("winds/{wind}.svg")' in css
        assert (settings.BASE_DIR / "riichi" / "static" / "riichi" / "winds" / f"{wind}.svg").is_file()
    diffs = re.findall(r'mj-edge--(\w+)[^>]*>.*?mj-edge-score">(\d+)</span>(?:<span class="mj-edge-diff"[^>]*>([^<]+))?', page, re.S)
    assert sorted(diffs) == [("bottom", "25000", ""), ("left", "33000", "+8000"), ("right", "20000", "-5000"),
                             ("top", "22000", "-3000")]


def test_calls_lie_beside_their_owners_hand(client, players, table):
    state = state_of(table)
    pon = ["pon", tiles("7z 7z 7z"), parse("7z"), 3]
    state.game.melds[1] = [pon]
    state.game.hands[1] = tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 5m")
    _store(table, state)
    mine = _page(client, players[1], table)
    hand = mine[mine.index('id="t-rack"'):]
    assert hand.count('alt="Red dragon"') == 3 and "mj-melds--mine" in hand
    assert "mj-melds--seat" not in mine  # the viewer's own calls are not repeated at its seat
    other = _page(client, players[0], table)
    seat = other[other.index('data-position="1"'):]
    seat = seat[:seat.index("</div>")]
    assert seat.count('alt="Red dragon"') == 3 and seat.count("tile--sideways") == 1


def test_the_riichi_mark_goes_when_the_riichi_tile_itself_is_won_on(client, players, table):
    state = state_of(table)
    game = state.game
    # the dealer declares riichi with 9p; seat 1 wins on it with a white dragon set
    game.hands[0] = tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 2z 3z 9p")
    game.hands[1] = tiles("5z 5z 5z 2m 3m 4m 5p 6p 7p 3s 4s 5s 9p")
    game.drawn = parse("9p")
    _store(table, state)
    state, _ = engine.apply(state, {"type": "discard", "seat": "0", "tile": "9p", "riichi": True})
    _store(table, state)
    assert "RIICHI" in _page(client, players[2], table).upper()  # declared, the window open
    state, _ = engine.apply(state, {"type": "ron", "seat": "1"})
    for seat in ("2", "3"):
        if state.phase == "play":
            state, _ = engine.apply(state, {"type": "pass", "seat": seat})
    assert state.phase == "round_over"
    _store(table, state)
    page = _page(client, players[2], table)
    assert 'class="riichi-mark"' not in page


def test_the_score_sheet_lists_each_finished_hand(client, players, table):
    state = state_of(table)
    state.game.results = [{"result": "ron", "deltas": [-3900, 3900, 0, 0], "round": 0, "honba": 0, "sticks": 0},
                          {"result": "draw", "deltas": [1500, -1500, 1500, -1500], "round": 1, "honba": 0,
                           "sticks": 0},
                          {"result": "draw", "deltas": [1500, -1500, 1500, -1500], "round": 1, "honba": 1,
                           "sticks": 0}]
    _store(table, state)
    page = _page(client, players[0], table)
    sheet = page[page.index('id="t-score-sheet"'):]
    sheet = sheet[:sheet.index("</details>")]
    rows = re.findall(r"<tr><th scope=\"row\">([^<]+)<br><small>([^<]+)</small></th>(.*?)</tr>", sheet, re.S)
    assert [(n, kind) for n, kind, _ in rows] == [("East 1", "Ron"), ("East 2", "Draw"), ("East 2", "1 honba · Draw")]
    assert re.findall(r'sheet-total">(\d+)', rows[1][2]) == ["22600", "27400", "26500", "23500"]
    assert "(+3900)" in rows[0][2]


def test_at_the_end_the_score_sheet_lies_open_beside_the_final_standings(client, players, table):
    state = state_of(table)
    state.game.results = [{"result": "tsumo", "deltas": [-1000, 3000, -1000, -1000], "honba": 0, "sticks": 0}]
    state, _ = engine.apply(state, {"type": "expel", "seat": "3"})
    _store(table, state)
    page = _page(client, players[0], table)
    assert re.search(r'<details id="t-score-sheet" class="score-sheet mj-sheet" data-keep-open open', page)
    assert "Final standings" in page and 'class="game-result mj-over-table"' in page
    assert re.findall(r'sheet-total">(\d+)', page) == ["24000", "28000", "24000", "24000"]
