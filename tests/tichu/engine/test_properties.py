"""Properties of random legal games (hypothesis draws the seeds of the random players)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tichu.engine import (IllegalAction, apply, build_record, from_json, legal_actions, new_game, replay,
                                 shuffled_deal, to_json, view)
from tichu.engine.cards import CARD_NAMES, SEATS, cards_of
from tichu.engine.record import fold
from tichu.engine.state import check_conservation

from .helpers import hand_of as hand_names
from .randomplay import concrete, random_game, random_hand

seeds = st.integers(min_value=0, max_value=2**32 - 1)
FEW = settings(max_examples=20, deadline=None)


@FEW
@given(seeds)
def test_random_legal_games_never_raise_and_conserve_the_56_cards(seed):
    def check(old, action, new):
        assert check_conservation(new)

    state = random_game(random.Random(seed), hands=2, on_step=check)
    assert state.phase in ("grand", "game_over")


@FEW
@given(seeds)
def test_card_points_sum_to_100_in_every_hand_without_a_double_victory(seed):
    state = random_game(random.Random(seed), hands=3)
    for result in state.results:
        if not result["double_victory"]:
            assert sum(result["card_points"].values()) == 100


def _hidden_from(state, seat):
    """Names of cards the seat (None: spectator) must not see."""
    hidden = set()
    for other in range(4):
        if seat is not None and other == SEATS.index(seat):
            if state.phase == "grand":
                hidden |= {CARD_NAMES[c] for c in state.deal[other][8:]}
            continue
        mask = state.hands[other]
        if seat is not None and state.exchange[SEATS.index(seat)] is not None:
            mask &= ~(1 << state.exchange[SEATS.index(seat)][other] if other != SEATS.index(seat) else 0)
        hidden |= {CARD_NAMES[c] for c in cards_of(mask)}
    return hidden


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


@FEW
@given(seeds)
def test_no_view_ever_shows_another_seats_hidden_card(seed):
    def check(old, action, new):
        for seat in SEATS + (None,):
            seen = set(_strings(view(new, seat)))
            assert not seen & _hidden_from(new, seat), (seat, seen & _hidden_from(new, seat))

    random_game(random.Random(seed), hands=1, on_step=check)


@FEW
@given(seeds)
def test_apply_leaves_the_previous_state_as_it_was_at_every_step(seed):
    """States share their field values, the log and the listed action dicts: applying an
    action (listed, a copy with a wish, or the server's) must not change the old state, and
    applying it a second time to the old state must give the same result."""
    def check(old, action, new):
        assert json.dumps(to_json(old)) == before[0]
        again, _ = apply(old, action)
        assert again == new and json.dumps(to_json(old)) == before[0]
        before[0] = json.dumps(to_json(new))

    rng = random.Random(seed)
    before = [None]
    state = new_game({"target": 1000}, shuffled_deal(rng))
    before[0] = json.dumps(to_json(state))
    random_hand(state, rng, on_step=check)


@FEW
@given(seeds)
def test_json_round_trip_is_identity_at_every_step(seed):
    def check(old, action, new):
        assert from_json(json.loads(json.dumps(to_json(new)))) == new

    random_game(random.Random(seed), hands=1, on_step=check)


@FEW
@given(seeds)
def test_replaying_a_games_record_reproduces_its_state_and_scores(seed):
    state = random_game(random.Random(seed), hands=3)
    record = json.loads(json.dumps(build_record(state)))
    assert fold(record) == state
    out = replay(record)
    assert out["ok"] and out["hands"] == list(state.results)
    assert out["totals"] == {"NS": state.totals[0], "EW": state.totals[1]}
    assert out["winner"] == state.winner


@FEW
@given(seeds, st.integers(min_value=0, max_value=400))
def test_a_record_cut_inside_a_hand_replays_as_in_progress(seed, cut):
    state = random_game(random.Random(seed), hands=1)
    record = build_record(state)
    first = record["hands"][0]
    cut = cut % (len(first["actions"]) + 1)
    record["hands"] = [{"deal": first["deal"], "actions": first["actions"][:cut]}]
    out = replay(record)
    assert out["ok"] and out["winner"] is None
    if cut < len(first["actions"]):
        assert out["in_progress"] is True and out["hands"] == []
    else:
        assert "in_progress" not in out and out["hands"] == [state.results[0]]


@settings(max_examples=10, deadline=None)
@given(seeds)
def test_every_listed_action_is_accepted_by_apply(seed):
    rng = random.Random(seed)

    def check(old, action, new):
        for seat in SEATS:
            listed = [concrete(a, rng) for a in legal_actions(new, seat)]
            for listed_action in rng.sample(listed, min(len(listed), 8)):
                apply(new, listed_action)

    random_game(random.Random(seed), hands=1, on_step=check)


@settings(max_examples=10, deadline=None)
@given(seeds)
def test_a_seat_with_no_listed_play_cannot_play(seed):
    rng = random.Random(seed)

    def check(old, action, new):
        if new.phase != "play":
            return
        for seat in SEATS:
            if any(a["type"] == "play" for a in legal_actions(new, seat)):
                continue
            hand = hand_names(new, seat)
            for card in rng.sample(hand, min(len(hand), 3)):
                with pytest.raises(IllegalAction):
                    apply(new, {"seat": seat, "type": "play", "cards": [card]})

    random_game(random.Random(seed), hands=1, on_step=check)


@settings(max_examples=10, deadline=None)
@given(seeds)
def test_every_play_apply_accepts_is_listed(seed):
    rng = random.Random(seed)

    def check(old, action, new):
        if new.phase != "play" or new.turn is None:
            return
        seat = SEATS[new.turn]
        hand = hand_names(new, seat)
        listed = {(frozenset(a["cards"]), a.get("phoenix")) for a in legal_actions(new, seat) if a["type"] == "play"}
        listed_cards = {cards for cards, _ in listed}
        for _ in range(30):
            cards = rng.sample(hand, rng.randint(1, min(len(hand), 7)))
            try:
                apply(new, {"seat": seat, "type": "play", "cards": cards})
            except IllegalAction:
                continue
            assert frozenset(cards) in listed_cards, cards

    random_game(random.Random(seed), hands=1, on_step=check)


@FEW
@given(seeds)
def test_a_seat_the_view_says_lacks_a_rank_never_holds_it(seed):
    """``lacks`` is read off public play only; it may never claim what the hands deny."""
    from tichu.engine.cards import RANK_MASKS, RANK_VALUES, SEAT_INDEX

    claims = []

    def check(old, action, new):
        for seat, ranks in view(new, None)["lacks"].items():
            for rank in ranks:
                claims.append(rank)
                assert not new.hands[SEAT_INDEX[seat]] & RANK_MASKS[RANK_VALUES[rank]], (seat, rank)

    for _ in range(3):
        random_game(random.Random(seed), hands=2, on_step=check)
        seed += 1
