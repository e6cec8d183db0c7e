"""Daifugo's statistics on a player's page equal what this test computes on its own from the
records of seeded games played to the end through the platform (moved from
tests/ratings/test_player_pages.py, whose helpers it shares)."""

from collections import Counter

import pytest

from daifugo import engine as daifugo_engine
from games import registry
from tests.ratings.test_player_pages import _play, _shown_stats, four  # noqa: F401 — a fixture

pytestmark = pytest.mark.django_db


def test_daifugo_statistics_on_the_page_equal_those_of_the_records(four, client, django_capture_on_commit_callbacks,
                                                                  monkeypatch):
    records = _play("daifugo", four, django_capture_on_commit_callbacks, monkeypatch, (2, 5),
                    strength="normal", hands=8, revolution=True)
    seats, titles = registry.get("daifugo").seats_for({"players": 4}), ("President", "Vice-President", "Vice-Beggar", "Beggar")
    counts = {seat: Counter() for seat in seats}
    for record in records:
        options = {"players": 4, "hands": record["hands_total"], "revolution": record["revolution"]}
        state = None
        for entry in record["hands"]:
            state = daifugo_engine.new_game(options, entry["deal"]) if state is None else \
                daifugo_engine.next_hand(state, entry["deal"])
            for action in entry["actions"]:
                state, _ = daifugo_engine.apply(state, action)
                if action["type"] == "play" and len(action["cards"]) == 4:
                    counts[action["seat"]]["Revolutions"] += 1
            for place, seat in enumerate(state.ranking):
                counts[seats[seat]][titles[place]] += 1
                counts[seats[seat]]["Hands played"] += 1
    assert sum(c["Revolutions"] for c in counts.values()), "these seeds play no revolution: choose others"
    for seat, player in zip(seats, four):
        shown = _shown_stats(client, player, "daifugo")
        expected = {"Games played": "2", "Hands played": "16", "Revolutions": str(counts[seat]["Revolutions"])}
        expected |= {title: str(counts[seat][title]) for title in titles if counts[seat][title]}
        assert shown == expected
