"""The expert bot: it samples the hidden hands many times (consistent with what play
revealed, ``sampling``) and plays each candidate move out to the end of the hand with the
normal policy at every seat (flat Monte Carlo over determinizations, ``lookahead``). Every
candidate is played on the same samples so that their difference is measured, not the luck
of the deal, and the heuristic move is replaced only by one whose advantage stands clear of
the sampling noise.

Searched so: its plays, the small Tichu call (where the normal bot would call, or where the
playouts of its first move score better with the call than without), the Dragon gift,
out-of-turn bombs (where a bomb could matter), the Grand Tichu call (where the first 8
cards are near the normal bot's threshold: the whole hand played out from a completion of
the deal with and without the call, every later choice the normal bot's, ``hand_start``)
and the exchange (the normal gives and a few variants, ``exchange.variants``, played out
likewise from completions of the deal in which a Grand Tichu caller holds first cards worth
the call, the others giving as the normal bot would on their sampled hands; the normal
gives are kept unless a variant stands ``EXCHANGE_CONFIDENCE`` standard errors clear).

The search is counted in playouts (``budget`` × a rate) rather than timed, so the same view
and rng give the same move on any machine. The rates are what this machine plays out in a
second: ``MOVE_PLAYOUTS_PER_SECOND`` from a turn of the play (1,660/s measured), and
``PLAYOUTS_PER_SECOND`` for the rest (the calls' and the exchange's whole hands play out at
640/s; the rare gift and bomb searches were left at it). At 400 a second a move's search used
a sixth of its budget; at the measured rate the expert at budget 0.1 won 0.64-0.66 of
duplicate hands against the expert before issue 26 where it had won 0.55-0.57 on the same
deals (BENCHMARKS.md). ``DEFAULT_BUDGET`` is what keeps a live table's decisions at p95
≈ 0.55 s. A deadline (``DEADLINE_FACTOR``
× budget, at least ``MIN_DEADLINE`` seconds) only cuts a search short on an overloaded
machine, to keep a table from waiting. There is one deadline a decision, counted from the
start of ``choose``: a first turn's Tichu call search may use its share of it (in
proportion to its playouts), the move's search what is left.
"""

from ..engine.cards import SEAT_INDEX
from . import calls, exchange, hand_start, heuristic, lookahead, playout, policy
from .actions import find, play_options
from .knowledge import Knowledge
from .sampling import sample_hands

DEFAULT_BUDGET = 0.3
PLAYOUTS_PER_SECOND = 400
MOVE_PLAYOUTS_PER_SECOND = 1600
DEADLINE_FACTOR = 1.8  # × budget: one deadline a decision, shared by all its searches
MIN_DEADLINE = 0.9
TICHU_SEARCH_FROM = 1.5
CALL_SHARE = 4.0  # of a turn's playouts, for a Tichu or Grand Tichu call's two answers or the exchange
CALL_BUDGET_MAX = 0.5
GIFT_SHARE = 0.5  # of a turn's playouts, for the Dragon gift's two choices
BOMB_SHARE = 0.5  # likewise for an out-of-turn bomb against none
BOMB_SEARCH_POINTS = 15
BOMB_SEARCH_CARDS = 6
GRAND_SEARCH_FROM = 2.75  # controls + kings / 4 of the first 8 cards (the normal bot calls from 3.75)
GRAND_CONFIDENCE = 2.0  # the whole-hand playouts are noisier: a change of answer must stand out more
# other gives: among five variants, mostly near the normal gives in value, so a wrong change
# costs little (on dev deals the model's own gain was largest at 1.0, then 1.5, then 2.0)
EXCHANGE_CONFIDENCE = 1.5


def choose(view: dict, rng, memory=None, *, budget=None):
    legal = view["legal_actions"]
    budget = DEFAULT_BUDGET if budget is None else budget
    # counted from here, shared by every search of this decision (a first turn runs two)
    deadline = lookahead.clock() + max(DEADLINE_FACTOR * budget, MIN_DEADLINE)
    grand = find(legal, "grand")
    if grand:
        call = wants_grand(view, rng, budget, deadline)
        return next(a for a in grand if a["call"] == call)
    gifts = find(legal, "gift")
    if view["phase"] == "play" and gifts:
        return gifts[gift_search(Knowledge(view, memory), gifts, rng, budget, deadline)]
    if find(legal, "exchange"):
        return heuristic.give_action(view["seat"], exchange_search(view, rng, budget, deadline))
    if view["phase"] != "play":
        return heuristic.choose(view, rng, memory)
    if view["turn"] != view["seat"]:
        know = Knowledge(view, memory)
        if find(legal, "tichu") and heuristic.wants_tichu(view, know):
            return find(legal, "tichu")[0]
        return bomb_search(know, legal, rng, budget, deadline)
    know = Knowledge(view, memory)
    candidates = lookahead.shortlist(know, legal)
    if find(legal, "tichu"):
        # the call's search may use its share of the time left; the move's search the rest
        share = call_budget(budget) / (call_budget(budget) + budget)
        if wants_tichu(view, know, candidates[0], rng, budget, _share(deadline, share)):
            return find(legal, "tichu")[0]
    if len(candidates) == 1:
        return candidates[0][1]
    samples = _samples(budget, len(candidates), MOVE_PLAYOUTS_PER_SECOND)
    return candidates[lookahead.search(know, candidates, rng, samples, deadline)][1]


def _samples(budget: float, options: int, rate: int = PLAYOUTS_PER_SECOND) -> int:
    """Samples a search of ``options`` choices draws: its ``budget`` of playouts shared out."""
    return max(lookahead.MIN_SAMPLES, int(budget * rate) // options)


def _share(deadline: float, share: float) -> float:
    """A deadline for a sub-search: ``share`` of the time left before ``deadline``."""
    now = lookahead.clock()
    return now + max(0.0, deadline - now) * share


def gift_search(know, gifts, rng, budget, deadline) -> int:
    """Index of the gift whose playouts score best; the normal choice unless another stands
    clear of the noise."""
    usual = policy.gift_to(know.me, know.counts)
    order = sorted(range(len(gifts)), key=lambda i: SEAT_INDEX[gifts[i]["to"]] != usual)
    if len(order) == 1:
        return order[0]
    samples = _samples(budget * GIFT_SHARE, len(order))

    def score(hands, index):
        return playout.run(gift_position(know, hands, SEAT_INDEX[gifts[index]["to"]]), know.me & 1)

    scores = lookahead.paired(rng, lambda r: sample_hands(know, r), order, score, samples, deadline)
    return order[1] if lookahead.better(scores[1], scores[0]) else order[0]


def gift_position(know, hands, to: int) -> playout.Position:
    """The play once the Dragon trick is given to seat ``to``: the giver leads next."""
    won = [0, 0, 0, 0]
    won[to] = know.trick_points
    pos = playout.Position(hands, know.me, None, None, 0, 0, won, know.out, know.calls, know.wish)
    if not hands[know.me]:
        pos.turn = playout.next_with_cards(hands, know.me)
    return pos


def bomb_search(know, legal, rng, budget, deadline):
    """An out-of-turn bomb or None: the smallest bomb against letting the trick run, where a
    bomb could matter (the normal bot would bomb, the trick is worth points, or an opponent
    on top is near the end); the normal choice unless the other stands clear of the noise."""
    bombs = sorted((p for p in play_options(legal, know.top) if policy.is_bomb(p[0])),
                   key=lambda p: p[0][2])
    if not bombs:
        return None
    usual = heuristic.bomb_action(know, legal)
    opponent_on_top = (know.top_seat ^ know.me) & 1 == 1
    if not opponent_on_top or (usual is None and know.trick_points < BOMB_SEARCH_POINTS
                               and know.counts[know.top_seat] > BOMB_SEARCH_CARDS):
        return usual
    bomb = bombs[0]
    candidates = [bomb, (None, None)] if usual is not None else [(None, None), bomb]
    samples = _samples(budget * BOMB_SHARE, 2)

    def score(hands, candidate):
        combo = candidate[0]
        pos = playout.Position(hands, know.turn, know.top, know.top_seat, know.trick_points,
                               know.passed, (0, 0, 0, 0), know.out, know.calls, know.wish)
        if combo is not None:
            playout.play(pos, know.me, combo)
        elif know.turn is None:  # the bomb window: the trick goes to its top
            playout.end_trick(pos, know.top_seat)
            pos.turn = (know.top_seat if hands[know.top_seat]
                        else playout.next_with_cards(hands, know.top_seat))
        return playout.run(pos, know.me & 1)

    scores = lookahead.paired(rng, lambda r: sample_hands(know, r), candidates, score, samples, deadline)
    chosen = candidates[1] if lookahead.better(scores[1], scores[0]) else candidates[0]
    return chosen[1]


def wants_tichu(view, know, move, rng, budget, deadline) -> bool:
    """Call when the playouts of the normal move score better with the call than without;
    hands too weak to ever go out first are not searched."""
    if know.calls[know.me ^ 2] or know.out:
        return False
    if heuristic.wants_tichu(view, know):
        return True
    if calls.controls(know.hand) < TICHU_SEARCH_FROM:
        return False
    with_call = list(know.calls)
    with_call[know.me] = "tichu"
    scores = lookahead.compare(know, [move, move], [with_call, know.calls], rng,
                               _samples(call_budget(budget), 2), deadline)
    return lookahead.better(scores[0], scores[1])


def call_budget(budget: float) -> float:
    """A call's or the exchange's search, once a hand: ``CALL_SHARE`` times a play's, but
    never more than ``CALL_BUDGET_MAX`` (a call's ±100 or ±200 and the whole hand's spread
    need more samples than a play's choice)."""
    return min(CALL_SHARE * budget, CALL_BUDGET_MAX)


def wants_grand(view, rng, budget, deadline) -> bool:
    """The normal bot's answer unless the other one's whole-hand playouts score clearly
    better; hands far from the threshold and a partner's call are not searched."""
    start = hand_start.Start(view)
    usual = calls.grand_worthy(start.known)
    if start.calls[start.me ^ 2] == "grand":
        return False
    if calls.grand_strength(start.known) < GRAND_SEARCH_FROM:
        return usual
    samples = _samples(call_budget(budget), 2)
    answers = [usual, not usual]
    scores = lookahead.paired(rng, lambda r: hand_start.sample(start, r), answers,
                              lambda dealt, call: hand_start.play_out(start, dealt, grand=call), samples, deadline)
    return answers[1] if lookahead.better(scores[1], scores[0], GRAND_CONFIDENCE) else usual


def exchange_search(view, rng, budget, deadline) -> dict:
    """Seat → card: the normal gives unless one of their ``exchange.variants`` scores clearly
    better over whole hands played out from completions of the deal (the others' gives the
    normal bot's on their sampled hands), all the gives on the same completions."""
    start = hand_start.Start(view)
    options = exchange.variants(start.known, start.me, start.calls)
    if len(options) == 1:
        return options[0]
    samples = _samples(call_budget(budget), len(options))
    scores = lookahead.paired(rng, lambda r: hand_start.sample(start, r), options,
                              lambda dealt, gives: hand_start.play_out(start, dealt, gives=gives), samples, deadline)
    best = max(range(len(options)), key=lambda i: (sum(scores[i]), -i))
    return options[best] if best and lookahead.better(scores[best], scores[0], EXCHANGE_CONFIDENCE) else options[0]
