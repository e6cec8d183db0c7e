"""The review's judges of the choices besides plays: the Grand Tichu call, the exchange, a
Tichu call (or not calling) and the Dragon gift. Like a play (``review.judge``), each is
judged on the seat's own view at that moment: the choice made and the alternatives played
out on the same sampled deals (``verdict.paired``).

The alternatives: for a call, the other answer (call or not); for the gift, the other
opponent; for the exchange, the normal bot's three cards (``exchange.choose_gives``, which
the expert's search of the exchange starts from). Before the first lead a playout is the whole hand
(``hand_start``), every choice still to come the normal bot's.
"""

from ..engine.cards import CARD_IDS, CARD_NAMES, RANK_VALUES, SEAT_INDEX, SEATS
from . import playout
from .actions import find, played_candidate
from .exchange import choose_gives
from .expert import gift_position
from .hand_start import Start, play_out, sample
from .knowledge import Knowledge
from .sampling import sample_hands
from .verdict import paired, verdict


def judge_grand(view, memory, played, rng) -> dict:
    start = Start(view)
    called = played["call"]
    scores = paired(rng, lambda r: sample(start, r), [called, not called],
                    lambda dealt, call: play_out(start, dealt, grand=call))
    return verdict([{"type": "grand", "call": called}, {"type": "grand", "call": not called}], scores)


def judge_exchange(view, memory, played, rng) -> dict:
    start = Start(view)
    mine = {SEAT_INDEX[to]: CARD_IDS[card] for to, card in played["give"].items()}
    options = [mine]
    usual = choose_gives(start.known, start.me, start.calls)
    if usual != mine:
        options.append(usual)
    scores = paired(rng, lambda r: sample(start, r), options,
                    lambda dealt, gives: play_out(start, dealt, gives=gives))
    return verdict([_exchange_action(gives) for gives in options], scores)


def _exchange_action(gives) -> dict:
    return {"type": "exchange", "give": {SEATS[to]: CARD_NAMES[card] for to, card in sorted(gives.items())}}


def judge_tichu(view, memory, played, rng) -> dict:
    """A call, or not calling when the seat played its first card instead (``played`` is
    then that play, made under either answer)."""
    called = played["type"] == "tichu"
    answers = [called, not called]
    actions = [{"type": "tichu", "call": called}, {"type": "tichu", "call": not called}]
    if view["phase"] == "exchange":
        start = Start(view)
        scores = paired(rng, lambda r: sample(start, r), answers,
                        lambda dealt, call: play_out(start, dealt, tichu=call))
        return verdict(actions, scores)
    know = Knowledge(view, memory)
    move = None if called else played_candidate(know, view["legal_actions"], played)

    def score(hands, call):
        calls = list(know.calls)
        calls[know.me] = "tichu" if call else None
        pos = playout.Position(hands, know.turn, know.top, know.top_seat, know.trick_points,
                               know.passed, (0, 0, 0, 0), know.out, calls, know.wish)
        if move is not None:
            playout.play(pos, know.me, move[0], RANK_VALUES.get(played.get("wish"), 0))
        return playout.run(pos, know.me & 1)

    return verdict(actions, paired(rng, lambda r: sample_hands(know, r), answers, score))


def judge_gift(view, memory, played, rng) -> dict:
    know = Knowledge(view, memory)
    options = [played["to"]] + [g["to"] for g in find(view["legal_actions"], "gift") if g["to"] != played["to"]]
    scores = paired(rng, lambda r: sample_hands(know, r), options,
                    lambda hands, to: playout.run(gift_position(know, hands, SEAT_INDEX[to]), know.me & 1))
    return verdict([{"type": "gift", "to": to} for to in options], scores)


JUDGES = {"grand": judge_grand, "exchange": judge_exchange, "tichu": judge_tichu, "gift": judge_gift}
