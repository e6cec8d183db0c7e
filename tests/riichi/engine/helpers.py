"""Crafted walls and short-hand actions for the rule tests."""

import random

from riichi.engine import apply, legal_actions, new_game, next_hand
from riichi.engine.record import pass_pending
from riichi.engine.tiles import full_set, name, parse


def tiles(text) -> list:
    """``"123m0p77z"`` → ``["1m", "2m", "3m", "0p", "7z", "7z"]`` (a list passes through)."""
    if isinstance(text, list):
        return text
    out, digits = [], ""
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits += ch
        else:
            out.extend(d + ch for d in digits)
            digits = ""
    return out


def deal(hands=None, draws="", dora="", rinshan="", ura="", red_fives=True, seed=0):
    """A complete wall: the given hands (seat -> tiles), the first draws in order, the first
    dora indicator, rinshan tiles and ura indicators; the rest filled from the unused tiles."""
    hands = {int(s): tiles(h) for s, h in (hands or {}).items()}
    pool = [name(t) for t in full_set(red_fives)]

    def take(names_):
        for n in names_:
            pool.remove(n)
        return list(names_)

    fixed_hands = {s: take(h) for s, h in hands.items()}
    fixed_draws = take(tiles(draws))
    fixed_dora = take(tiles(dora))
    fixed_rinshan = take(tiles(rinshan))
    fixed_ura = take(tiles(ura))
    random.Random(seed).shuffle(pool)
    haipai = {}
    for s in range(4):
        hand = fixed_hands.get(s, [])
        haipai[str(s)] = hand + [pool.pop() for _ in range(13 - len(hand))]
    return {
        "haipai": haipai,
        "draws": fixed_draws + [pool.pop() for _ in range(70 - len(fixed_draws))],
        "dora_indicators": fixed_dora + [pool.pop() for _ in range(5 - len(fixed_dora))],
        "ura_indicators": fixed_ura + [pool.pop() for _ in range(5 - len(fixed_ura))],
        "rinshan": fixed_rinshan + [pool.pop() for _ in range(4 - len(fixed_rinshan))],
    }


def start(options=None, **wall):
    return new_game(options or {}, deal(**wall))


def play(state, *actions):
    """Apply actions as a record would: seats not named in a call window pass."""
    for action in actions:
        window = state.window if state.phase == "play" and state.step == "calls" else None
        if window is not None:
            key = str(action.get("seat"))
            if action["type"] == "pass" or key not in window["options"] or key in window["answers"] \
                    or action["type"] not in ("ron", "pon", "chi", "kan"):
                if action["type"] != "pass":
                    state = pass_pending(state)
        state, _ = apply(state, action)
    return state


def settle(state):
    """Everyone still to answer the pending window passes."""
    return pass_pending(state)


def discard(seat, tile, riichi=False):
    action = {"seat": seat, "type": "discard", "tile": tile}
    if riichi:
        action["riichi"] = True
    return action


def chi(seat, text):
    return {"seat": seat, "type": "chi", "tiles": tiles(text)}


def pon(seat, text):
    return {"seat": seat, "type": "pon", "tiles": tiles(text)}


def kan(seat, kind, text):
    return {"seat": seat, "type": "kan", "kind": kind, "tiles": tiles(text)}


def ron(seat):
    return {"seat": seat, "type": "ron"}


def tsumo(seat):
    return {"seat": seat, "type": "tsumo"}


def tsumogiri(state, seat):
    return discard(seat, name(state.drawn))


def run_out(state):
    """Everyone discards what they draw (declining every call) until the round ends."""
    while state.phase == "play":
        if state.step == "calls":
            state = pass_pending(state)
            continue
        state, _ = apply(state, tsumogiri(state, state.turn))
    return state


def types(state, seat):
    return sorted({a["type"] for a in legal_actions(state, seat)})


def next_round(state, **wall):
    return next_hand(state, deal(**wall))


__all__ = ["tiles", "deal", "start", "play", "settle", "discard", "chi", "pon", "kan", "ron",
           "tsumo", "tsumogiri", "run_out", "types", "next_round", "parse"]
