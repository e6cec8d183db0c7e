"""mjai bots as processes at our tables: whole matches through the engine, the reach that
mjai declares in two steps, and bots that answer garbage, hang or die mid-hand."""

import logging
import random
import shlex
import sys
from collections import Counter
from pathlib import Path

import pytest

from riichi import engine
from riichi.mjai import BotProcess, MjaiSeat, OwnBot, command_seat, play_match

from .helpers import deal_with

BOT = [sys.executable, str(Path(__file__).with_name("mjai_test_bot.py"))]


def mjai_seat(seat, *args, timeout=30.0):
    return MjaiSeat(seat, BotProcess(BOT + list(args), timeout=timeout))


def replayed_scores(state):
    result = engine.replay(engine.build_record(state))
    assert result["ok"], result
    return result["scores"]


def test_four_mjai_bots_play_a_whole_match_that_replays_to_its_scores():
    command = f"{shlex.quote(BOT[0])} {shlex.quote(BOT[1])} --mode tsumogiri --seat {{seat}}"
    players = [command_seat(seat, command, timeout=30.0) for seat in range(4)]
    state = play_match(players, random.Random(11), {"length": "east"})
    assert state.phase == "game_over"
    assert replayed_scores(state) == state.final["scores"]
    assert [p.defaults for p in players] == [0, 0, 0, 0]
    assert all(p.process.starts == 1 and not p.process.running for p in players)
    told = players[2].history
    assert told[0] == {"type": "start_game", "id": 2, "names": ["0", "1", "2", "3"]}
    assert told[-1] == {"type": "end_game"}
    for event in told:
        if event["type"] == "start_kyoku":
            assert all(tile == "?" for seat in (0, 1, 3) for tile in event["tehais"][seat])
            assert "?" not in event["tehais"][2] and len(event["tehais"][2]) == 13
        if event["type"] == "tsumo":
            assert (event["pai"] == "?") == (event["actor"] != 2)


def test_mjai_bots_declare_riichi_in_two_steps_at_a_table_with_our_bots():
    rng = random.Random(4)
    players = [mjai_seat(0, "--mode", "reach"), OwnBot("normal", rng), mjai_seat(2, "--mode", "reach"),
               OwnBot("expert", rng)]
    # tenpai from the deal on, so that playing the drawn tile keeps it tenpai: riichi is legal
    tenpai = {0: ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "9s"],
              2: ["2s", "3s", "4s", "6s", "7s", "8s", "1z", "1z", "1z", "5z", "5z", "5z", "9p"]}
    state = play_match(players, rng, {"length": "east"}, deal=lambda rng: deal_with(rng, tenpai))
    assert replayed_scores(state) == state.final["scores"]
    riichi = Counter(action["seat"] for entry in engine.build_record(state)["rounds"]
                     for action in entry["actions"] if action.get("riichi"))
    assert riichi[0] > 0 and riichi[2] > 0
    for seat, player in ((0, players[0]), (2, players[2])):
        # the bot heard each of its reaches once: echoed when it declared, not again on the discard
        assert player.history.count({"type": "reach", "actor": seat}) == riichi[seat]
        assert player.history.count({"type": "reach_accepted", "actor": seat}) <= riichi[seat]


def test_a_bot_answering_garbage_leaves_the_match_running_on_legal_defaults(caplog):
    rng = random.Random(8)
    players = [OwnBot("normal", rng), mjai_seat(1, "--mode", "garbage"), OwnBot("normal", rng), OwnBot("beginner", rng)]
    with caplog.at_level(logging.WARNING, logger="riichi.mjai"):
        state = play_match(players, rng, {"length": "east"})
    assert replayed_scores(state) == state.final["scores"]
    assert players[1].defaults > 20
    messages = caplog.text
    assert "not JSON" in messages and "not an object" in messages and "is not a legal answer" in messages


def test_lines_a_bot_writes_beyond_its_answer_are_dropped_not_taken_for_the_next(caplog):
    rng = random.Random(13)
    chatty = mjai_seat(1, "--mode", "chatty")
    players = [OwnBot("normal", rng), chatty, OwnBot("normal", rng), mjai_seat(3)]
    with caplog.at_level(logging.WARNING, logger="riichi.mjai"):
        state = play_match(players, rng, {"length": "east"})
    assert replayed_scores(state) == state.final["scores"]
    assert "wrote more than its answer" in caplog.text
    assert chatty.defaults == chatty.process.starts - 1


@pytest.mark.slow
def test_a_bot_that_hangs_is_stopped_restarted_and_told_the_game_so_far(tmp_path, caplog):
    rng = random.Random(9)
    hanging = mjai_seat(3, "--mode", "hang", "--at", "3", "--once", str(tmp_path / "hung"), timeout=5.0)
    players = [OwnBot("normal", rng), OwnBot("normal", rng), OwnBot("normal", rng), hanging]
    with caplog.at_level(logging.WARNING, logger="riichi.mjai"):
        state = play_match(players, rng, {"length": "east"})
    assert replayed_scores(state) == state.final["scores"]
    assert "did not answer within 5.0 s" in caplog.text
    # a default for the hung turn only: the restarted bot, told the whole game, played on (on
    # a machine so busy that another answer came late, that one was restarted the same way)
    assert hanging.process.starts >= 2 and hanging.defaults == hanging.process.starts - 1


def test_a_bot_that_dies_mid_hand_is_restarted_and_told_the_game_so_far(tmp_path, caplog):
    rng = random.Random(10)
    dying = mjai_seat(0, "--mode", "die", "--at", "5", "--once", str(tmp_path / "died"))
    players = [dying, mjai_seat(1), OwnBot("normal", rng), OwnBot("normal", rng)]
    with caplog.at_level(logging.WARNING, logger="riichi.mjai"):
        state = play_match(players, rng, {"length": "east"})
    assert replayed_scores(state) == state.final["scores"]
    assert "exited (code 3)" in caplog.text
    assert dying.process.starts >= 2 and dying.defaults == dying.process.starts - 1
    assert players[1].defaults == players[1].process.starts - 1


def test_a_bot_that_cannot_start_leaves_its_seat_to_legal_defaults(caplog):
    rng = random.Random(12)
    broken = MjaiSeat(2, BotProcess([sys.executable, "-c", "import sys; sys.exit(1)"], timeout=5.0, max_starts=2))
    players = [OwnBot("normal", rng), OwnBot("normal", rng), broken, OwnBot("normal", rng)]
    with caplog.at_level(logging.WARNING, logger="riichi.mjai"):
        state = play_match(players, rng, {"length": "east"})
    assert replayed_scores(state) == state.final["scores"]
    assert broken.process.starts == 2 and broken.defaults > 0
