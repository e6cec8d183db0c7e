"""A seat's views rebuilt from the match's record (riichi.mjai.history) tell an mjai bot the
same events as the views the seat had while the match was played, at any moment of it:
in a call window (with some passes given), between hands and at the end."""

import random

from riichi import engine
from riichi.bots import choose_action
from riichi.mjai.events import SeatStream
from riichi.mjai.history import seat_views


def _events(views, seat):
    stream = SeatStream(seat)
    return [event for view in views for event in stream.observe(view)]


def test_rebuilt_views_tell_the_same_events_as_the_views_seen_in_play():
    moments = set()
    for game in range(2):
        rng = random.Random(game)
        state = engine.new_game({"length": "east"}, engine.shuffled_deal(rng))
        seen = {seat: [engine.view(state, seat)] for seat in range(4)}
        while True:
            if rng.random() < 0.04 or state.phase == "game_over":
                moments.add(state.step if state.phase == "play" else state.phase)
                for seat in range(4):
                    rebuilt = seat_views(state, seat)
                    assert rebuilt[-1] == seen[seat][-1]
                    assert _events(rebuilt, seat) == _events(seen[seat], seat)
            if state.phase == "game_over":
                break
            if state.phase == "round_over":
                state = engine.next_hand(state, engine.shuffled_deal(rng))
            else:
                seat = next(s for s in range(4) if engine.view(state, s)["legal_actions"])
                state, _ = engine.apply(state, choose_action(engine.view(state, seat), "normal", rng) | {"seat": seat})
            for seat in range(4):
                seen[seat].append(engine.view(state, seat))
    assert {"calls", "discard", "round_over", "game_over"} <= moments
