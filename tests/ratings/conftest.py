import dataclasses

import pytest

from games import registry


@pytest.fixture
def skat(monkeypatch):
    """A second rated game, registered for one test only (monkeypatch removes it afterwards)."""
    kind = dataclasses.replace(registry.get("tichu"), key="skat", label="Skat", rated=True)
    monkeypatch.setitem(registry.GAMES, "skat", kind)
    return kind
