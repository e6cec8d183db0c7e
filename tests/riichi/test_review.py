"""The post-game review of a Riichi seat on crafted rounds: the dealer's first discard, where
breaking a ready hand instead of declaring riichi is marked and choosing between two equally
useless honours is not, and the verdict never depends on a tile the seat could not see."""

import random
from collections import Counter

from riichi import engine, review
from riichi.engine.tiles import full_set, names

# The dealer's 14 tiles: 123m 456m 789m 123p, a lone 5p and 9s. Discarding the 9s waits on the
# 5p with a straight, discarding the 5p on the 9s: the expert declares riichi on one of them.
READY = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5p", "9s"]
# Nothing connects; the West and North winds are worth nothing to the East dealer.
LOOSE = ["1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s", "3z", "4z", "2m", "8s", "6p"]


def crafted_deal(dealer: list, planted: bool = False) -> dict:
    """A round whose dealer holds `dealer` (13 dealt and its first draw); the other tiles lie
    shuffled. `planted` trades tiles between the West seat's hand and the rest of the wall,
    none of which the dealer sees."""
    rest = Counter(names(full_set(True))) - Counter(dealer)
    rest = sorted(rest.elements())
    random.Random(11).shuffle(rest)
    hands = [rest[13 * n:13 * n + 13] for n in range(3)]
    wall = rest[39:]
    if planted:
        hands[1][:4], wall[10:14] = wall[10:14], hands[1][:4]
    deal = {"haipai": {"0": dealer[:13], "1": hands[0], "2": hands[1], "3": hands[2]},
            "draws": [dealer[13]] + wall[:69], "dora_indicators": wall[69:74], "ura_indicators": wall[74:79],
            "rinshan": wall[79:83]}
    return deal


def round_record(dealer: list, discard: dict, planted: bool = False) -> dict:
    """The record of the crafted round up to the dealer's first discard."""
    state = engine.new_game({}, crafted_deal(dealer, planted))
    state, _ = engine.apply(state, {"seat": 0, "type": "discard"} | discard)
    return engine.build_record(state)


def test_breaking_a_ready_hand_instead_of_riichi_is_marked():
    [verdict] = review.review(round_record(READY, {"tile": "5m"}), "0", seed=1)
    assert verdict["kind"] == "riichi" and verdict["flagged"]
    assert verdict["best"]["riichi"] and verdict["best"]["tile"] in ("5p", "9s")
    assert verdict["cost"] >= 1000 and verdict["best_score"] > verdict["score"]


def test_the_riichi_itself_is_not_marked():
    [verdict] = review.review(round_record(READY, {"tile": "5p", "riichi": True}), "0", seed=1)
    assert not verdict["flagged"] and verdict["cost"] == 0 and verdict["played"] == verdict["best"]


def test_one_useless_honour_for_another_is_not_marked():
    expert = review.review(round_record(LOOSE, {"tile": "3z"}), "0", seed=1)[0]["best"]["tile"]
    other = {"3z": "4z", "4z": "3z"}[expert]
    [verdict] = review.review(round_record(LOOSE, {"tile": other}), "0", seed=1)
    assert verdict["score"] is not None  # unlike the expert: both were played out
    assert not verdict["flagged"] and verdict["cost"] == 0


def test_the_verdict_is_the_same_whatever_the_hidden_tiles():
    record = round_record(READY, {"tile": "5m"})
    planted = round_record(READY, {"tile": "5m"}, planted=True)
    assert record["rounds"][0]["haipai"]["2"] != planted["rounds"][0]["haipai"]["2"]
    assert review.review(record, "0", seed=3) == review.review(planted, "0", seed=3)
