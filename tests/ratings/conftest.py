import dataclasses

import pytest

from games import registry


def another_game(key: str, label: str, rated: bool = True):
    """A game like the dummy under another key and label."""
    return dataclasses.replace(registry.get("dummy"), key=key, label=label, rated=rated)


@pytest.fixture
def skat(monkeypatch):
    """A second rated game, registered for one test only (monkeypatch removes it afterwards)."""
    kind = another_game("skat", "Skat")
    monkeypatch.setitem(registry.GAMES, "skat", kind)
    return kind


@pytest.fixture
def never_rated(monkeypatch):
    """A game whose tables are never rated, registered for one test only."""
    kind = another_game("solitaire", "Solitaire", rated=False)
    monkeypatch.setitem(registry.GAMES, "solitaire", kind)
    return kind
