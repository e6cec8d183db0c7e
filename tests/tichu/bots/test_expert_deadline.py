"""One deadline a decision: every search of the expert's decision shares it, counted from
the start of ``expert.choose``. Time is a fake clock that moves only when a hand is played
out, so the test measures playouts, not the machine."""

import random

from tichu import engine as tichu
from tichu.bots import calls, expert, hand_start, heuristic, lookahead, playout
from tichu.bots.knowledge import Knowledge

from .positions import position

STEP = 0.01  # fake seconds a playout takes: far slower than planned, as on an overloaded machine
# the Dragon and an Ace: worth searching a Tichu call on (controls ≥ TICHU_SEARCH_FROM), not
# worth the normal bot's call
FIRST_TURN = ["mahjong", "jade-2", "sword-3", "star-4", "jade-6", "sword-7", "pagoda-8", "star-9",
              "jade-10", "sword-J", "pagoda-Q", "star-K", "jade-A", "dragon"]


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def _slow_playouts(monkeypatch, fake, module, name):
    real = getattr(module, name)

    def slow(*args, **kwargs):
        fake.now += STEP
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, slow)


def test_a_first_turn_runs_the_call_search_and_the_move_search_within_one_deadline(monkeypatch):
    state = position({"S": FIRST_TURN}, turn="S", counts={"E": 14, "N": 14, "W": 14})
    view = tichu.view(state, "S")
    know = Knowledge(view)
    assert not heuristic.wants_tichu(view, know)
    assert calls.controls(know.hand) >= expert.TICHU_SEARCH_FROM
    fake = FakeClock()
    monkeypatch.setattr(lookahead, "clock", fake)
    _slow_playouts(monkeypatch, fake, playout, "run")
    searches = []
    real_compare = lookahead.compare

    def spy(know, candidates, *args):
        scores = real_compare(know, candidates, *args)
        searches.append(len(scores[0]))
        return scores

    monkeypatch.setattr(lookahead, "compare", spy)
    budget = 0.1
    action = expert.choose(view, random.Random(1), budget=budget)
    assert {k: v for k, v in action.items() if k != "wish"} in view["legal_actions"]
    assert len(searches) == 2  # the call's search, then the move's
    deadline = max(expert.DEADLINE_FACTOR * budget, expert.MIN_DEADLINE)
    # a search stops after the playout that crossed the deadline
    assert fake.now <= deadline + STEP


def test_a_cut_short_search_keeps_the_normal_choice():
    assert not lookahead.better([100] * (lookahead.MIN_SAMPLES - 1), [0] * (lookahead.MIN_SAMPLES - 1))
    assert not lookahead.better([], [])
    assert lookahead.better([100, 90, 110, 95], [0, 0, 0, 0])


def test_a_deal_cut_short_is_left_out_of_every_option(monkeypatch):
    fake = FakeClock()
    monkeypatch.setattr(lookahead, "clock", fake)

    def score(deal, option):
        fake.now += STEP
        return option

    scores = lookahead.paired(random.Random(1), lambda r: r.random(), [1, 2, 3], score, 100, 10.5 * STEP)
    assert [len(s) for s in scores] == [3, 3, 3]  # the 11th playout crossed it, in the 4th deal


def test_the_exchange_search_stops_at_the_decision_deadline(monkeypatch):
    state = tichu.new_game({"target": 1000}, tichu.shuffled_deal(random.Random(3)))
    for seat in "SENW":
        state, _ = tichu.apply(state, {"seat": seat, "type": "grand", "call": False})
    view = tichu.view(state, "S")
    fake = FakeClock()
    monkeypatch.setattr(lookahead, "clock", fake)
    _slow_playouts(monkeypatch, fake, hand_start, "play_out")
    action = expert.choose(view, random.Random(1), budget=expert.DEFAULT_BUDGET)
    assert action["type"] == "exchange"
    deadline = max(expert.DEADLINE_FACTOR * expert.DEFAULT_BUDGET, expert.MIN_DEADLINE)
    # cut short (its playouts would take twice the deadline) one playout late at most
    assert deadline < fake.now <= deadline + STEP
