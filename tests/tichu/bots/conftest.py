"""The bots' searches are counted in playouts; their deadline only cuts them short on an
overloaded machine. The tests here stop its clock, so that a loaded test machine cannot
change a decision they check (the deadline's own tests stand in a clock of their own)."""

import pytest

from tichu.bots import lookahead


@pytest.fixture(autouse=True)
def stopped_clock(monkeypatch):
    monkeypatch.setattr(lookahead, "clock", lambda: 0.0)
