"""A Riichi match in the viewer, through the same Game contract: every round steps from its
deal to its result, each seat's tiles as that seat's own view shows them."""

import json
import random
import re
from collections import Counter

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games import registry
from riichi import table_engine
from riichi.bots import choose_action
from tests.replay.pages import nav_link, shown_hands

pytestmark = pytest.mark.django_db
SEATS = ("0", "1", "2", "3")


@pytest.fixture(scope="module")
def east_match() -> dict:
    """An east-only match played by bots on their own views, as the table would run it."""
    game = registry.get("riichi")
    rng = random.Random(5)
    options = {key: game.default_options[key] for key in game.engine_options} | {"length": "east"}
    state = table_engine.new_game(options, table_engine.shuffled_deal(rng, True))
    while state.phase != "game_over":
        if state.phase == "round_over":
            state, _ = table_engine.apply(state, {"type": "next"})
        elif state.phase == "hand_over":
            state = table_engine.next_hand(state, table_engine.shuffled_deal(rng, True))
        else:
            seat = next(seat for seat in game.pending_decisions(table_engine.view(state, None)))
            state, _ = table_engine.apply(state, choose_action(table_engine.view(state, seat), "normal", rng))
    return table_engine.build_record(state)


def test_a_riichi_match_steps_from_each_deal_to_the_final_scores(client, east_match):
    result = table_engine.replay(east_match)
    assert result["ok"] and "in_progress" not in result
    location = client.post("/replay/open/", {"record": SimpleUploadedFile("m.json", json.dumps(east_match).encode())})["Location"]
    for number, entry in enumerate(east_match["rounds"], 1):
        page = client.get(f"{location}?hand={number}&step=0").content.decode()
        shown = shown_hands(page)
        assert set(shown) == set(SEATS)
        for seat in SEATS:  # the 13 dealt tiles, and the dealer's first draw
            extra = Counter(shown[seat]) - Counter(entry["haipai"][seat])
            assert not Counter(entry["haipai"][seat]) - Counter(shown[seat]) and sum(extra.values()) <= 1
        page = client.get(nav_link(page, "next-step")).content.decode()
        assert "discards" in page or "wins by tsumo" in page or "nine terminals" in page
    last = client.get(f"{location}?hand={len(east_match['rounds'])}&step=9999").content.decode()
    assert "The match is over." in last
    for score in result["scores"]:
        assert f"<strong>{score}</strong>" in last
    # the final standings with each seat's result after uma and oka, as at the table
    shown = re.findall(r'<td class="mj-uma">([^<]+)</td>', last)
    assert sorted(shown) == sorted(f"{r:+.1f}" if r > 0 else f"{r:.1f}" for r in result["results"])
    assert sum(float(r) for r in shown) == pytest.approx(0)


def test_a_step_taken_on_the_page_draws_only_the_board(client, east_match):
    location = client.post("/replay/open/", {"record": SimpleUploadedFile("m.json", json.dumps(east_match).encode())})["Location"]
    whole = client.get(f"{location}?hand=1&step=3").content.decode()
    step = client.get(f"{location}?hand=1&step=3", HTTP_HX_REQUEST="true").content.decode()
    assert step.lstrip().startswith('<div id="replay"') and "<html" not in step
    board = whole[whole.index('<div id="replay"'):]
    assert shown_hands(step) == shown_hands(board) and len(shown_hands(step)) == 4
