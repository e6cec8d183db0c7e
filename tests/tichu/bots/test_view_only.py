"""Property: a bot's decision depends on its own view and its rng only. For every hidden
deal consistent with what the seat sees, the same view and seed give the same decision, in
every phase (Grand Tichu, exchange, lead, answer, out-of-turn bomb, Dragon gift)."""

import random

from hypothesis import given, settings, strategies as st

from tichu import engine as tichu
from tichu.bots import choose_action
from tichu.engine.cards import CARD_IDS, SEATS

from .positions import position

BUDGET = 0.02  # a few playouts: the property is about what is read, not how well
MINE = ["mahjong", "jade-2", "sword-2", "star-4", "jade-7", "sword-8", "pagoda-8", "star-8",
        "jade-8", "jade-J", "sword-Q", "jade-A", "dragon", "phoenix"]


def _decision(state, strength, seat="S"):
    return choose_action(tichu.view(state, seat), strength, random.Random(5), budget=BUDGET,
                         memory={})


def _hidden(permutation, counts, used):
    rest = [n for n in CARD_IDS if n not in used]
    order = [rest[i] for i in permutation]
    hands, at = {}, 0
    for seat in ("E", "N", "W"):
        hands[seat] = order[at:at + counts[seat]]
        at += counts[seat]
    return hands


def _grand_and_exchange(permutation, strength):
    """The Grand Tichu decision, then the exchange without a Grand Tichu call and with East's
    (which the expert's completions of the deal take into account)."""
    rest = [n for n in CARD_IDS if n not in MINE]
    order = [rest[i] for i in permutation]
    deal = {"S": MINE, "E": order[:14], "N": order[14:28], "W": order[28:]}
    state = tichu.new_game({"target": 1000}, deal)
    decisions = [_decision(state, strength)]
    for east_calls in (False, True):
        exchange = state
        for seat in SEATS:
            call = east_calls and seat == "E"
            exchange, _ = tichu.apply(exchange, {"seat": seat, "type": "grand", "call": call})
        decisions.append(_decision(exchange, strength))
    return decisions


def _play_positions(permutation, strength):
    situations = [
        ({"S": MINE[:9]}, {"turn": "S"}, {"E": 9, "N": 12, "W": 7}, []),
        ({"S": MINE[:9]}, {"turn": "S", "trick": [("E", ["jade-5"])]}, {"E": 9, "N": 12, "W": 7},
         ["jade-5"]),
        ({"S": MINE[3:]}, {"turn": "N", "trick": [("E", ["sword-K"])]}, {"E": 3, "N": 12, "W": 7},
         ["sword-K"]),
        ({"S": ["jade-2", "star-9"]}, {"turn": None, "gift_by": "S",
                                        "trick": [("W", ["pagoda-K"]), ("S", ["dragon"])]},
         {"E": 5, "N": 6, "W": 8}, ["pagoda-K", "dragon"]),
    ]
    decisions = []
    for mine, fields, counts, on_table in situations:
        used = set(mine["S"]) | set(on_table)
        n = sum(counts.values())
        rest_size = 56 - len(used)
        picks = [i for i in permutation if i < rest_size][:n]
        hidden = _hidden(picks, counts, used)
        decisions.append(_decision(position({**mine, **hidden}, **fields), strength))
    return decisions


@settings(max_examples=6, deadline=None)
@given(first=st.permutations(range(42)), second=st.permutations(range(42)))
def test_the_grand_call_and_the_exchange_ignore_the_hidden_deal(first, second):
    for strength in ("normal", "expert"):
        assert _grand_and_exchange(first, strength) == _grand_and_exchange(second, strength)


@settings(max_examples=6, deadline=None)
@given(first=st.permutations(range(54)), second=st.permutations(range(54)))
def test_plays_bombs_and_gifts_ignore_the_hidden_deal(first, second):
    for strength in ("normal", "expert"):
        one, two = _play_positions(first, strength), _play_positions(second, strength)
        assert one == two
        assert one[0] is not None and one[1] is not None and one[3]["type"] == "gift"
