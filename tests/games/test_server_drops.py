"""A seat whose pages went down with their server process, in the clock record (pure)."""

from games import clocks, server_drops

TIMING = clocks.Timing(resume_seconds=10)


def running(now: float) -> dict:
    clock = clocks.new_clock(TIMING, ("S", "E", "N", "W"))
    return clocks.after_action(clock, {"E": "play"}, None, now, TIMING, None)  # 45 s from now


def test_a_drop_freezes_every_clock_from_the_process_last_word():
    clock = server_drops.drop(running(100.0), "W", since=110.0)
    assert clock["paused"]["since"] == 110.0
    assert clock["paused"]["remaining"] == {"E": 35.0}
    assert clocks.due(clock, 1000.0, TIMING) is None  # no strike, no offline time, ever


def test_the_game_resumes_with_the_countdown_only_when_every_dropped_seat_is_back():
    clock = server_drops.drop(server_drops.drop(running(100.0), "W", 110.0), "S", 110.0)
    clock = clocks.connected(clock, "W", 130.0, TIMING)
    assert clock["resume_at"] is None
    clock = clocks.connected(clock, "S", 131.0, TIMING)
    assert clock["resume_at"] == 141.0
    clock = clocks.resume(clock, 141.0, TIMING)
    assert clock["decisions"]["E"]["deadline"] == 141.0 + 35.0


def test_a_drop_during_an_outage_already_given_back_is_paused_from_then():
    clock = server_drops.outage_shifted(clocks.shift(running(100.0), 60.0), now=170.0)
    clock = server_drops.drop(clock, "W", since=110.0)
    assert clock["paused"]["since"] == 170.0
    assert clock["paused"]["remaining"] == {"E": 35.0}  # 205 - 170: the outage charged nothing


def test_a_player_who_does_not_come_back_is_offline_from_when_the_service_was_back():
    clock = server_drops.service_back(server_drops.drop(running(100.0), "W", 110.0), now=150.0)
    assert server_drops.overdue(clock, 179.0, rejoin_seconds=30) == []
    assert server_drops.overdue(clock, 180.0, rejoin_seconds=30) == ["W"]
    clock = server_drops.left(clock, "W")
    assert clock["offline"] == {"W": 150.0} and clock["dropped"] == {}
    assert clock["paused"] is not None  # still paused, now for an offline player


def test_an_outage_shift_moves_the_rejoin_time_with_it():
    clock = server_drops.service_back(server_drops.drop(running(100.0), "W", 110.0), now=150.0)
    assert clocks.shift(clock, 20.0)["dropped"]["W"] == {"since": 110.0, "back": 170.0}
