"""The beginner bot: a uniformly random choice whenever it must decide; optional actions
(calls, out-of-turn bombs) only rarely, as a new player might."""

from tichu.engine.cards import CARD_NAMES, MAHJONG, RANK_NAMES
from .actions import find

OPTIONAL_CHANCE = 0.02


def choose(view: dict, rng, memory=None):
    legal = view["legal_actions"]
    if not legal:
        return None
    grand = find(legal, "grand")
    if grand:
        # calling is the optional part of this decision, so it is rare too
        call = rng.random() < OPTIONAL_CHANCE
        return next(a for a in grand if a["call"] == call)
    template = find(legal, "exchange")
    if template:
        cards = rng.sample(template[0]["hand"], 3)
        return {"seat": view["seat"], "type": "exchange", "give": dict(zip(template[0]["to"], cards))}
    gifts = find(legal, "gift")
    if gifts:
        return rng.choice(gifts)
    if find(legal, "tichu") and rng.random() < OPTIONAL_CHANCE:
        return find(legal, "tichu")[0]
    if view["turn"] == view["seat"]:
        action = rng.choice([a for a in legal if a["type"] in ("play", "pass")])
        if action["type"] == "play" and CARD_NAMES[MAHJONG] in action["cards"] and rng.random() < 0.5:
            action = dict(action, wish=RANK_NAMES[rng.randint(2, 14)])
        return action
    bombs = find(legal, "play")
    return rng.choice(bombs) if bombs and rng.random() < OPTIONAL_CHANCE else None
