"""What each seat and a spectator see (tichu.md "Online play"; DESIGN.md "view")."""

import json

from tichu.engine import view

from .helpers import collect, pass_, play, start, table


def test_a_seat_sees_its_own_hand_sorted_high_to_low_with_specials_at_their_rank():
    """Seed 001 6.3: descending, Phoenix and Dragon high, Mahjong and Dog low."""
    state = table(S=["dog", "mahjong", "phoenix", "dragon", "jade-2", "star-A", "sword-10"])
    assert view(state, "S")["hand"] == ["dragon", "phoenix", "star-A", "sword-10", "jade-2", "mahjong", "dog"]


def test_others_see_only_card_counts():
    state = table(S=["mahjong", "jade-2"])
    for seat in ("E", None):
        seen = view(state, seat)
        assert seen["hand_counts"]["S"] == 2
        assert "jade-2" not in json.dumps(seen)


def test_a_spectator_sees_no_hand_and_no_legal_actions():
    seen = view(start(), None)
    assert "hand" not in seen and "legal_actions" not in seen and seen["seat"] is None


def test_the_mahjong_holder_is_marked_before_the_first_lead_only():
    """tichu.md "Online play"; seed 001 6 (BSW marks the holder)."""
    state = start({"E": ["mahjong"]})
    assert view(state, None)["mahjong_holder"] == "E"
    state = play(state, "E", "mahjong")
    assert view(state, None)["mahjong_holder"] is None


def test_the_table_shows_the_trick_passes_wish_and_bomb_window():
    state = table(S=["mahjong", "jade-2"], E=["jade-3"], N=["jade-4"], W=["jade-5"])
    state = play(state, "S", "mahjong", wish="9")
    state = pass_(state, "E")
    seen = view(state, "W")
    assert seen["wish"] == "9" and seen["passed"] == ["E"] and seen["turn"] == "N"
    assert seen["trick"] == [{"seat": "S", "cards": ["mahjong"],
                              "combination": {"type": "single", "length": 1, "rank": "1"}}]
    state = pass_(pass_(state, "N"), "W")
    assert view(state, None)["bomb_window"] is True
    state = collect(state)
    assert view(state, None)["won_cards"]["S"] >= 1


def test_a_seat_sees_its_own_legal_actions():
    seen = view(table(S=["mahjong", "jade-2"]), "S")
    assert {"seat": "S", "type": "play", "cards": ["mahjong"]} in seen["legal_actions"]


def test_a_view_is_json():
    state = start()
    for seat in ("S", "E", "N", "W", None):
        assert json.loads(json.dumps(view(state, seat))) == view(state, seat)


def test_the_view_lists_every_card_played_this_hand_by_seat():
    """Everyone at the table saw each play; bots count cards from this list."""
    import random as _random

    from tichu import engine as _tichu

    rng = _random.Random(9)
    state = _tichu.new_game({"target": 1000}, _tichu.shuffled_deal(rng))
    seen = {s: [] for s in "SENW"}
    while state.phase != "hand_over" and len(sum(seen.values(), [])) < 12:
        if state.window:
            state, _ = _tichu.apply(state, {"type": "collect"})
            continue
        seat = next(s for s in "SENW" if [a for a in _tichu.legal_actions(state, s) if a["type"] != "tichu"])
        action = rng.choice([a for a in _tichu.legal_actions(state, seat) if a["type"] != "tichu"])
        if action["type"] == "exchange":
            action = {"seat": seat, "type": "exchange", "give": dict(zip(action["to"], action["hand"][:3]))}
        state, _ = _tichu.apply(state, action)
        if action["type"] == "play":
            seen[action["seat"]].extend(action["cards"])
        assert _tichu.view(state, None)["played"] == seen


def test_the_last_trick_is_the_one_taken_before_the_trick_on_the_table():
    """A player who looked away can look at the trick taken last (issue 22): none before the
    first trick is taken, then that trick's plays in order, while the next one is played."""
    state = start({"S": ["mahjong", "jade-9"], "E": ["jade-3", "sword-K"], "N": ["jade-4"], "W": ["jade-5"]})
    state = play(state, "S", "mahjong")
    state = play(state, "E", "jade-3")
    assert view(state, None)["last_trick"] == []
    for seat in ("N", "W", "S"):
        state = pass_(state, seat)
    state = collect(state)
    taken = [{"seat": "S", "cards": ["mahjong"]}, {"seat": "E", "cards": ["jade-3"]}]
    assert view(state, "N")["last_trick"] == taken
    state = play(state, "E", "sword-K")
    assert view(state, None)["last_trick"] == taken  # the trick on the table is not the last one


def test_the_dog_is_a_last_trick_of_its_own():
    state = start({"S": ["mahjong", "dog", "jade-9"]})
    state = play(state, "S", "dog")
    assert view(state, None)["last_trick"] == [{"seat": "S", "cards": ["dog"]}]
