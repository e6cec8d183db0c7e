"""Tichu's statistics on a player's page equal what this test computes on its own from the
records of a seeded game played to the end through the platform (moved from
tests/ratings/test_player_pages.py, whose helpers it shares)."""

from collections import Counter

import pytest

from tests.ratings.test_player_pages import _percent, _play, _shown_stats, four  # noqa: F401 — a fixture
from tichu import engine as tichu_engine

pytestmark = pytest.mark.django_db


def _tichu_counts(records) -> dict[str, Counter]:
    seats, partner = ("S", "E", "N", "W"), {0: 2, 2: 0, 1: 3, 3: 1}
    counts = {seat: Counter() for seat in seats}
    for record in records:
        state = None
        for entry in record["hands"]:
            state = tichu_engine.new_game({"target": record["target"]}, entry["deal"]) if state is None else \
                tichu_engine.next_hand(state, entry["deal"])
            for action in entry["actions"]:
                state, _ = tichu_engine.apply(state, action)
            if state.phase not in ("hand_over", "game_over"):
                continue
            out = list(state.out)
            for seat in seats:
                counts[seat]["hands"] += 1
            counts[seats[out[0]]]["first_out"] += 1
            if len(out) >= 2 and out[1] == partner[out[0]]:
                counts[seats[out[0]]]["double"] += 1
                counts[seats[out[1]]]["double"] += 1
            for n, call in enumerate(state.calls):
                if call:
                    counts[seats[n]][f"{call}_calls"] += 1
                    counts[seats[n]][f"{call}_made"] += out[0] == n
    return counts


def _calls(made, succeeded) -> str:
    return f"{made}, {_percent(succeeded, made)} successful" if made else "0"


def test_tichu_statistics_on_the_page_equal_those_of_the_records(four, client, django_capture_on_commit_callbacks,
                                                                monkeypatch):
    records = _play("tichu", four, django_capture_on_commit_callbacks, monkeypatch, (3,))
    counts = _tichu_counts(records)
    assert sum(c["tichu_calls"] + c["grand_calls"] for c in counts.values())
    for seat, player in zip(("S", "E", "N", "W"), four):
        c = counts[seat]
        shown = _shown_stats(client, player, "tichu")
        assert shown["Games played"] == "1"
        assert "Rank" not in shown
        assert shown["First out"] == _percent(c["first_out"], c["hands"])
        assert shown["Double victories"] == str(c["double"])
        assert shown["Tichu calls"] == _calls(c["tichu_calls"], c["tichu_made"])
        assert shown["Grand Tichu calls"] == _calls(c["grand_calls"], c["grand_made"])
