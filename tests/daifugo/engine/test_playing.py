"""Playing a trick (seed 004, "Ausspielen"; spec daifugo.md, "Playing")."""

import pytest

from daifugo.engine import IllegalAction, apply, legal_actions, view

from .helpers import game, pass_, play

# Seat 1 holds the 3 of clubs and leads the first hand in all of these games.
HANDS = {
    "1": "club-3 heart-5 spade-5 club-9 heart-9 spade-9 diamond-J heart-J club-K",
    "2": "diamond-3 heart-4 club-6 diamond-9 club-J spade-J heart-2",
    "3": "heart-3 club-5 diamond-7 heart-10",
    "4": "spade-3 diamond-5 club-8 diamond-K",
}


def start():
    return game(HANDS)


def refused(state, seat, cards=None):
    action = {"seat": seat, "type": "pass"} if cards is None else {"seat": seat, "type": "play", "cards": cards.split()}
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    return caught.value.code


@pytest.mark.parametrize("cards", ["club-9", "heart-9 spade-9", "club-9 heart-9 spade-9"])
def test_a_lead_may_be_a_single_a_pair_or_a_triple(cards):
    state = play(start(), "1", cards)
    assert view(state)["top"] == {"seat": "1", "cards": cards.split()}


def test_a_lead_may_be_four_of_a_kind():
    state = play(game({"1": "club-3 club-7 diamond-7 heart-7 spade-7"}), "1", "club-7 diamond-7 heart-7 spade-7")
    assert view(state)["top"]["cards"] == ["club-7", "diamond-7", "heart-7", "spade-7"]


def test_all_cards_of_a_play_share_one_rank():
    assert refused(start(), "1", "club-3 heart-5") == "not_one_rank"


def test_a_play_needs_at_least_one_card():
    assert refused(start(), "1", "") == "no_cards"


def test_the_holder_of_the_3_of_clubs_leads_the_first_hand():
    state = game({"3": "club-3"})
    assert view(state)["turn"] == "3"


def test_the_first_lead_need_not_contain_the_3_of_clubs():
    state = play(start(), "1", "heart-9 spade-9")
    assert "club-3" in view(state, "1")["hand"]


def test_a_follower_must_play_as_many_cards_as_the_lead():
    state = play(start(), "1", "heart-5 spade-5")
    assert refused(state, "2", "club-6") == "does_not_match"


def test_a_follower_must_play_a_strictly_higher_rank_equal_is_not_enough():
    state = play(start(), "1", "club-9")
    assert refused(state, "2", "diamond-9") == "does_not_beat"
    assert refused(state, "2", "club-6") == "does_not_beat"
    assert view(play(state, "2", "club-J"))["top"]["seat"] == "2"


def test_ranks_run_from_3_up_to_2():
    state = play(start(), "1", "club-K")
    state = play(state, "2", "heart-2")
    assert refused(state, "3", "heart-10") == "does_not_beat"
    assert refused(pass_(state, "3"), "4", "diamond-K") == "does_not_beat"


def test_suits_never_matter():
    state = play(start(), "1", "heart-5")
    assert refused(state, "2", "heart-4") == "does_not_beat"
    assert refused(pass_(state, "2"), "3", "club-5") == "does_not_beat"


def test_a_single_2_does_not_beat_a_pair():
    """FAQ 1 ("Schlägt eine einzelne 2 ein Paar?"): on a pair of 9s, with a pair of jacks
    and a 2, the jacks beat it and the single 2 does not."""
    state = play(game({"1": "club-3 club-9 heart-9", "2": "club-J spade-J heart-2"}), "1", "club-9 heart-9")
    assert refused(state, "2", "heart-2") == "does_not_match"
    assert {"seat": "2", "type": "play", "cards": ["heart-2"]} not in legal_actions(state, "2")
    assert view(play(state, "2", "club-J spade-J"))["top"] == {"seat": "2", "cards": ["club-J", "spade-J"]}


def test_anyone_may_pass_and_play_again_later_in_the_same_trick():
    state = play(start(), "1", "club-3")
    state = pass_(state, "2")
    state = play(state, "3", "club-5")
    state = pass_(state, "4")
    state = pass_(state, "1")
    state = play(state, "2", "club-6")
    assert view(state)["trick"] == [{"seat": "1", "cards": ["club-3"]}, {"seat": "3", "cards": ["club-5"]},
                                    {"seat": "2", "cards": ["club-6"]}]
    assert view(state)["passed"] == []


def test_the_leader_cannot_pass():
    assert refused(start(), "1") == "cannot_pass_lead"


def test_only_the_seat_in_turn_plays_or_passes():
    state = start()
    assert refused(state, "2", "heart-4") == "not_your_turn"
    assert refused(play(state, "1", "club-3"), "3") == "not_your_turn"


def test_when_all_others_passed_the_trick_ends_and_its_last_player_leads():
    state = play(start(), "1", "club-3")
    state = play(state, "2", "heart-4")
    for seat in ("3", "4", "1"):
        state = pass_(state, seat)
    public = view(state)
    assert (public["trick"], public["top"], public["turn"]) == ([], None, "2")


def test_when_the_last_player_is_out_the_next_player_with_cards_leads():
    state = game({"1": "club-3", "2": "heart-7 club-4 diamond-4 heart-4 spade-4 club-5 diamond-5 heart-5 spade-5 "
                                        "club-6 diamond-6 heart-6 spade-6"})
    state = play(state, "1", "club-3")
    state = play(state, "2", "heart-7")
    for seat in ("3", "4", "1"):
        state = pass_(state, seat)
    for rank in ("4", "5", "6"):
        state = play(state, "2", " ".join(f"{s}-{rank}" for s in ("club", "diamond", "heart", "spade")))
        if rank != "6":
            for seat in ("3", "4", "1"):
                state = pass_(state, seat)
    assert view(state)["out"] == ["2"]
    assert view(state)["turn"] == "3"
    for seat in ("3", "4", "1"):
        state = pass_(state, seat)
    assert view(state)["turn"] == "3"
    assert view(state)["trick"] == []


def test_a_player_who_is_out_gets_no_more_turns():
    state = game({"1": "club-3", "2": "heart-7 club-4 diamond-4 heart-4 spade-4 club-5 diamond-5 heart-5 spade-5 "
                                        "club-6 diamond-6 heart-6 spade-6"})
    state = play(state, "1", "club-3")
    state = play(state, "2", "heart-7")
    for seat in ("3", "4", "1"):
        state = pass_(state, seat)
    for rank in ("4", "5", "6"):
        state = play(state, "2", " ".join(f"{s}-{rank}" for s in ("club", "diamond", "heart", "spade")))
        for seat in ("3", "4", "1"):
            state = pass_(state, seat)
    state = play(state, "3", view(state, "3")["hand"][0])
    state = pass_(pass_(state, "4"), "1")
    assert view(state)["turn"] == "3"
    assert legal_actions(state, "2") == []


@pytest.mark.parametrize("cards, code", [
    ("club-1", "unknown_card"), ("club-3 club-3", "duplicate_card"), ("heart-4", "not_in_hand"),
])
def test_a_play_must_name_known_distinct_cards_of_ones_own_hand(cards, code):
    assert refused(start(), "1", cards) == code


def test_legal_actions_list_every_set_of_cards_that_may_be_played():
    state = play(start(), "1", "heart-5")
    follows = [a["cards"] for a in legal_actions(state, "2") if a["type"] == "play"]
    higher = [[card] for card in view(state, "2")["hand"] if card.split("-")[1] not in ("3", "4", "5")]
    assert follows == higher
    assert ["heart-2"] in follows and ["heart-4"] not in follows
    assert {"seat": "2", "type": "pass"} in legal_actions(state, "2")
    nines = [a["cards"] for a in legal_actions(start(), "1") if a["cards"][0].endswith("-9")]
    assert len(nines) == 7
