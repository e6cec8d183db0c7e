"""The clock rules as pure functions of (clock, pending decisions, now): no database, no sleep.
The timing table here is a game's as the contract describes it (games.contract): decisions
with reserve-mode limits, one that simply closes on expiry, and a timed window."""

from games import clocks
from games.contract import Decision, TimingTable, Window

TABLE = TimingTable(
    decisions={"play": Decision(reserve_limit=30), "pick": Decision(reserve_limit=30),
               "exchange": Decision(reserve_limit=45), "gift": Decision(reserve_limit=20),
               "call": Decision(strike_limit=8, on_expiry={"type": "pass"})},
    windows={"raise": Window(seconds=3, action={"type": "close"})},
)
STRIKES = clocks.Timing(mode="strikes", table=TABLE)
RESERVE = clocks.Timing(mode="reserve", table=TABLE)
SEATS = ("A", "B", "C", "D")


def survives(seat, action):
    """The game's rule: a call, and another seat's simultaneous choice, leave a clock running."""
    return action["type"] == "call_out" or (action["type"] == "pick" and action["seat"] != seat)


def _started(timing, pending, now=1000.0):
    return clocks.after_action(clocks.new_clock(timing, SEATS), pending, None, now, timing, None)


def test_a_decision_with_its_own_expiry_action_times_out_without_a_strike():
    clock = _started(STRIKES, {"B": "call", "C": "call"})
    assert clocks.due(clock, 1007.9, STRIKES) is None
    assert clocks.due(clock, 1008.0, STRIKES) == ("timeout", "B")


def test_a_strikes_decision_falls_due_after_45_seconds_with_a_strike():
    clock = _started(STRIKES, {"A": "play"})
    assert clocks.due(clock, 1044.9, STRIKES) is None
    assert clocks.due(clock, 1045.0, STRIKES) == ("strike", "A")


def test_a_strike_gives_another_45_seconds_for_the_same_decision():
    clock = _started(STRIKES, {"A": "play"})
    clock = clocks.after_action(clock, {"A": "play"}, {"type": "strike", "seat": "A"}, 1045.0, STRIKES, None, survives)
    assert clock["decisions"]["A"]["deadline"] == 1090.0


def test_reserve_mode_uses_the_decision_limit_then_the_reserve():
    clock = _started(RESERVE, {"A": "play"})
    assert clock["decisions"]["A"]["deadline"] == 1000 + 30 + 60
    assert clocks.due(clock, 1089.9, RESERVE) is None
    assert clocks.due(clock, 1090.0, RESERVE) == ("reserve_out", "A")


def test_time_beyond_the_limit_comes_off_the_reserve_and_the_next_decision_has_less():
    clock = _started(RESERVE, {"A": "play"})
    clock = clocks.after_action(clock, {"B": "play"}, {"type": "play", "seat": "A"}, 1040.0, RESERVE, None, survives)
    assert clock["reserve"]["A"] == 50
    clock = clocks.after_action(clock, {"A": "play"}, {"type": "play", "seat": "D"}, 1100.0, RESERVE, None, survives)
    assert clock["decisions"]["A"]["deadline"] == 1100 + 30 + 50


def test_the_exchange_has_45_seconds_and_the_dragon_gift_20_in_reserve_mode():
    clock = _started(RESERVE, {"A": "exchange", "B": "gift"})
    assert clock["decisions"]["A"]["deadline"] - 1000 == 45 + 60
    assert clock["decisions"]["B"]["deadline"] - 1000 == 20 + 60


def test_simultaneous_decisions_all_run_and_one_choice_leaves_the_others_running():
    clock = _started(STRIKES, dict.fromkeys(SEATS, "pick"))
    clock = clocks.after_action(
        clock, {"B": "pick", "C": "pick", "D": "pick"}, {"type": "pick", "seat": "A", "n": 1},
        1020.0, STRIKES, None, survives)
    assert {s: d["deadline"] for s, d in clock["decisions"].items()} == {"B": 1045, "C": 1045, "D": 1045}


def test_a_call_the_game_lets_survive_does_not_refresh_anyones_clock():
    clock = _started(STRIKES, {"A": "play"})
    clock = clocks.after_action(clock, {"A": "play"}, {"type": "call_out", "seat": "A"}, 1030.0, STRIKES, None, survives)
    assert clock["decisions"]["A"]["deadline"] == 1045


def test_a_timed_window_closes_after_its_seconds():
    timing = STRIKES
    clock = clocks.after_action(_started(timing, {"A": "play"}), {}, {"type": "pass", "seat": "D"}, 1010.0, timing, "raise")
    assert clocks.due(clock, 1012.9, timing) is None
    assert clocks.due(clock, 1013.0, timing) == ("window", None)


def test_a_short_blip_never_pauses_the_game():
    clock = clocks.disconnected(_started(STRIKES, {"A": "play"}), "B", 1010.0)
    assert clocks.due(clock, 1012.0, STRIKES) is None
    clock = clocks.connected(clock, "B", 1012.0, STRIKES)
    assert clock["offline"] == {} and clock["paused"] is None
    assert clocks.due(clock, 1020.0, STRIKES) is None


def test_an_offline_player_pauses_the_game_from_the_moment_they_left():
    clock = clocks.disconnected(_started(STRIKES, {"A": "play"}), "B", 1010.0)
    assert clocks.due(clock, 1013.0, STRIKES) == ("pause", None)
    clock = clocks.pause(clock, STRIKES)
    assert clock["paused"]["remaining"] == {"A": 35.0}  # A had 35 s left when B went away
    assert clocks.due(clock, 1054.0, STRIKES) is None  # A's clock is stopped


def test_offline_strikes_come_every_45_seconds_and_expulsion_at_2_min_15():
    clock = clocks.pause(clocks.disconnected(_started(STRIKES, {"A": "play"}), "B", 1010.0), STRIKES)
    assert clocks.due(clock, 1054.9, STRIKES) is None
    assert clocks.due(clock, 1055.0, STRIKES) == ("offline_strike", "B")
    clock = clocks.note_offline_strike(clock, "B")
    assert clocks.due(clock, 1099.9, STRIKES) is None
    assert clocks.due(clock, 1100.0, STRIKES) == ("offline_strike", "B")
    clock = clocks.note_offline_strike(clock, "B")
    assert clocks.next_deadline(clock, STRIKES) == 1145.0
    assert clocks.due(clock, 1145.0, STRIKES) == ("expel", "B")


def test_when_everyone_is_back_a_10_second_countdown_then_the_times_left_continue():
    clock = clocks.pause(clocks.disconnected(_started(STRIKES, {"A": "play"}), "B", 1010.0), STRIKES)
    clock = clocks.connected(clock, "B", 1030.0, STRIKES)
    assert clock["resume_at"] == 1040.0
    assert clocks.due(clock, 1039.9, STRIKES) is None
    assert clocks.due(clock, 1040.0, STRIKES) == ("resume", None)
    clock = clocks.resume(clock, 1040.0, STRIKES)
    assert clock["decisions"]["A"]["deadline"] == 1040 + 35
    assert clock["paused"] is None


def test_an_outage_moves_every_running_time_on_by_the_gap():
    clock = clocks.disconnected(_started(STRIKES, {"A": "play"}), "B", 1010.0)
    shifted = clocks.shift(clock, 300.0)
    assert shifted["decisions"]["A"]["deadline"] == 1345
    assert shifted["offline"]["B"] == 1310
    assert clocks.due(shifted, 1312.0, STRIKES) is None


def test_the_functions_never_change_the_clock_they_are_given():
    clock = _started(STRIKES, {"A": "play"})
    snapshot = repr(clock)
    clocks.after_action(clock, {"B": "play"}, {"type": "play", "seat": "A"}, 1010.0, STRIKES, "raise")
    clocks.pause(clocks.disconnected(clock, "B", 1010.0), STRIKES)
    clocks.shift(clock, 5)
    assert repr(clock) == snapshot
