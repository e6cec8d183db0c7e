"""The Mahjong's wish (tichu.md "Mahjong"; seed 000 FAQ "Mahjong und Wünsche"; seed 001 4.6.1, 4.7.4)."""

from tichu.engine import legal_actions, view

from .helpers import collect, pass_, play, rejected, table, with_wish


def test_it_makes_the_next_player_break_a_straight_to_play_the_wished_single():
    """Seed 001 4.6.1: B holds the wished 3 inside a 2-6 straight and must play the 3."""
    state = table(S=["mahjong", "jade-K"], E=["star-2", "star-3", "jade-4", "jade-5", "jade-6", "jade-9"])
    state = play(state, "S", "mahjong", wish="3")
    assert rejected(state, {"seat": "E", "type": "play", "cards": ["jade-9"]}) == "wish_must_be_fulfilled"
    assert rejected(state, {"seat": "E", "type": "pass"}) == "wish_must_be_fulfilled"
    state = play(state, "E", "star-3")
    assert state.wish == 0


def test_it_lets_a_player_without_the_wished_rank_play_freely():
    """Seed 001 4.6.1: B has no 3 and may play a 4 (or pass)."""
    state = table(S=["mahjong", "jade-K"], E=["jade-4", "jade-9"], N=["star-3", "jade-Q"])
    state = play(state, "S", "mahjong", wish="3")
    assert {"seat": "E", "type": "pass"} in legal_actions(state, "E")
    state = play(state, "E", "jade-4")
    assert state.wish == 3


def test_it_lets_a_player_pass_when_the_wished_rank_cannot_beat_the_table():
    """Seed 001 4.6.1: C holds a 3 but a 4 lies on the table: C can't, so C needn't."""
    state = table(S=["mahjong", "jade-K"], E=["jade-4", "jade-9"], N=["star-3", "jade-Q"])
    state = play(state, "S", "mahjong", wish="3")
    state = play(state, "E", "jade-4")
    state = pass_(state, "N")
    assert state.wish == 3


def test_it_obliges_a_matching_straight_containing_the_wished_rank():
    """Seed 001 4.6.1: on Mahjong-2-3-4-5 with a 7 wished, 4-5-6-7-8 must be played."""
    state = table(S=["mahjong", "jade-2", "sword-3", "star-4", "jade-5", "jade-K"],
                  E=["sword-4", "star-5", "jade-6", "star-7", "jade-8", "jade-Q"])
    state = play(state, "S", "mahjong", "jade-2", "sword-3", "star-4", "jade-5", wish="7")
    assert rejected(state, {"seat": "E", "type": "pass"}) == "wish_must_be_fulfilled"
    state = play(state, "E", "sword-4", "star-5", "jade-6", "star-7", "jade-8")
    assert state.wish == 0


def test_it_keeps_the_wish_across_tricks_until_the_rank_is_played():
    """Seed 000 FAQ "Gilt ein Wunsch auch in späteren Stichen?" — yes, until played."""
    state = table(S=["mahjong", "jade-A", "jade-9"], E=["jade-K", "jade-3"], N=["jade-Q", "pagoda-9"], W=["jade-J"])
    state = play(state, "S", "mahjong", wish="9")
    state = play(state, "E", "jade-K")
    state = pass_(state, "N")
    state = pass_(state, "W")
    state = pass_(state, "S")
    state = collect(state)
    assert state.wish == 9 and state.turn == 1


def test_it_obliges_the_leader_to_lead_the_wished_rank():
    """tichu.md: when leading, one must lead a combination with the wished rank."""
    state = with_wish(table(turn="N", N=["jade-5", "star-7", "jade-K"]), 7)
    assert rejected(state, {"seat": "N", "type": "play", "cards": ["jade-K"]}) == "wish_must_be_fulfilled"
    assert [a["cards"] for a in legal_actions(state, "N") if a["type"] == "play"] == [["star-7"]]


def test_it_obliges_a_pair_with_the_phoenix():
    """Seed 001 4.6.3 and seed 000 FAQ "Kann der Phönix allein einen Wunsch erfüllen?":
    a 6 is wished, 4-4 lies, the player holds one 6 and the Phoenix: 6-Phoenix is a must."""
    state = with_wish(table(S=["jade-4", "sword-4", "jade-A"], E=["jade-6", "phoenix", "jade-K"]), 6)
    state = play(state, "S", "jade-4", "sword-4")
    assert rejected(state, {"seat": "E", "type": "pass"}) == "wish_must_be_fulfilled"
    state = play(state, "E", "jade-6", "phoenix")
    assert state.wish == 0


def test_the_phoenix_alone_never_fulfils_the_wish():
    """Seed 000 FAQ: the Phoenix alone never counts as the wished rank."""
    state = table(S=["mahjong", "jade-A"], E=["phoenix", "jade-K"], N=["jade-2"], W=["jade-3"])
    state = play(state, "S", "mahjong", wish="5")
    state = play(state, "E", "phoenix")
    assert state.wish == 5


def test_the_phoenix_standing_for_the_wished_rank_does_not_fulfil_it():
    """Seed 001 4.6.3: 2-3-4-Phoenix-6 with a 5 wished leaves the wish open."""
    state = with_wish(table(turn="E", E=["jade-2", "sword-3", "star-4", "phoenix", "jade-6", "jade-K"]), 5)
    state = play(state, "E", "jade-2", "sword-3", "star-4", "phoenix", "jade-6", phoenix="5")
    assert state.wish == 5


def test_it_obliges_a_bomb_when_only_a_bomb_can_play_the_wished_rank():
    """Seed 001 4.7.4: straight-flush bomb 2-6 with a 5 wished and a 7 on the table."""
    bomb = ["jade-2", "jade-3", "jade-4", "jade-5", "jade-6"]
    state = with_wish(table(S=["star-7", "jade-A"], E=bomb + ["sword-5", "jade-K"]), 5)
    state = play(state, "S", "star-7")
    assert rejected(state, {"seat": "E", "type": "pass"}) == "wish_must_be_fulfilled"
    assert [a["cards"] for a in legal_actions(state, "E") if a["type"] == "play"] == [bomb]
    state = play(state, "E", *bomb)
    assert state.wish == 0


def test_it_lets_the_player_choose_the_single_instead_of_the_bomb():
    """Seed 001 4.7.4: with a 4 on the table the single 5 fulfils the wish; the bomb may stay."""
    bomb = ["jade-2", "jade-3", "jade-4", "jade-5", "jade-6"]
    state = with_wish(table(S=["star-4", "jade-A"], E=bomb + ["sword-5", "jade-K"]), 5)
    state = play(state, "S", "star-4")
    plays = [a["cards"] for a in legal_actions(state, "E") if a["type"] == "play"]
    assert ["sword-5"] in plays and bomb in plays
    assert all("jade-5" in cards or "sword-5" in cards for cards in plays)
    state = play(state, "E", "sword-5")
    assert state.wish == 0


def test_an_out_of_turn_bomb_is_exempt_and_leaves_the_wish_open():
    """Seed 001 4.7.4 ("den Wunsch bomben") and seed 000 FAQ: a bomb out of turn need not
    fulfil the wish; the wish stays."""
    state = table(S=["mahjong", "jade-A"], E=["jade-3"], N=["jade-2", "sword-2", "pagoda-2", "star-2", "jade-9", "jade-K"], W=["jade-4"])
    state = play(state, "S", "mahjong", wish="9")
    state = play(state, "N", "jade-2", "sword-2", "pagoda-2", "star-2")
    assert state.wish == 9 and state.turn == 3


def test_the_out_of_turn_bomber_must_fulfil_the_wish_on_the_following_lead():
    """Seed 000 FAQ "Muss eine Bombe ausserhalb meines Zuges den Wunsch erfüllen?"."""
    state = table(S=["mahjong", "jade-A"], E=["jade-3"], N=["jade-2", "sword-2", "pagoda-2", "star-2", "jade-9", "jade-K"], W=["jade-4"])
    state = play(state, "S", "mahjong", wish="9")
    state = play(state, "N", "jade-2", "sword-2", "pagoda-2", "star-2")
    state = pass_(state, "W")
    state = pass_(state, "S")
    state = pass_(state, "E")
    state = collect(state)
    assert state.turn == 2
    assert rejected(state, {"seat": "N", "type": "play", "cards": ["jade-K"]}) == "wish_must_be_fulfilled"
    state = play(state, "N", "jade-9")
    assert state.wish == 0


def test_a_bomb_with_the_wished_rank_fulfils_the_wish_even_out_of_turn():
    """Seed 000 FAQ: an ace bomb fulfils an ace wish; any bomb with the rank fulfils it."""
    aces = ["jade-A", "sword-A", "pagoda-A", "star-A"]
    state = table(S=["mahjong", "jade-K"], E=["jade-3"], N=aces + ["jade-9"], W=["jade-4"])
    state = play(state, "S", "mahjong", wish="A")
    state = play(state, "N", *aces)
    assert state.wish == 0


def test_in_ones_own_turn_an_unrelated_bomb_is_refused_when_the_wish_can_be_fulfilled():
    """tichu.md: where seed 001 lets a player bomb instead, the platform rule (000) wins;
    seed 000 FAQ "Muss ich einen Mahjong-Wunsch erfüllen?": in one's own regular turn one
    must, and may not play something else instead."""
    twos = ["jade-2", "sword-2", "pagoda-2", "star-2"]
    state = table(S=["mahjong", "jade-A"], E=twos + ["jade-9", "jade-K"])
    state = play(state, "S", "mahjong", wish="9")
    assert rejected(state, {"seat": "E", "type": "play", "cards": twos}) == "wish_must_be_fulfilled"


def test_the_mahjong_play_itself_can_fulfil_the_wish():
    """tichu.md: Mahjong-2-3-4-5 wishing a 3 fulfils the wish at once."""
    state = table(S=["mahjong", "jade-2", "sword-3", "star-4", "jade-5", "jade-A"])
    state = play(state, "S", "mahjong", "jade-2", "sword-3", "star-4", "jade-5", wish="3")
    assert state.wish == 0


def test_the_wish_is_optional():
    """Seed 001 4.6.1: the Mahjong's player may wish (need not)."""
    state = table(S=["mahjong", "jade-A"])
    state = play(state, "S", "mahjong")
    assert state.wish == 0


def test_only_ranks_2_to_ace_can_be_wished():
    """Seed 001 4.6.1 FAQ "Darf ich mir den Drachen wünschen?" — no, only 2 to A."""
    state = table(S=["mahjong", "jade-A"])
    for wish in ("dragon", "1", "phoenix", 7):
        assert rejected(state, {"seat": "S", "type": "play", "cards": ["mahjong"], "wish": wish}) == "bad_wish"


def test_a_wish_needs_the_mahjong():
    """Seed 001 4.6.1 FAQ: one can wish only when playing the Mahjong."""
    state = table(S=["mahjong", "jade-A"])
    assert rejected(state, {"seat": "S", "type": "play", "cards": ["jade-A"], "wish": "7"}) == "bad_wish"


def test_the_mahjong_holder_need_not_lead_the_mahjong():
    """Seed 000 "Mahjong" and seed 001 4.6.1: the holder leads but may keep the Mahjong."""
    state = table(S=["mahjong", "jade-A"])
    state = play(state, "S", "jade-A")
    assert state.turn == 1


def test_the_view_shows_for_the_rest_of_the_hand_who_could_not_follow_the_wish():
    """A single played on a single below the wished rank, a lead without it and a pass on a
    single below it each show that the seat holds none of that rank; a pass on a single above
    it and anything after the wish is fulfilled show nothing."""
    state = table(S=["mahjong", "jade-A", "jade-9", "jade-4"], E=["jade-7", "jade-3", "star-2"],
                  N=["jade-Q", "star-5", "star-8"], W=["jade-J", "sword-2", "sword-6"])
    state = play(state, "S", "mahjong", wish="9")
    state = play(state, "E", "jade-7")   # on the Mahjong, not the 9: E has no 9
    state = play(state, "N", "jade-Q")   # on the 7, not the 9: neither has N
    state = pass_(state, "W")            # on the Queen, which a 9 cannot beat: nothing shown
    state = pass_(state, "S")
    state = pass_(state, "E")
    state = collect(state)
    assert view(state, "S")["lacks"] == {"S": [], "E": ["9"], "N": ["9"], "W": []}
    state = play(state, "N", "star-5")   # a lead without the 9, again
    state = pass_(state, "W")            # a pass on the 5: W has no 9
    state = play(state, "S", "jade-9")   # fulfilled
    state = pass_(state, "E")
    lacks = view(state, None)["lacks"]
    assert lacks == {"S": [], "E": ["9"], "N": ["9"], "W": ["9"]}
    assert view(state, "E")["lacks"] == lacks
