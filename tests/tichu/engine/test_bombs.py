"""Bombs (tichu.md "Bombs"; seed 000 FAQ "Bomben"; seed 001 4.7)."""

from tichu.engine import legal_actions

from .helpers import collect, pass_, play, rejected, table

FOUR_SEVENS = ["jade-7", "sword-7", "pagoda-7", "star-7"]
FLUSH_2_6 = ["sword-2", "sword-3", "sword-4", "sword-5", "sword-6"]


def test_a_bomb_can_be_played_out_of_turn():
    """Seed 000 FAQ "Kann ich eine Bombe spielen, wenn ich nicht am Zug bin?" — yes."""
    state = table(S=["jade-K", "jade-2"], N=FOUR_SEVENS + ["jade-3"])
    state = play(state, "S", "jade-K")
    assert state.turn == 1
    state = play(state, "N", *FOUR_SEVENS)
    assert state.trick[-1][0] == 2


def test_play_continues_to_the_right_of_the_bomber():
    """tichu.md: the bomb interrupts the next player; play continues right of the bomber."""
    state = table(S=["jade-K", "jade-2"], N=FOUR_SEVENS + ["jade-3"])
    state = play(state, "S", "jade-K")
    state = play(state, "N", *FOUR_SEVENS)
    assert state.turn == 3


def test_a_bomb_can_beat_the_own_teams_play():
    """Seed 000 FAQ "Kann ich die Kombination meines eigenen Teams bomben?" — yes."""
    state = table(S=["jade-K", "jade-2"], N=FOUR_SEVENS + ["jade-3"], turn="S")
    state = play(state, "S", "jade-K")
    state = play(state, "N", *FOUR_SEVENS)
    assert state.trick[-1][0] == 2


def test_a_player_may_bomb_their_own_dragon_to_avoid_the_gift():
    """Seed 001 4.7.3 e): bombing one's own Dragon turns it into a bomb trick, no gift."""
    state = table(S=["dragon"] + FOUR_SEVENS + ["jade-3"])
    state = play(state, "S", "dragon")
    state = play(state, "S", *FOUR_SEVENS)
    for seat in "ENW":
        state = pass_(state, seat)
    state = collect(state)
    assert state.gift_by is None and state.turn == 0
    assert state.won[0] >> 2 & 1


def test_the_dog_cannot_be_bombed():
    """Seed 000 FAQ "Kann der Hund gebombt werden?" — no, it forms no trick."""
    state = table(S=["dog", "jade-3"], E=FOUR_SEVENS + ["jade-2"])
    state = play(state, "S", "dog")
    assert rejected(state, {"seat": "E", "type": "play", "cards": FOUR_SEVENS}) == "no_trick_to_bomb"


def test_no_bomb_before_the_first_card_of_a_trick_but_a_leader_may_lead_one():
    """tichu.md and seed 001 4.7.3 c): no bomb before the first card; leading one is fine."""
    state = table(S=["jade-K", "jade-2"], E=FOUR_SEVENS + ["jade-3"])
    assert rejected(state, {"seat": "E", "type": "play", "cards": FOUR_SEVENS}) == "no_trick_to_bomb"
    state = table(S=FOUR_SEVENS + ["jade-2"])
    state = play(state, "S", *FOUR_SEVENS)
    assert state.trick[-1][1][0] == 6


def test_bombs_are_still_allowed_in_the_bomb_window():
    """Seed 000 FAQ "Kann ich noch bomben, nachdem alle anderen gepasst haben?" — until
    the trick is collected."""
    state = table(S=["jade-K", "jade-2"], E=FOUR_SEVENS + ["jade-3"])
    state = play(state, "S", "jade-K")
    for seat in "ENW":
        state = pass_(state, seat)
    assert state.window and state.turn is None
    assert [a["cards"] for a in legal_actions(state, "E") if a["type"] == "play"] == [FOUR_SEVENS]
    state = play(state, "E", *FOUR_SEVENS)
    assert not state.window and state.turn == 2


def test_a_straight_flush_beats_any_four_of_a_kind():
    """Seed 000 FAQ "Welche Bombe schlägt eine andere Bombe?" and seed 001 4.7.2."""
    aces = ["jade-A", "sword-A", "pagoda-A", "star-A"]
    state = table(S=aces + ["jade-3"], E=FLUSH_2_6 + ["jade-4"])
    state = play(state, "S", *aces)
    state = play(state, "E", *FLUSH_2_6)
    assert state.trick[-1][0] == 1


def test_a_four_of_a_kind_beats_a_lower_one_only():
    """Seed 000 FAQ and seed 001 4.7.1: 2222 < 3333 < ... < AAAA."""
    eights = ["jade-8", "sword-8", "pagoda-8", "star-8"]
    state = table(S=eights + ["jade-3"], E=FOUR_SEVENS + ["jade-4"], N=["jade-9", "sword-9", "pagoda-9", "star-9"])
    state = play(state, "S", *eights)
    assert rejected(state, {"seat": "E", "type": "play", "cards": FOUR_SEVENS}) == "does_not_beat"
    state = play(state, "N", "jade-9", "sword-9", "pagoda-9", "star-9")
    assert state.trick[-1][0] == 2


def test_a_longer_straight_flush_beats_a_shorter_one_and_equal_lengths_compare_tops():
    """Seed 000 FAQ and seed 001 4.7.2: longer wins; same length, higher top card wins."""
    low6 = ["star-2", "star-3", "star-4", "star-5", "star-6", "star-7"]
    high5 = ["jade-9", "jade-10", "jade-J", "jade-Q", "jade-K"]
    mid5 = ["pagoda-8", "pagoda-9", "pagoda-10", "pagoda-J", "pagoda-Q"]
    state = table(S=mid5 + ["jade-3"], E=high5 + ["jade-4"], N=low6 + ["sword-A"])
    state = play(state, "S", *mid5)
    state = play(state, "E", *high5)
    assert rejected(state, {"seat": "S", "type": "play", "cards": mid5}) in ("not_in_hand",)
    state = play(state, "N", *low6)
    assert state.trick[-1][0] == 2


def test_a_bomb_beats_the_dragon():
    """tichu.md and seed 001 4.7.1: even a 2222 beats a single Dragon."""
    twos = ["jade-2", "sword-2", "pagoda-2", "star-2"]
    state = table(S=["dragon", "jade-3"], W=twos + ["jade-4"])
    state = play(state, "S", "dragon")
    state = play(state, "W", *twos)
    assert state.trick[-1][0] == 3


def test_a_bomb_beats_a_long_straight():
    """Seed 001 4.7.1: a long straight falls to a four of a kind."""
    straight = ["sword-5", "jade-6", "sword-7", "jade-8", "sword-9", "jade-10", "sword-J", "jade-Q", "sword-K"]
    fours = ["star-4", "pagoda-4", "sword-4", "jade-4"]
    state = table(S=straight + ["star-A"], W=fours + ["jade-3"])
    state = play(state, "S", *straight)
    state = play(state, "W", *fours)
    assert state.trick[-1][0] == 3


def test_only_a_bomb_may_be_played_out_of_turn():
    """Seed 000 "Bomben": bombs are the only exception to the turn order."""
    state = table(S=["jade-K", "jade-2"], N=["jade-A", "jade-3"])
    state = play(state, "S", "jade-K")
    assert rejected(state, {"seat": "N", "type": "play", "cards": ["jade-A"]}) == "not_your_turn"


def test_a_straight_flush_with_the_phoenix_is_a_normal_straight():
    """Seed 000 FAQ "Darf der Phönix Teil einer Bombe sein?" — no."""
    cards = ["sword-2", "sword-3", "phoenix", "sword-5", "sword-6"]
    state = table(S=cards + ["jade-3"], E=["jade-K", "star-3", "star-4", "star-5", "star-6", "star-7"])
    state = play(state, "S", *cards)
    assert state.trick[-1][1][0] == 5
    state = play(state, "E", "star-3", "star-4", "star-5", "star-6", "star-7")
    assert state.trick[-1][1][0] == 7
