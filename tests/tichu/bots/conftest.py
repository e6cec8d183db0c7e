"""The expert's searches are counted in playouts; its deadline only cuts them short on an
overloaded machine. The tests here stop its clock, so that a loaded test machine cannot
change a decision they check (the deadline's own tests stand in a clock of their own)."""

import pytest

from tichu.bots import expert


@pytest.fixture(autouse=True)
def stopped_clock(monkeypatch):
    monkeypatch.setattr(expert, "clock", lambda: 0.0)
