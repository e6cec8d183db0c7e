"""The exchange (seed 004, "Titel und Tausch"; spec daifugo.md, "Titles and exchange")."""

import pytest

from daifugo.engine import IllegalAction, apply, legal_actions, new_game, server_actions, view

from .helpers import deal, finish_hand, game, give, play, second_hand

def code_of(state, action):
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    return caught.value.code


def test_there_is_no_exchange_in_the_first_hand():
    state = game({})
    assert (state.phase, server_actions(state), view(state)["exchange"]) == ("play", [], [])


def test_from_the_second_hand_the_exchange_comes_after_the_deal_and_before_play():
    state, places = second_hand({})
    assert view(state)["phase"] == "exchange"
    assert view(state)["turn"] is None
    assert code_of(state, {"seat": places[3], "type": "play", "cards": view(state, places[3])["hand"][:1]}) == "wrong_phase"


def test_the_beggar_gives_their_two_highest_cards_to_the_president():
    state, places = second_hand({3: "heart-2 club-A spade-K", 0: "club-3"})
    president, beggar = places[0], places[3]
    assert {"seat": beggar, "type": "give", "cards": ["club-A", "heart-2"], "to": president} in server_actions(state)
    state = give(state, beggar, "club-A heart-2", president)
    assert {"club-A", "heart-2"} <= set(view(state, president)["hand"])
    assert not {"club-A", "heart-2"} & set(view(state, beggar)["hand"])


def test_the_beggar_may_not_keep_a_higher_card():
    state, places = second_hand({3: "heart-2 club-A spade-K"})
    action = {"seat": places[3], "type": "give", "cards": ["spade-K", "heart-2"], "to": places[0]}
    assert code_of(state, action) == "must_give_highest"


def test_among_equal_ranks_any_card_counts_as_highest():
    state, places = second_hand({3: "club-2 diamond-2 heart-2"})
    state = give(state, places[3], "club-2 heart-2", places[0])
    assert "diamond-2" in view(state, places[3])["hand"]


def test_the_president_gives_back_any_two_cards_even_ones_just_received():
    state, places = second_hand({3: "heart-2 club-A", 0: "club-3 club-4"})
    president, beggar = places[0], places[3]
    state = give(state, beggar, "club-A heart-2", president)
    template = legal_actions(state, president)
    assert template == [{"seat": president, "type": "give", "cards": None, "count": 2, "to": beggar,
                         "hand": view(state, president)["hand"]}]
    state = give(state, president, "heart-2 club-4", beggar)
    assert {"heart-2", "club-4"} <= set(view(state, beggar)["hand"])


def test_the_president_gives_back_only_after_receiving():
    state, places = second_hand({0: "club-3 club-4"})
    assert legal_actions(state, places[0]) == []
    assert code_of(state, {"seat": places[0], "type": "give", "cards": ["club-3", "club-4"],
                           "to": places[3]}) == "wait_for_cards"


def test_the_vice_beggar_gives_the_highest_card_to_the_vice_president_who_gives_back_one():
    state, places = second_hand({2: "spade-2 heart-A", 1: "diamond-5"})
    vice_president, vice_beggar = places[1], places[2]
    assert {"seat": vice_beggar, "type": "give", "cards": ["spade-2"], "to": vice_president} in server_actions(state)
    state = give(state, vice_beggar, "spade-2", vice_president)
    assert code_of(state, {"seat": vice_president, "type": "give", "cards": ["diamond-5", "spade-2"],
                           "to": vice_beggar}) == "wrong_count"
    state = give(state, vice_president, "diamond-5", vice_beggar)
    assert "diamond-5" in view(state, vice_beggar)["hand"]


def test_gives_go_only_to_the_exchange_partner_and_only_once():
    state, places = second_hand({3: "heart-2 club-A"})
    beggar = places[3]
    assert code_of(state, {"seat": beggar, "type": "give", "cards": ["club-A", "heart-2"],
                           "to": places[1]}) == "wrong_recipient"
    state = give(state, beggar, "club-A heart-2", places[0])
    assert code_of(state, {"seat": beggar, "type": "give", "cards": view(state, beggar)["hand"][:2],
                           "to": places[0]}) == "already_given"


def test_with_five_players_the_citizen_takes_no_part_in_the_exchange():
    state, places = second_hand({}, players=5)
    citizen = places[2]
    assert code_of(state, {"seat": citizen, "type": "give", "cards": view(state, citizen)["hand"][:1],
                           "to": places[0]}) == "not_in_exchange"
    assert {a["seat"] for a in server_actions(state)} == {places[3], places[4]}
    assert [(x["from"], x["to"], x["count"]) for x in view(state)["exchange"]] == [
        (places[4], places[0], 2), (places[3], places[1], 1)]


def exchanged(state, places):
    for action in server_actions(state):
        state, _ = apply(state, action)
    for place, partner in ((0, 3), (1, 2)):
        template = legal_actions(state, places[place])[0]
        state = give(state, places[place], " ".join(template["hand"][-template["count"]:]), places[partner])
    return state


def test_after_the_exchange_the_beggar_leads():
    state, places = second_hand({})
    state = exchanged(state, places)
    assert (view(state)["phase"], view(state)["turn"]) == ("play", places[3])


def test_the_beggar_leads_even_without_the_3_of_clubs():
    state, places = second_hand({0: "club-3"})
    state = exchanged(state, places)
    assert view(state)["turn"] == places[3]
    assert "club-3" not in view(state, places[3])["hand"]


def test_exchanged_cards_are_seen_only_by_the_two_players_involved():
    state, places = second_hand({3: "heart-2 club-A", 0: "club-3 club-4"})
    president, beggar = places[0], places[3]
    state, events = apply(state, {"seat": beggar, "type": "give", "cards": ["club-A", "heart-2"], "to": president})
    assert "heart-2" not in str(events)
    state = give(state, president, "club-3 club-4", beggar)
    assert view(state, president)["my_exchange"] == {"partner": beggar, "count": 2, "gave": ["club-3", "club-4"],
                                                     "got": ["club-A", "heart-2"]}
    assert view(state, beggar)["my_exchange"] == {"partner": president, "count": 2, "gave": ["club-A", "heart-2"],
                                                  "got": ["club-3", "club-4"]}
    for seat in (places[1], places[2], None):
        seen = str(view(state, seat)).replace(str(view(state, seat).get("hand")), "")
        for card in ("club-A", "heart-2", "club-3", "club-4"):
            assert card not in seen


def test_the_exchange_uses_the_normal_order_even_after_a_revolution():
    """Seed 004, "Revolution": every hand starts in the normal order, and so does the
    exchange's "highest"."""
    first = game({"1": "club-3 club-4 diamond-4 heart-4 spade-4"}, revolution=True)
    first = finish_hand(play(first, "1", "club-4 diamond-4 heart-4 spade-4"))
    assert first.reversed
    state, places = second_hand({3: "heart-2 diamond-3 club-3"}, revolution=True, first=first)
    assert not view(state)["reversed"]
    forced = next(a for a in server_actions(state) if a["seat"] == places[3])
    assert "heart-2" in forced["cards"]
    assert "club-3" not in forced["cards"]


def test_cards_move_only_between_the_exchange_partners():
    state, places = second_hand({})
    before = dict(view(state)["hand_counts"])
    state = exchanged(state, places)
    assert view(state)["hand_counts"] == before


def test_five_player_deals_give_two_seats_one_card_more():
    state = new_game({"players": 5}, deal({}, 5))
    assert sorted(view(state)["hand_counts"].values()) == [10, 10, 10, 11, 11]
