"""Finishing places, titles, points and the end of the game (seed 004, "Titel und Tausch",
"Wertung"; spec daifugo.md, "Playing", "Titles and exchange", "Scoring")."""

import random

import pytest

from daifugo.engine import IllegalAction, apply, next_hand, view
from daifugo.bots.arena import play_game

from .helpers import deal, finish_hand, game, pass_, play

BEGINNERS = {seat: "beginner" for seat in ("1", "2", "3", "4")}


def test_a_player_who_runs_out_finishes_in_the_next_free_place():
    state = game({"1": "club-3", "2": "heart-7 club-4 diamond-4 heart-4 spade-4 club-5 diamond-5 heart-5 spade-5 "
                                        "club-6 diamond-6 heart-6 spade-6"})
    state = play(play(state, "1", "club-3"), "2", "heart-7")
    for seat in ("3", "4", "1"):
        state = pass_(state, seat)
    for rank in ("4", "5", "6"):
        state, events = apply(state, {"seat": "2", "type": "play",
                                      "cards": [f"{s}-{rank}" for s in ("club", "diamond", "heart", "spade")]})
        if rank != "6":
            for seat in ("3", "4", "1"):
                state = pass_(state, seat)
    assert {"type": "out", "seat": "2", "place": 1} in events
    assert view(state)["out"] == ["2"]


def test_the_last_player_with_cards_takes_the_last_place_and_the_hand_ends():
    state = finish_hand(game({}))
    result = state.results[0]
    holding = [seat for seat, count in view(state)["hand_counts"].items() if count]
    assert len(holding) == 1
    assert result["places"][-1] == holding[0]
    assert sorted(result["places"]) == ["1", "2", "3", "4"]
    assert view(state)["phase"] == "hand_over"


def test_titles_with_four_players():
    result = finish_hand(game({})).results[0]
    places = result["places"]
    assert result["titles"] == {places[0]: "president", places[1]: "vice_president",
                                places[2]: "vice_beggar", places[3]: "beggar"}


def test_titles_with_five_players_have_a_citizen_in_the_middle():
    result = finish_hand(game({}, players=5)).results[0]
    places = result["places"]
    assert [result["titles"][seat] for seat in places] == [
        "president", "vice_president", "citizen", "vice_beggar", "beggar"]


@pytest.mark.parametrize("players, points", [(4, [3, 2, 1, 0]), (5, [4, 3, 2, 1, 0])])
def test_points_are_the_number_of_players_minus_the_place(players, points):
    state = finish_hand(game({}, players=players))
    result = state.results[0]
    assert [result["points"][seat] for seat in result["places"]] == points
    assert view(state)["totals"] == result["points"]


@pytest.mark.parametrize("hands_total", [4, 8])
def test_the_game_ends_after_4_or_8_hands(hands_total):
    state = game({}, hands_total=hands_total)
    for number in range(hands_total):
        state = finish_hand(state)
        if number < hands_total - 1:
            assert state.phase == "hand_over"
            state = next_hand(state, deal({}))
    assert state.phase == "game_over"
    assert len(state.results) == hands_total
    with pytest.raises(IllegalAction) as caught:
        next_hand(state, deal({}))
    assert caught.value.code == "game_over"


def test_the_next_hand_waits_for_the_current_one():
    with pytest.raises(IllegalAction) as caught:
        next_hand(game({}), deal({}))
    assert caught.value.code == "hand_not_over"


def test_no_action_after_a_hand_has_ended():
    state = finish_hand(game({}))
    with pytest.raises(IllegalAction) as caught:
        apply(state, {"seat": "1", "type": "pass"})
    assert caught.value.code == "hand_over"


def test_the_highest_total_wins_and_a_tie_at_the_top_is_a_shared_win():
    shared = single = None
    for seed in range(200):
        state = play_game({"players": 4, "hands": 4}, BEGINNERS, random.Random(seed))
        best = max(state.totals)
        top = [str(i + 1) for i, total in enumerate(state.totals) if total == best]
        assert list(state.winner) == top
        if len(top) > 1:
            shared = state
        else:
            single = state
        if shared and single:
            break
    assert shared is not None and single is not None
    assert len(view(shared)["winner"]) >= 2
