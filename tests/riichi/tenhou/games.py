"""Seeded random matches of our engine that reach every ending it has: a random player that
wins when it can, declares kans and nine terminals often and throws terminals and honours
first, so that nagashi, four winds and four kans come up as well as wins and draws."""

import random

from riichi.engine import apply, build_record, legal_actions, new_game, next_hand, shuffled_deal
from riichi.engine.tiles import TERMINALS_AND_HONOURS, kind, parse

RULES = {"length": "east", "double_ron": True}


def choose(rng, actions):
    by_type = {}
    for action in actions:
        by_type.setdefault(action["type"], []).append(action)
    for wins in ("tsumo", "ron"):
        if wins in by_type:
            return by_type[wins][0]
    if "nine_terminals" in by_type and rng.random() < 0.5:
        return by_type["nine_terminals"][0]
    if "kan" in by_type and rng.random() < 0.6:
        return rng.choice(by_type["kan"])
    calls = by_type.get("chi", []) + by_type.get("pon", [])
    if calls and rng.random() < 0.1:
        return rng.choice(calls)
    if "pass" in by_type:
        return by_type["pass"][0]
    discards = by_type["discard"]
    riichi = [a for a in discards if a.get("riichi")]
    if riichi and rng.random() < 0.6:
        return rng.choice(riichi)
    plain = [a for a in discards if not a.get("riichi")]
    outer = [a for a in plain if kind(parse(a["tile"])) in TERMINALS_AND_HONOURS]
    return rng.choice(outer if outer and rng.random() < 0.9 else plain)


def acting_seat(state):
    if state.step == "calls":
        window = state.window
        return next(int(s) for s in window["options"] if s not in window["answers"])
    return state.turn


def random_match(seed: int, rules=None) -> dict:
    """The record of one whole seeded match."""
    rng = random.Random(seed)
    rules = {**RULES, **(rules or {})}
    state = new_game(rules, shuffled_deal(rng, rules.get("red_fives", True)))
    while state.phase != "game_over":
        if state.phase == "round_over":
            state = next_hand(state, shuffled_deal(rng, rules.get("red_fives", True)))
            continue
        state, _ = apply(state, choose(rng, legal_actions(state, acting_seat(state))))
    return build_record(state)
