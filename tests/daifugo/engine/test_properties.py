"""Property tests over random legal games: they never raise, the 52 cards are conserved,
no view shows a hidden card, the JSON state round-trips, the input state is never changed,
and replaying a game's record reproduces its final state and scores."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from daifugo.engine import (apply, build_record, from_json, legal_actions, new_game, next_hand, replay,
                                   server_actions, shuffled_deal, to_json, view)
from daifugo.bots import choose_action
from daifugo.engine.cards import CARD_IDS
from daifugo.engine.record import fold
from daifugo.engine.state import check_conservation

games = st.tuples(st.integers(0, 2**32), st.sampled_from([4, 5]), st.booleans())


def cards_in(value) -> set:
    """Every card name anywhere in a JSON-able value."""
    if isinstance(value, str):
        return {value} if value in CARD_IDS else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def allowed_cards(state, seat_view):
    """The cards a view may show: played ones, and for a seat its hand and its exchange."""
    public = {name for play in seat_view["played"] for name in play["cards"]}
    if seat_view["seat"] is None:
        return public
    exchange = seat_view["my_exchange"] or {}
    return public | set(seat_view["hand"]) | set(exchange.get("gave") or ()) | set(exchange.get("got") or ())


def hand_of(state, seat):
    return {name for name in CARD_IDS if CARD_IDS[name] in state.hands[int(seat) - 1]}


def random_game(seed, players, revolution, check, unchanged=False):
    """A whole game of random legal actions; ``check`` sees every state after an action;
    with ``unchanged``, each input state is compared with its JSON from before ``apply``."""
    rng = random.Random(seed)
    options = {"players": players, "hands": 4, "revolution": revolution}
    state = new_game(options, shuffled_deal(rng, players))
    seats = view(state)["seats"]
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state = next_hand(state, shuffled_deal(rng, players))
            continue
        forced = server_actions(state)
        if forced:
            action = forced[0]
        else:
            seat = next(s for s in seats if legal_actions(state, s))
            action = choose_action(view(state, seat), "beginner", rng)
        before = to_json(state) if unchanged else None
        new, _ = apply(state, action)
        assert before is None or to_json(state) == before
        check(new)
        state = new
    return state


@settings(max_examples=4, deadline=None)
@given(games)
def test_random_legal_games_conserve_cards_and_hide_hidden_cards(params):
    seed, players, revolution = params

    def check(state):
        assert check_conservation(state)
        for seat in [None] + view(state)["seats"]:
            seat_view = view(state, seat)
            assert cards_in(seat_view) <= allowed_cards(state, seat_view)
            if seat is not None:
                assert set(seat_view["hand"]) == hand_of(state, seat)

    final = random_game(seed, players, revolution, check, unchanged=True)
    assert final.phase == "game_over"
    assert sum(final.totals) == 4 * sum(range(players))


@settings(max_examples=6, deadline=None)
@given(games)
def test_the_json_state_round_trips(params):
    seed, players, revolution = params
    steps = []

    def check(state):
        # Every few steps: the log makes each round trip cost as much as the game so far.
        steps.append(state)
        if len(steps) % 5 == 0 or state.phase != "play":
            assert from_json(json.loads(json.dumps(to_json(state)))) == state

    random_game(seed, players, revolution, check)


@settings(max_examples=12, deadline=None)
@given(games)
def test_replaying_a_games_record_reproduces_its_final_state_and_scores(params):
    seed, players, revolution = params
    final = random_game(seed, players, revolution, lambda state: None)
    record = json.loads(json.dumps(build_record(final)))
    assert fold(record) == final
    result = replay(record)
    assert result == {"ok": True, "hands": [dict(r) for r in final.results],
                      "totals": {str(i + 1): t for i, t in enumerate(final.totals)},
                      "winner": list(final.winner)}
