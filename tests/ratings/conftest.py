import dataclasses

import pytest

from games import registry


def another_game(key: str, label: str):
    """A rated game like Tichu under another key and label."""
    return dataclasses.replace(registry.get("tichu"), key=key, label=label, rated=True)


@pytest.fixture
def skat(monkeypatch):
    """A second rated game, registered for one test only (monkeypatch removes it afterwards)."""
    kind = another_game("skat", "Skat")
    monkeypatch.setitem(registry.GAMES, "skat", kind)
    return kind
