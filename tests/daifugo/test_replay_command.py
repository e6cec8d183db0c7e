"""`manage.py replay` picks the Daifugo engine by the record's format."""

import io
import json
import random
import sys

from django.core.management import call_command

from daifugo import engine as daifugo


def _random_hand(rng):
    state = daifugo.new_game({"players": 4, "hands": 4}, daifugo.shuffled_deal(rng, 4))
    while state.phase == "play":
        seat = next(s for s in ("1", "2", "3", "4") if daifugo.legal_actions(state, s))
        state, _ = daifugo.apply(state, rng.choice(daifugo.legal_actions(state, seat)))
    return state


def test_a_daifugo_record_is_replayed_by_its_own_engine(monkeypatch):
    state = _random_hand(random.Random(4))
    record = daifugo.build_record(state)
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record)))
    out = io.StringIO()
    call_command("replay", "-", stdout=out)
    result = json.loads(out.getvalue())
    assert result == daifugo.replay(record)
    assert result["ok"] is True and len(result["hands"]) == 1
    assert sorted(result["hands"][0]["places"]) == ["1", "2", "3", "4"]
