"""What a seat sees: its own hand, every river with riichi and called tiles marked, the
melds, and exactly its calls; never another hand or the wall."""

import json

from riichi.engine import server_actions, view

from .helpers import chi, discard, play, start

DEALER = "59m19p19s1234567z"


def test_a_seat_sees_its_hand_and_its_calls_and_a_spectator_sees_no_hand():
    state = start(hands={0: DEALER, 1: "34m67m0m99p2468s77z"}, draws="4z")
    state = play(state, discard(0, "5m"))
    mine = view(state, 1)
    assert mine["hand"] == ["3m", "4m", "0m", "6m", "7m", "9p", "9p", "2s", "4s", "6s", "8s", "7z", "7z"]
    assert {a["type"] for a in mine["legal_actions"]} == {"chi", "pass"}
    assert mine["pending_discard"] == {"from": 0, "tile": "5m", "kind": "discard"}
    assert view(state, 2)["legal_actions"] == []
    spectator = view(state, None)
    assert "hand" not in spectator and "legal_actions" not in spectator
    text = json.dumps(spectator)
    assert "draws" not in text and "ura" not in text
    assert spectator["hand_counts"] == [13, 13, 13, 13]
    assert server_actions(state) == [{"seat": 1, "type": "pass"}]


def test_called_and_riichi_discards_are_marked_in_the_rivers():
    state = start(hands={0: DEALER, 1: "34m67m0m99p2468s77z"}, draws="4z")
    state = play(state, discard(0, "5m"), chi(1, "345m"))
    shown = view(state, 3)
    assert shown["rivers"][0] == [{"tile": "5m", "tsumogiri": False, "riichi": False, "called": True}]
    assert shown["melds"][1] == [{"type": "chi", "tiles": ["3m", "4m", "5m"], "from": 0, "called": "5m"}]
    assert shown["turn"] == 1 and shown["live_left"] == 69 and shown["dora_indicators"]
    state = start(hands={0: "234m234p456p678s2s"}, draws="1z")
    state = play(state, discard(0, "1z", riichi=True))
    assert view(state, 2)["rivers"][0][0] == {"tile": "1z", "tsumogiri": True, "riichi": True, "called": False}
