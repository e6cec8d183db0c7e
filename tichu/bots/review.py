"""The post-game review of one seat's decisions: each re-judged by the expert bot's
playouts, on that seat's own view at that moment (its hand, what it saw played and called)
— never on the record's hidden cards.

Judged (``decisions``): the Grand Tichu call, the exchange, a Tichu call and not calling
it when the seat played its first card, every play or pass in turn with a choice, the
Dragon gift. For a play, the move played, the expert's candidates and the longest play are
played out to the end of the hand on the same sampled deals (paired, as the expert compares
its own candidates); the other choices against their alternatives likewise
(``review_choices``). A choice is marked when the best alternative beats it by more than
the sampling noise and by at least ``verdict.MIN_COST`` points of expected hand score.

The budget is counted in playouts, not seconds, so a review is the same on any machine
for a given seed: ``verdict.SAMPLES`` sampled deals per decision, each played out once per
candidate (a play: at most ``lookahead.MAX_CANDIDATES`` + 1; a call, the exchange or the gift:
two). Each decision draws from its own ``random.Random`` seeded by (seed, hand, action,
kind), so one decision's judgement does not depend on any other. A 1000-point game's
review of one seat (9–15 hands: 100–170 decisions, three a hand the Grand Tichu, the
exchange and the Tichu call, whose playouts run the whole hand) took 17–29 s of CPU on the
shared 2-core VM, about 1.6 times the review of plays alone measured beside it
(BENCHMARKS.md).
"""

import copy
import random

from . import lookahead, review_choices
from .actions import find, play_options, played_candidate
from .knowledge import Knowledge, remember
from .sampling import sample_hands
from .verdict import paired, verdict


def judge(kind: str, view: dict, memory: dict, played: dict, rng: random.Random) -> dict:
    """The judgement of the decision `kind` (see ``decisions``) taken by `played` in `view`:
    the estimated hand score of the choice made and of the best candidate, and whether it is
    a blunder."""
    if kind != "play":
        return review_choices.JUDGES[kind](view, memory, played, rng)
    know = Knowledge(view, memory)
    candidates = lookahead.shortlist(know, view["legal_actions"]) + _longest(know, view["legal_actions"])
    mine = played_candidate(know, view["legal_actions"], played)
    others = []
    for candidate in candidates:
        if _key(candidate) != _key(mine) and all(_key(candidate) != _key(c) for c in others):
            others.append(candidate)
    moves = [mine] + others
    return verdict([action for _, action in moves], _playouts(know, moves, rng))


def _longest(know, legal) -> list:
    """The play that sheds the most cards, which the expert's shortlist (cheapest moves of
    each kind) can miss: a review should ask whether going out at once was better."""
    plays = play_options(legal, know.top)
    return [max(plays, key=lambda p: (p[0][3].bit_count(), p[0][2]))] if plays else []


def _key(candidate):
    combo, _ = candidate
    return None if combo is None else (combo[3], combo[4])


def _playouts(know, moves, rng) -> list:
    def score(hands, move):
        return lookahead.move_score(know, hands, move, know.calls)

    return paired(rng, lambda r: sample_hands(know, r), moves, score)


def decisions(views_and_actions):
    """From (view of the seat, action taken next) for every moment of a hand, in order: the
    seat's decisions as (index, kind, view, memory, action), each with the memory of what
    the seat had seen played by then. Kinds: ``grand`` and ``exchange``; ``tichu`` for a
    Tichu call in the exchange or at a turn in the play, and for not calling when the seat
    plays its first card in turn (its last chance: the call lapses with that card; a pass
    keeps it open, and a first card played out of turn, a bomb, is not judged); ``play`` for a play or pass in turn with a choice;
    ``gift`` for the Dragon trick's gift."""
    memory: dict = {}
    for index, (view, action) in enumerate(views_and_actions):
        remember(view, memory)
        if action is None or action.get("seat") != view["seat"]:
            continue
        kind = action["type"]
        if kind in ("grand", "exchange", "gift"):
            yield index, kind, view, copy.deepcopy(memory), action
        elif kind == "tichu" and (view["phase"] == "exchange" or _in_turn_play(view)):
            yield index, kind, view, copy.deepcopy(memory), action
        elif kind in ("play", "pass") and view["phase"] == "play" and view["turn"] == view["seat"]:
            if kind == "play" and find(view["legal_actions"], "tichu"):
                yield index, "tichu", view, copy.deepcopy(memory), action
            if len([a for a in view["legal_actions"] if a["type"] in ("play", "pass")]) > 1:
                yield index, "play", view, copy.deepcopy(memory), action


def _in_turn_play(view) -> bool:
    """A moment of the play where someone is to move (not a bomb window nor a pending gift):
    the only ones a playout starts from."""
    return view["phase"] == "play" and view["turn"] is not None and view["gift_by"] is None


def seeded(seed: int, hand: int, index: int, kind: str = "play") -> random.Random:
    """The decision's own rng; a play keeps the key it had before the other kinds were judged,
    so that reviews of plays stay as they were."""
    suffix = "" if kind == "play" else f":{kind}"
    return random.Random(f"review:{seed}:{hand}:{index}{suffix}")
