"""The mjai stream of a seat, read off its views: a bot that follows the events alone knows
exactly what the seat's view shows, and never a tile hidden from that seat."""

import random

from hypothesis import example, given, settings, strategies as st

from riichi import engine
from riichi.mjai import MissedView, SeatStream, from_mjai, to_mjai

from .helpers import Tracker, hidden_reds, random_match, tiles_named


def test_every_tile_name_goes_to_mjai_and_back():
    ours = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]
    assert [to_mjai(t) for t in ["0m", "0p", "0s", "1z", "4z", "5z", "6z", "7z"]] == [
        "5mr", "5pr", "5sr", "E", "N", "P", "F", "C"]
    assert all(from_mjai(to_mjai(t)) == t for t in ours)
    assert len({to_mjai(t) for t in ours}) == len(ours)
    assert from_mjai("0m") is None and from_mjai("5z") is None and from_mjai(None) is None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 3), planted=st.integers(1, 3))
@example(seed=23329, seat=1, planted=3)  # an added kan told while its tile may still be robbed
def test_a_seats_events_rebuild_its_view_and_never_name_a_tile_hidden_from_it(seed, seat, planted):
    rng = random.Random(seed)
    owner = (seat + planted) % 4
    stream = SeatStream(seat)
    tracker = Tracker()
    told = []
    for state in random_match(rng, planted_in=owner):
        view = engine.view(state, seat)
        events = stream.observe(view)
        hidden = hidden_reds(state, seat)
        for event in events:
            assert not tiles_named(event) & hidden, (event, hidden)
            if event["type"] == "tsumo" and event["actor"] != seat:
                assert event["pai"] == "?"
            if event["type"] == "start_kyoku":
                assert all(tile == "?" for other in range(4) if other != seat for tile in event["tehais"][other])
            tracker.feed(event)
        told.extend(events)
        if state.phase == "play":
            tracker.check(view)
    kinds = [e["type"] for e in told]
    assert kinds[0] == "start_game" and kinds.count("start_kyoku") == kinds.count("end_kyoku")
    # every round ends with its outcome before end_kyoku
    for n, kind in enumerate(kinds):
        if kind == "end_kyoku":
            assert kinds[n - 1] in ("hora", "ryukyoku")


def test_the_planted_red_fives_reach_the_seat_once_they_are_played():
    """The check above can fail: the planted tiles do show up, but only once public."""
    shown_after_play = 0
    for seed in range(6):
        stream = SeatStream(0)
        for state in random_match(random.Random(seed), planted_in=1):
            for event in stream.observe(engine.view(state, 0)):
                if event.get("actor") == 1 and tiles_named(event) & {"5mr", "5pr", "5sr"}:
                    shown_after_play += 1
    assert shown_after_play > 0


def test_a_stream_refuses_another_seats_view_and_a_skipped_action():
    rng = random.Random(3)
    states = list(random_match(rng, rounds=1))
    stream = SeatStream(2)
    try:
        stream.observe(engine.view(states[0], 1))
    except ValueError:
        pass
    else:
        raise AssertionError("a seat's stream took another seat's view")
    stream.observe(engine.view(states[0], 2))
    discards_later = next(s for s in states[3:] if sum(len(r) for r in s.river) >= 3)
    try:
        stream.observe(engine.view(discards_later, 2))
    except MissedView:
        return
    raise AssertionError("a jump over several discards went unnoticed")
