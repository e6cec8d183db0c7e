"""The post-game review of a Riichi seat on crafted rounds: the dealer's first discard, where
breaking a ready hand instead of declaring riichi is marked and choosing between two equally
useless honours is not, and the verdict never depends on a tile the seat could not see; and
over a bot match, where the decisions are found."""

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


def test_each_decision_is_found_at_the_replay_step_before_its_action():
    """Over an east-only match of normal bots: the seat's turns and the call windows it was
    offered (its silent passes too) are found, each a real choice, at the viewer's step."""
    from games import registry
    from riichi.bots import choose_action
    from riichi.table_engine import SEATS, apply, build_record, new_game, next_hand, shuffled_deal
    from riichi.table_engine import view as table_view

    rng = random.Random(4)
    state = new_game({"length": "east"}, shuffled_deal(rng))
    while state.phase != "game_over":
        if state.phase == "round_over":
            state, _ = apply(state, {"type": "next"})
        elif state.phase == "hand_over":
            state = next_hand(state, shuffled_deal(rng))
        else:
            seat = next(s for s in SEATS if table_view(state, s)["legal_actions"])
            state, _ = apply(state, choose_action(table_view(state, seat), "normal", rng) | {"seat": seat})
    record, game = build_record(state), registry.get("riichi")
    steps = game.record_hands(record)

    def bare(action):
        return {k: v for k, v in action.items() if k != "seat"}
    for seat in SEATS:
        found = list(review.decisions(record, int(seat)))
        passes = [d for d in found if d[3]["type"] == "pass"]
        assert passes and len(found) > len(passes)
        for h, step, judged, action in found:
            offered = [bare(a) for a in engine.legal_actions(judged, int(seat))]
            assert bare(action) in offered and len(offered) > 1
            if action["type"] == "pass":  # the viewer shows the discard it could have called
                shown = game.engine.view(game.hand_states(record, h)[step], seat)
                assert shown["pending_discard"] and {"type": "pass"} in [bare(a) for a in shown["legal_actions"]]
            else:  # the viewer's next action is this one
                assert bare(steps[h][step]) == bare(action)
