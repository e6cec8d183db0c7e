"""Random legal play: it never crashes, keeps all 136 tiles, shows no hidden tile, survives
JSON, replays from its record, and apply accepts exactly what legal_actions lists."""

import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi.engine import (IllegalAction, apply, build_record, from_json, legal_actions, new_game,
                           next_hand, replay, shuffled_deal, to_json, view)
from riichi.engine.tiles import full_set, name, sort_key

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from riichi_throughput import random_choice  # noqa: E402

OPTIONS = st.fixed_dictionaries({
    "length": st.just("east"),
    "red_fives": st.booleans(),
    "kuitan": st.booleans(),
    "double_ron": st.booleans(),
    "kiriage": st.booleans(),
})


def all_tiles(state) -> Counter:
    tiles = Counter()
    for s in range(4):
        tiles.update(state.hands[s])
        for meld in state.melds[s]:
            tiles.update(meld[1])
        tiles.update(e[0] for e in state.river[s] if not e[3])
    wall = state.wall
    tiles.update(wall["draws"][state.draw_pos:])
    tiles.update(wall["rinshan"][state.kans:])
    tiles.update(wall["dora"] + wall["ura"])
    if state.step == "calls" and state.window["kind"] == "chankan":
        tiles[state.window["tile"]] += 1
    return tiles


def check_views(state):
    for seat in (0, 1, 2, 3, None):
        shown = view(state, seat)
        json.dumps(shown)
        assert not {"hands", "wall", "deal", "ura_indicators"} & set(shown)
        if seat is None:
            assert "hand" not in shown and "legal_actions" not in shown
        else:
            assert shown["hand"] == [name(t) for t in sorted(state.hands[seat], key=sort_key)]
            assert shown["legal_actions"] == legal_actions(state, seat)


def acting_seat(state):
    if state.step == "calls":
        return next(int(s) for s in state.window["options"] if s not in state.window["answers"])
    return state.turn


def check_refusals(state, seat, rng):
    others = [s for s in range(4) if not legal_actions(state, s)]
    if others:
        with pytest.raises(IllegalAction):
            apply(state, {"seat": rng.choice(others), "type": "discard", "tile": "1m"})
    missing = [t for t in full_set(True) if t not in state.hands[seat]]
    with pytest.raises(IllegalAction):
        apply(state, {"seat": seat, "type": "discard", "tile": name(rng.choice(missing))})


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_random_legal_play_keeps_every_invariant(seed, options):
    rng = random.Random(seed)
    state = new_game(options, shuffled_deal(rng, options["red_fives"]))
    expected = Counter(full_set(options["red_fives"]))
    step = 0
    while state.phase != "game_over":
        if state.phase == "round_over":
            state = next_hand(state, shuffled_deal(rng, options["red_fives"]))
            continue
        assert all_tiles(state) == expected
        seat = acting_seat(state)
        actions = legal_actions(state, seat)
        assert actions
        if step % 7 == 0:
            check_views(state)
            check_refusals(state, seat, rng)
            before = json.dumps(to_json(state))
            for action in rng.sample(actions, min(3, len(actions))):
                apply(state, action)
            assert json.dumps(to_json(state)) == before, "apply changed its input"
            copy = from_json(json.loads(json.dumps(to_json(state))))
            assert copy == state and legal_actions(copy, seat) == actions
        before = json.dumps(to_json(state)) if step % 7 == 3 else None
        new, _ = apply(state, random_choice(rng, actions))
        assert before is None or json.dumps(to_json(state)) == before, "apply changed its input"
        state = new
        step += 1
    assert sum(state.final["scores"]) == 100000
    assert round(sum(state.final["results"]), 1) == 0
    assert sorted(state.final["places"]) == [1, 2, 3, 4]
    out = replay(json.loads(json.dumps(build_record(state))))
    assert out == {"ok": True, "rounds": state.results, **state.final}
