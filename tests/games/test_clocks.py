"""The clock rules as pure functions of (clock, pending decisions, now): no database, no sleep.
The timing table here is a game's as the contract describes it (games.contract): decisions
with reserve-mode limits, one that simply closes on expiry, and a timed window."""

from games import clocks
from games.contract import Decision, TimingTable, Window

TABLE = TimingTable(
    decisions={"play": Decision(reserve_limit=30), "grand": Decision(reserve_limit=30),
               "exchange": Decision(reserve_limit=45), "gift": Decision(reserve_limit=20),
               "call": Decision(strike_limit=8, on_expiry={"type": "pass"})},
    windows={"bomb": Window(seconds=3, action={"type": "collect"})},
)
STRIKES = clocks.Timing(mode="strikes", table=TABLE)
RESERVE = clocks.Timing(mode="reserve", table=TABLE)
SEATS = ("S", "E", "N", "W")


def survives(seat, action):
    """The game's rule: a call, and another seat's simultaneous choice, leave a clock running."""
    return action["type"] == "call_out" or (action["type"] == "grand" and action["seat"] != seat)


def _started(timing, pending, now=1000.0):
    return clocks.after_action(clocks.new_clock(timing, SEATS), pending, None, now, timing, None)


def test_a_decision_with_its_own_expiry_action_times_out_without_a_strike():
    clock = _started(STRIKES, {"E": "call", "N": "call"})
    assert clocks.due(clock, 1007.9, STRIKES) is None
    assert clocks.due(clock, 1008.0, STRIKES) == ("timeout", "E")


def test_a_strikes_decision_falls_due_after_45_seconds_with_a_strike():
    clock = _started(STRIKES, {"S": "play"})
    assert clocks.due(clock, 1044.9, STRIKES) is None
    assert clocks.due(clock, 1045.0, STRIKES) == ("strike", "S")


def test_a_strike_gives_another_45_seconds_for_the_same_decision():
    clock = _started(STRIKES, {"S": "play"})
    clock = clocks.after_action(clock, {"S": "play"}, {"type": "strike", "seat": "S"}, 1045.0, STRIKES, None, survives)
    assert clock["decisions"]["S"]["deadline"] == 1090.0


def test_reserve_mode_uses_the_decision_limit_then_the_reserve():
    clock = _started(RESERVE, {"S": "play"})
    assert clock["decisions"]["S"]["deadline"] == 1000 + 30 + 60
    assert clocks.due(clock, 1089.9, RESERVE) is None
    assert clocks.due(clock, 1090.0, RESERVE) == ("reserve_out", "S")


def test_time_beyond_the_limit_comes_off_the_reserve_and_the_next_decision_has_less():
    clock = _started(RESERVE, {"S": "play"})
    clock = clocks.after_action(clock, {"E": "play"}, {"type": "play", "seat": "S"}, 1040.0, RESERVE, None, survives)
    assert clock["reserve"]["S"] == 50
    clock = clocks.after_action(clock, {"S": "play"}, {"type": "play", "seat": "W"}, 1100.0, RESERVE, None, survives)
    assert clock["decisions"]["S"]["deadline"] == 1100 + 30 + 50


def test_the_exchange_has_45_seconds_and_the_dragon_gift_20_in_reserve_mode():
    clock = _started(RESERVE, {"S": "exchange", "E": "gift"})
    assert clock["decisions"]["S"]["deadline"] - 1000 == 45 + 60
    assert clock["decisions"]["E"]["deadline"] - 1000 == 20 + 60


def test_simultaneous_decisions_all_run_and_one_choice_leaves_the_others_running():
    clock = _started(STRIKES, dict.fromkeys(SEATS, "grand"))
    clock = clocks.after_action(
        clock, {"E": "grand", "N": "grand", "W": "grand"}, {"type": "grand", "seat": "S", "call": False},
        1020.0, STRIKES, None, survives)
    assert {s: d["deadline"] for s, d in clock["decisions"].items()} == {"E": 1045, "N": 1045, "W": 1045}


def test_a_call_the_game_lets_survive_does_not_refresh_anyones_clock():
    clock = _started(STRIKES, {"S": "play"})
    clock = clocks.after_action(clock, {"S": "play"}, {"type": "call_out", "seat": "S"}, 1030.0, STRIKES, None, survives)
    assert clock["decisions"]["S"]["deadline"] == 1045


def test_a_timed_window_closes_after_its_seconds():
    timing = STRIKES
    clock = clocks.after_action(_started(timing, {"S": "play"}), {}, {"type": "pass", "seat": "W"}, 1010.0, timing, "bomb")
    assert clocks.due(clock, 1012.9, timing) is None
    assert clocks.due(clock, 1013.0, timing) == ("window", None)


def test_a_short_blip_never_pauses_the_game():
    clock = clocks.disconnected(_started(STRIKES, {"S": "play"}), "E", 1010.0)
    assert clocks.due(clock, 1012.0, STRIKES) is None
    clock = clocks.connected(clock, "E", 1012.0, STRIKES)
    assert clock["offline"] == {} and clock["paused"] is None
    assert clocks.due(clock, 1020.0, STRIKES) is None


def test_an_offline_player_pauses_the_game_from_the_moment_they_left():
    clock = clocks.disconnected(_started(STRIKES, {"S": "play"}), "E", 1010.0)
    assert clocks.due(clock, 1013.0, STRIKES) == ("pause", None)
    clock = clocks.pause(clock, STRIKES)
    assert clock["paused"]["remaining"] == {"S": 35.0}  # S had 35 s left when E went away
    assert clocks.due(clock, 1054.0, STRIKES) is None  # S's clock is stopped


def test_offline_strikes_come_every_45_seconds_and_expulsion_at_2_min_15():
    clock = clocks.pause(clocks.disconnected(_started(STRIKES, {"S": "play"}), "E", 1010.0), STRIKES)
    assert clocks.due(clock, 1054.9, STRIKES) is None
    assert clocks.due(clock, 1055.0, STRIKES) == ("offline_strike", "E")
    clock = clocks.note_offline_strike(clock, "E")
    assert clocks.due(clock, 1099.9, STRIKES) is None
    assert clocks.due(clock, 1100.0, STRIKES) == ("offline_strike", "E")
    clock = clocks.note_offline_strike(clock, "E")
    assert clocks.next_deadline(clock, STRIKES) == 1145.0
    assert clocks.due(clock, 1145.0, STRIKES) == ("expel", "E")


def test_when_everyone_is_back_a_10_second_countdown_then_the_times_left_continue():
    clock = clocks.pause(clocks.disconnected(_started(STRIKES, {"S": "play"}), "E", 1010.0), STRIKES)
    clock = clocks.connected(clock, "E", 1030.0, STRIKES)
    assert clock["resume_at"] == 1040.0
    assert clocks.due(clock, 1039.9, STRIKES) is None
    assert clocks.due(clock, 1040.0, STRIKES) == ("resume", None)
    clock = clocks.resume(clock, 1040.0, STRIKES)
    assert clock["decisions"]["S"]["deadline"] == 1040 + 35
    assert clock["paused"] is None


def test_an_outage_moves_every_running_time_on_by_the_gap():
    clock = clocks.disconnected(_started(STRIKES, {"S": "play"}), "E", 1010.0)
    shifted = clocks.shift(clock, 300.0)
    assert shifted["decisions"]["S"]["deadline"] == 1345
    assert shifted["offline"]["E"] == 1310
    assert clocks.due(shifted, 1312.0, STRIKES) is None


def test_the_functions_never_change_the_clock_they_are_given():
    clock = _started(STRIKES, {"S": "play"})
    snapshot = repr(clock)
    clocks.after_action(clock, {"E": "play"}, {"type": "play", "seat": "S"}, 1010.0, STRIKES, "bomb")
    clocks.pause(clocks.disconnected(clock, "E", 1010.0), STRIKES)
    clocks.shift(clock, 5)
    assert repr(clock) == snapshot
