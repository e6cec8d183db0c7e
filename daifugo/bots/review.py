"""The post-game review of one seat's decisions: each re-judged by the expert bot's
playouts on that seat's own view at that moment (its hand, the plays it saw, its own
exchange) — never on the record's hidden cards.

Judged (``decisions``): every play or pass in turn with more than one choice, and the cards
given back in the exchange (the President's two, the Vice-President's one). A play is
compared with each of the expert's candidates (every rank and size it may play, and passing),
the give-back with the expert's (``normal.give_back``); each is played out to the end of the
hand with the normal policy for every seat on the same ``SAMPLES`` sampled deals, as the
expert compares its own candidates. The score is the hand's points (players − 1 − place); a
choice is marked when the best alternative beats it by more than the sampling noise and by at
least ``MIN_COST`` points a hand.

The budget is counted in playouts, so a review is the same on any machine for a seed: each
decision draws from its own ``random.Random`` seeded by (seed, hand, step).
"""

import random

from gamekit import verdict as measure

from ..engine.cards import CARD_IDS, rank_of
from . import normal
from .expert import candidates
from .hands import top_of
from .playout import finish
from .policy import lead
from .sampling import Knowledge

SAMPLES = 128
MIN_COST = 0.25


def decisions(views_and_actions):
    """From (view of the seat, action taken next) for every moment of a hand, in order: the
    seat's decisions as (index, kind, view, action); kinds ``play`` (a play or pass in turn
    with a choice) and ``exchange`` (the cards given back)."""
    for index, (view, action) in enumerate(views_and_actions):
        if action.get("seat") != view["seat"] or not view.get("legal_actions"):
            continue
        if action["type"] == "give":
            yield index, "exchange", view, action
        elif action["type"] in ("play", "pass") and len(candidates(view["legal_actions"])) > 1:
            yield index, "play", view, action


def judge(kind: str, view: dict, played: dict, rng: random.Random) -> dict:
    return (_judge_exchange if kind == "exchange" else _judge_play)(view, played, rng)


def _judge_play(view, played, rng) -> dict:
    know = Knowledge(view)
    mine = None if played["type"] == "pass" else (rank_of(CARD_IDS[played["cards"][0]]), len(played["cards"]))
    options = [mine] + [o for o in candidates(view["legal_actions"]) if o != mine]
    top = top_of(view)
    out = [view["seats"].index(seat) for seat in view["out"]]

    def score(hands, option):
        order = finish([h[:] for h in hands], know.me, top, len(view["passed"]), view["reversed"],
                       view["revolution_rule"], out, first=option)
        return know.players - 1 - order.index(know.me)

    scores = measure.paired(rng, know.sample, options, score, SAMPLES)
    actions = [played] + [normal.play_action(view, option) for option in options[1:]]
    return measure.verdict(actions, scores, MIN_COST, digits=2)


def _judge_exchange(view, played, rng) -> dict:
    """The cards given back, against the expert's: the hand played out from its first lead,
    after the rest of the exchange (the Beggar leads)."""
    template = view["legal_actions"][0]
    expert = normal.give_back(template)
    options = [played] + ([expert] if _ranks(expert) != _ranks(played) else [])
    know = Knowledge(view)
    seats = view["seats"]
    partner = seats.index(template["to"])
    leader = seats.index(next(seat for seat, title in view["titles"].items() if title == "beggar"))

    def sample(r):
        hands = know.sample(r)
        # the other pair may not have given back yet: its cards go back to their giver
        for row in view["exchange"]:
            if row["given"] and not row["returned"] and view["seat"] not in (row["from"], row["to"]):
                giver, receiver = seats.index(row["from"]), seats.index(row["to"])
                held = [rank for rank, n in enumerate(hands[receiver]) for _ in range(n)]
                for rank in r.sample(held, row["count"]):
                    hands[receiver][rank] -= 1
                    hands[giver][rank] += 1
        return hands

    def score(hands, give):
        hands = [h[:] for h in hands]
        for rank in _ranks(give):
            hands[know.me][rank] -= 1
            hands[partner][rank] += 1
        first = lead(hands[leader], False, view["revolution_rule"])
        order = finish(hands, leader, None, 0, False, view["revolution_rule"], [], first=first)
        return know.players - 1 - order.index(know.me)

    scores = measure.paired(rng, sample, options, score, SAMPLES)
    return measure.verdict([{"type": "give", "cards": o["cards"], "to": o["to"]} for o in options], scores,
                           MIN_COST, digits=2)


def _ranks(give) -> list:
    return sorted(rank_of(CARD_IDS[name]) for name in give["cards"])


def seeded(seed: int, hand: int, index: int) -> random.Random:
    return random.Random(f"daifugo-review:{seed}:{hand}:{index}")

