"""Platform actions in the game (spec/platform.md "Clocks", "Vote-kicks", server problems)."""

from tichu.engine import replay

from .helpers import act, rejected, start


def test_strikes_are_counted_for_the_whole_game():
    state = act(act(start(), "E", "strike"), "E", "strike")
    assert state.strikes == (0, 2, 0, 0) and state.phase == "play"


def test_the_third_strike_expels_and_ends_the_game_as_an_abandonment():
    """platform.md: "The third strike expels the player at once and the game ends"."""
    state = start()
    for _ in range(3):
        state = act(state, "E", "strike")
    assert state.phase == "game_over" and state.winner == "NS"
    assert state.end == {"reason": "strikes", "seat": "E"}
    assert rejected(state, {"seat": "S", "type": "pass"}) == "game_over"


def test_an_expel_or_kick_ends_the_game_for_the_seats_team():
    """platform.md "Vote-kicks": scored as an abandonment by that player's team."""
    for kind in ("expel", "kick"):
        state = act(start(), "N", kind)
        assert state.winner == "EW" and state.end == {"reason": kind, "seat": "N"}


def test_running_out_of_reserve_time_loses_the_game():
    """platform.md "Reserve": when both are used up, that player's team loses."""
    state = act(start(), "W", "reserve_out")
    assert state.winner == "NS" and state.end["reason"] == "reserve_out"


def test_a_voided_game_has_no_winner():
    state = act(start(), None, "void")
    assert state.phase == "game_over" and state.winner is None


def test_replay_reports_how_a_game_ended_early():
    from tichu.engine import build_record
    record = build_record(act(start(), "E", "kick"))
    out = replay(record)
    assert out["ok"] and out["winner"] == "NS" and out["abandoned_by"] == "EW"
    assert out["end"] == {"reason": "kick", "seat": "E"} and "in_progress" not in out
    assert replay(build_record(act(start(), None, "void")))["voided"] is True
    assert replay(build_record(act(start(), "S", "reserve_out")))["lost_on_time"] == "NS"
