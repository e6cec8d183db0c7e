"""Dealing, Grand Tichu decision and exchange (tichu.md "Dealing, Grand Tichu, exchange";
seed 000 steps 1-2 and FAQ; seed 001 4.2, 4.3, 5.2.2)."""

import random

import pytest

from tichu.engine import IllegalAction, legal_actions, new_game, shuffled_deal, view
from tichu.engine.state import _checked_deal, parse_deal

from .helpers import act, deal_for, exchange_for, fill, rejected, start


def _game(seed=7):
    return new_game({"target": 1000}, shuffled_deal(random.Random(seed)))


def test_a_seat_sees_only_its_first_8_cards_before_everyone_decided():
    """tichu.md step 1; seed 001 5.2.2: Grand Tichu is decided on 8 cards."""
    deal = shuffled_deal(random.Random(7))
    state = new_game({"target": 1000}, deal)
    state = act(state, "S", "grand", call=False)
    assert sorted(view(state, "S")["hand"]) == sorted(deal["S"][:8])
    assert view(state, "N")["hand_counts"] == {"S": 8, "E": 8, "N": 8, "W": 8}


def test_the_last_6_cards_come_when_all_four_decided():
    deal = shuffled_deal(random.Random(7))
    state = new_game({"target": 1000}, deal)
    for seat in "SENW":
        state = act(state, seat, "grand", call=False)
    assert state.phase == "exchange"
    assert sorted(view(state, "S")["hand"]) == sorted(deal["S"])


def test_grand_tichu_cannot_be_called_after_seeing_all_14_cards():
    """Seed 000 FAQ "Kann ich ein Grosses Tichu ansagen, nachdem ich alle Karten gesehen
    habe?" — no."""
    state = _game()
    for seat in "SENW":
        state = act(state, seat, "grand", call=False)
    assert rejected(state, {"seat": "S", "type": "grand", "call": True}) == "wrong_phase"


def test_each_seat_decides_grand_tichu_once_in_any_order():
    state = act(_game(), "W", "grand", call=True)
    assert rejected(state, {"seat": "W", "type": "grand", "call": False}) == "already_decided"
    assert state.calls[3] == "grand"


def test_small_tichu_waits_until_the_grand_phase_is_over():
    """records.md: small Tichu any time after the grand phase."""
    assert rejected(_game(), {"seat": "S", "type": "tichu"}) == "wrong_phase"


def test_exchanged_cards_are_revealed_at_once_when_all_four_chose():
    """Seed 000 step 2: revealed at the same time."""
    full = fill({})
    state = new_game({"target": 1000}, deal_for(full))
    for seat in "SENW":
        state = act(state, seat, "grand", call=False)
    for seat in "SEN":
        state = act(state, seat, "exchange", give=exchange_for(seat, full))
    assert state.phase == "exchange" and view(state, "E")["received"] is None
    assert view(state, "S")["exchange"] == exchange_for("S", full)
    assert "exchange" not in view(state, None)
    state = act(state, "W", "exchange", give=exchange_for("W", full))
    assert state.phase == "play"
    assert view(state, "E")["received"] == {"S": exchange_for("S", full)["E"],
                                            "N": exchange_for("N", full)["E"],
                                            "W": exchange_for("W", full)["E"]}


def test_the_exchange_gives_one_card_to_each_other_seat():
    state = _game()
    for seat in "SENW":
        state = act(state, seat, "grand", call=False)
    hand = view(state, "S")["hand"]
    assert rejected(state, {"seat": "S", "type": "exchange", "give": {"E": hand[0], "N": hand[1]}}) == "bad_exchange"
    assert rejected(state, {"seat": "S", "type": "exchange", "give": {"E": hand[0], "N": hand[0], "W": hand[1]}}) == "bad_exchange"
    assert rejected(state, {"seat": "S", "type": "exchange", "give": {"E": hand[0], "N": hand[1], "S": hand[2]}}) == "bad_exchange"
    other = view(state, "E")["hand"][0]
    assert rejected(state, {"seat": "S", "type": "exchange", "give": {"E": hand[0], "N": hand[1], "W": other}}) == "not_in_hand"
    state = act(state, "S", "exchange", give={"E": hand[0], "N": hand[1], "W": hand[2]})
    assert rejected(state, {"seat": "S", "type": "exchange", "give": {"E": hand[3], "N": hand[4], "W": hand[5]}}) == "already_decided"


def test_the_exchange_template_lists_the_hand_and_the_other_seats():
    state = _game()
    for seat in "SENW":
        state = act(state, seat, "grand", call=False)
    template = [a for a in legal_actions(state, "N") if a["type"] == "exchange"][0]
    assert template["to"] == ["S", "E", "W"] and len(template["hand"]) == 14


def test_the_mahjong_holder_after_the_exchange_leads():
    """tichu.md step 3 and seed 001 4.3.1: the Mahjong's holder (after the exchange) leads."""
    state = start({"W": ["mahjong"]})
    assert state.turn == 3
    assert view(state, None)["mahjong_holder"] == "W"


def test_a_deal_must_have_14_distinct_known_cards_per_seat():
    deal = shuffled_deal(random.Random(1))
    broken = dict(deal, S=deal["S"][:13])
    with pytest.raises(IllegalAction) as caught:
        new_game({"target": 1000}, broken)
    assert caught.value.code == "bad_deal"
    with pytest.raises(IllegalAction):
        new_game({"target": 1000}, dict(deal, S=deal["E"]))


def test_a_deal_is_read_alike_by_the_quick_path_and_the_checks():
    """``parse_deal`` reads a well-formed deal in C loops and leaves everything else to the
    checks, which name the fault: both must agree on every deal, good or broken."""
    def outcome(read, deal):
        try:
            return read(deal)
        except IllegalAction as error:
            return error.code, error.message

    rng = random.Random(5)
    for _ in range(200):
        deal = shuffled_deal(rng)
        seat, other = rng.sample(["S", "E", "N", "W"], 2)
        broken = [dict(deal, **{seat: deal[seat][:13]}), dict(deal, **{seat: deal[seat] + ["dog"]}),
                  dict(deal, **{seat: deal[seat][:13] + deal[other][:1]}),
                  dict(deal, **{seat: deal[seat][:13] + ["jade-1"]}),
                  dict(deal, **{seat: deal[seat][:13] + [7]}), dict(deal, **{seat: deal[seat][:13] + [[]]}),
                  dict(deal, **{seat: tuple(deal[seat])}), {k: v for k, v in deal.items() if k != seat},
                  dict(deal, X=[]), list(deal.items())]
        assert parse_deal(deal) == _checked_deal(deal)
        for bad in broken:
            assert isinstance(outcome(_checked_deal, bad)[0], str)
            assert outcome(parse_deal, bad) == outcome(_checked_deal, bad)
