"""Tenhou's format both ways: the 31 real matches come back as Tenhou wrote them, and our own
matches (seeded random ones, and crafted rounds for the rare endings) come back as the same
record, less the wall nobody saw, which a Tenhou log has no place for."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi.engine import build_record, replay
from riichi.engine.record import fold
from riichi.tenhou import export_tenhou, import_tenhou, load_text
from tests.riichi.engine.helpers import discard, play, ron, settle, start, tsumogiri
from tests.riichi.engine.test_endings import _daisangen_until_tenpai
from tests.riichi.tenhou_logs import FILES
from tests.riichi.tenhou.games import random_match

WALL = ("draws", "dora_indicators", "ura_indicators", "rinshan")
# seeds whose matches end hands in every way random play reaches (games.py); the rarer
# endings are crafted below
SEEDS = {"draw": 0, "ron": 0, "tsumo": 1, "abort:nine_terminals": 2, "nagashi": 4, "abort:four_kans": 163}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_real_match_exports_to_tenhous_own_hand_arrays(path):
    log = load_text(path.read_text())
    exported = export_tenhou(import_tenhou(log))
    assert exported["log"] == log["log"]
    assert exported["rule"] == {"disp": "般南喰赤", "aka": 1}


def test_the_real_matches_are_all_there():
    assert len(FILES) == 31


def assert_same_match(record, back):
    """``back`` is ``record``: rules, hands and actions, and each wall up to what was seen."""
    assert back["format"] == record["format"] and back["rules"] == record["rules"]
    assert len(back["rounds"]) == len(record["rounds"])
    for ours, theirs in zip(record["rounds"], back["rounds"]):
        assert theirs["haipai"] == ours["haipai"] and theirs["actions"] == ours["actions"]
        for key in WALL:
            assert theirs[key] == ours[key][:len(theirs[key])], key
    assert replay(back) == replay(record)
    assert build_record(fold(back)) == back


def ends(record) -> set:
    kinds = {r["result"] for r in replay(record)["rounds"]}
    if any(sum(a["type"] == "ron" for a in r["actions"]) == 2 for r in record["rounds"]):
        kinds.add("double ron")
    return kinds


@pytest.mark.parametrize("seed", sorted(set(SEEDS.values())))
def test_a_seeded_match_comes_back_as_the_same_record(seed):
    record = random_match(seed)
    assert_same_match(record, import_tenhou(export_tenhou(record)))


def test_the_seeded_matches_end_hands_in_the_ways_they_are_chosen_for():
    for end, seed in SEEDS.items():
        assert end in ends(random_match(seed)), (end, seed)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), red_fives=st.booleans(), kuitan=st.booleans(), kiriage=st.booleans(),
       uma=st.sampled_from([[15, 5, -5, -15], [30, 10, -10, -30]]))
def test_any_match_comes_back_as_the_same_record(seed, red_fives, kuitan, kiriage, uma):
    record = random_match(seed, {"red_fives": red_fives, "kuitan": kuitan, "kiriage": kiriage, "uma": uma})
    assert_same_match(record, import_tenhou(export_tenhou(record)))


# Waits on 2m-5m, all simples; three such hands fit one set of tiles.
WAITING = ("34m234p456p678s22s", "34m567p234s567s88p", "34m678p345s345s77p")


def crafted(hands, draws, actions, rules=None):
    state = play(start(rules, hands=hands, draws=draws), *actions)
    return build_record(settle(state))


RARE = {
    "double ron": lambda: crafted({1: WAITING[0], 2: WAITING[1]}, "5m", [discard(0, "5m"), ron(1), ron(2)]),
    "abort:triple_ron": lambda: crafted(dict(enumerate(WAITING, 1)), "5m",
                                        [discard(0, "5m"), ron(1), ron(2), ron(3)]),
    "abort:four_winds": lambda: crafted(
        {s: "1z" + ["2345m6789p234s5s", "2345p6789s234m5m", "2345s6789m234p5p", "678m678p678s34m3p"][s]
         for s in range(4)}, "9m 9p 9s 7z", [discard(s, "1z") for s in range(4)]),
    "abort:four_riichi": lambda: crafted(
        {0: "123m456m789m123p4p", 1: "123m456m789m123s4s", 2: "123p456p789p123s5s", 3: "123p456s789s789p6p"},
        "1z 2z 3z 4z", [discard(s, t, riichi=True) for s, t in enumerate(("1z", "2z", "3z", "4z"))]),
}


@pytest.mark.parametrize("end", sorted(RARE))
def test_a_rare_ending_comes_back_as_the_same_record(end):
    record = RARE[end]()
    assert end in ends(record)
    exported = export_tenhou(record)
    assert_same_match(record, import_tenhou(exported))


def test_a_double_ron_lists_each_winner_with_its_own_payments_the_first_with_the_sticks():
    record = RARE["double ron"]()
    (hand,) = export_tenhou(record)["log"]
    kind, first, first_win, second, second_win = hand[16]
    assert kind == "和了" and [first_win[:3], second_win[:3]] == [[1, 0, 1], [2, 0, 2]]
    assert [a + b for a, b in zip(first, second)] == replay(record)["rounds"][0]["deltas"]
    assert first[0] < 0 and first[1] > 0 and first[2] == 0 and second[1] == 0


def test_a_hand_nobody_finished_is_left_out_and_the_rules_travel_along():
    record = random_match(0, {"kiriage": True, "uma": [20, 10, -10, -20]})
    record["rounds"][-1]["actions"] = record["rounds"][-1]["actions"][:5]
    exported = export_tenhou(record)
    assert len(exported["log"]) == len(record["rounds"]) - 1
    assert exported["stich_rules"] == record["rules"]
    back = import_tenhou(exported)
    assert back["rules"]["kiriage"] and back["rules"]["uma"] == [20, 10, -10, -20]


def test_a_tenhou_log_without_our_rules_reads_them_from_its_disp():
    record = random_match(2, {"length": "east", "kuitan": False, "red_fives": False})
    exported = export_tenhou(record)
    assert exported["rule"] == {"disp": "般東", "aka": 0}
    del exported["stich_rules"]
    rules = import_tenhou(exported)["rules"]
    assert (rules["length"], rules["kuitan"], rules["red_fives"]) == ("east", False, False)



def test_a_pao_win_names_the_liable_seat_and_a_yakuman_its_price():
    state = _daisangen_until_tenpai("1s 4p")
    state = settle(play(state, tsumogiri(state, 2)))
    record = build_record(play(state, tsumogiri(state, 3), ron(1)))
    (hand,) = export_tenhou(record)["log"]
    assert hand[16] == ["和了", [0, 32000, -16000, -16000], [1, 3, 2, "役満32000点", "大三元(役満)"]]
    assert_same_match(record, import_tenhou(export_tenhou(record)))


def without_60(log) -> dict:
    """The log as a converter writes it that never uses 60: each seat's takes and gives pair
    up one by one (a call or rinshan draw with its discard, a draw with its kan)."""
    hands = []
    for hand in log["log"]:
        hand = list(hand)
        for seat in range(4):
            takes, gives = hand[5 + 3 * seat], hand[6 + 3 * seat]
            hand[6 + 3 * seat] = [take if give == 60 else f"r{take}" if give == "r60" else give
                                  for take, give in zip(takes, gives)]
        hands.append(hand)
    return {**log, "log": hands}


@pytest.mark.skipif(not FILES, reason="the shared Tenhou logs are not beside this checkout")
def test_a_log_that_never_writes_60_imports_without_telling_tedashi_and_plays_the_same():
    log = load_text(FILES[0].read_text())
    record = import_tenhou(log)
    assert any(a.get("tedashi") for r in record["rounds"] for a in r["actions"])
    plain = import_tenhou(without_60(log))
    assert not any(a.get("tedashi") for r in plain["rounds"] for a in r["actions"])
    assert [[{k: v for k, v in a.items() if k != "tedashi"} for a in r["actions"]] for r in record["rounds"]] == [
        r["actions"] for r in plain["rounds"]]
    assert replay(plain) == replay(record)
