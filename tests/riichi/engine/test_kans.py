"""Kans: closed (dora at once), open and added (dora after the replacement discard), the
replacement draw, rinshan kaihou, chankan, four kans."""

from riichi.engine import apply, legal_actions

from .helpers import discard, kan, play, pon, ron, settle, start, tsumo


def test_closed_kan_reveals_a_dora_at_once_and_draws_from_the_dead_wall():
    state = start(hands={0: "1111m258p258s369s"}, draws="4z", rinshan="7z", dora="1z 2z")
    assert kan(0, "closed", "1111m") in legal_actions(state, 0)
    state = play(state, kan(0, "closed", "1111m"))
    assert state.dora_shown == 2 and state.drawn == state.wall["rinshan"][0]
    assert state.live_left == 68 and state.melds[0][0][0] == "closed"


def test_rinshan_kaihou():
    state = start(hands={0: "1111m234p4p567s99s"}, draws="5p", rinshan="6p")
    state = play(state, kan(0, "closed", "1111m"), tsumo(0))
    assert "Rinshan Kaihou" in state.last_result["details"][0]["yaku"]
    assert state.results[-1]["result"] == "tsumo"


def test_open_kan_reveals_its_dora_after_the_replacement_discard():
    state = start(hands={0: "19m59p19s1234567z", 1: "550p123m456m789s1p"}, draws="8m", rinshan="9s")
    state = play(state, discard(0, "5p"))
    assert kan(1, "open", "5550p") in legal_actions(state, 1)
    state = play(state, kan(1, "open", "5550p"))
    assert state.turn == 1 and state.dora_shown == 1
    state, _ = apply(state, discard(1, "9s"))
    assert state.dora_shown == 2


def test_an_added_kan_can_be_robbed_chankan():
    state = start(hands={0: "5p2468m2468s666z", 1: "50p19m19s1234567z", 2: "34p234m567m678s22s"},
                  draws="3z 9m 9s 2z 5p")
    state = play(state, discard(0, "5p"), pon(1, "550p"), discard(1, "1m"),
                 discard(2, "9m"), discard(3, "9s"), discard(0, "2z"))
    state = settle(state)
    assert state.turn == 1 and kan(1, "added", "5550p") in legal_actions(state, 1)
    state = play(state, kan(1, "added", "5550p"))
    assert state.step == "calls" and {"seat": 2, "type": "ron"} in legal_actions(state, 2)
    state = play(state, ron(2))
    assert "Chankan" in state.last_result["details"][0]["yaku"]
    assert state.results[-1]["deltas"][1] < 0


def test_an_added_kan_nobody_robs_completes_with_a_replacement_draw():
    state = start(hands={0: "5p2468m2468s666z", 1: "50p19m19s1234567z"}, draws="3z 9m 9s 2z 5p",
                  rinshan="8p")
    state = play(state, discard(0, "5p"), pon(1, "550p"), discard(1, "1m"),
                 discard(2, "9m"), discard(3, "9s"), discard(0, "2z"))
    state = settle(play(settle(state), kan(1, "added", "5550p")))
    assert state.melds[1][0][0] == "added" and state.drawn == state.wall["rinshan"][0]
    assert state.dora_shown == 1
    state = settle(play(state, discard(1, "8p")))
    assert state.dora_shown == 2


def test_four_kans_by_two_players_abort_after_the_replacement_discard():
    state = start(hands={0: "1111m2222m3333m4z", 1: "9999p135s2468p17z"}, draws="5z 6z",
                  rinshan="9s 8s 7s 7z")
    state = play(state, kan(0, "closed", "1111m"), kan(0, "closed", "2222m"), kan(0, "closed", "3333m"),
                 discard(0, "9s"))
    state = settle(state)
    state = play(state, kan(1, "closed", "9999p"))
    assert state.phase == "play" and state.dora_shown == 5
    assert not [a for a in legal_actions(state, 1) if a["type"] == "kan"]
    state = settle(play(state, discard(1, "7z")))
    assert state.results[-1]["result"] == "abort:four_kans"
