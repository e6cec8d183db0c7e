"""The games the platform runs. Apps look a game up here instead of naming it: a new game
registers its engine, seats and option defaults, and lobby, tables and replay take it."""

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

from games.clocks import pending_daifugo, pending_tichu


@dataclass(frozen=True)
class GameKind:
    key: str
    engine_module: str
    seats: tuple[str, ...]
    record_format: str
    # Whose decision the table waits for, from the public view (the clocks run for them).
    pending_decisions: Callable[[dict], dict]
    default_options: dict = field(default_factory=dict)

    @property
    def engine(self) -> ModuleType:
        return importlib.import_module(self.engine_module)

    def team_of(self, position: str) -> int:
        return self.seats.index(position) % 2


GAMES: dict[str, GameKind] = {}


def register(kind: GameKind) -> None:
    GAMES[kind.key] = kind


def get(key: str) -> GameKind:
    return GAMES[key]


register(
    GameKind(
        key="tichu",
        engine_module="games.engines.tichu",
        seats=("S", "E", "N", "W"),
        record_format="tichu-record/1",
        pending_decisions=pending_tichu,
        default_options={
            "target": 1000,
            "rated": True,
            "private": False,
            "clock": "strikes",
            "bomb_window": 3,
        },
    )
)

# The Daifugo engine, its records and replay; its tables come with the Daifugo issue.
register(
    GameKind(
        key="daifugo",
        engine_module="games.engines.daifugo",
        seats=("1", "2", "3", "4", "5"),
        record_format="daifugo-record/1",
        pending_decisions=pending_daifugo,
        default_options={"players": 4, "hands": 4, "revolution": False, "private": True, "clock": "strikes"},
    )
)
