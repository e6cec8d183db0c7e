"""The games the platform runs. Apps look a game up here instead of naming it: a new game
registers its engine, seats, options, presenter and templates, and lobby, tables and replay
take it."""

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

from games.clocks import pending_daifugo, pending_tichu
from games.errors import TableError


@dataclass(frozen=True)
class GameKind:
    key: str
    engine_module: str
    # Every seat the game can have, in turn order; a table uses the first `seats_for(options)`.
    seats: tuple[str, ...]
    record_format: str
    # Whose decision the table waits for, from the public view (the clocks run for them).
    pending_decisions: Callable[[dict], dict]
    # Validated options with defaults filled in; raises TableError("bad_options").
    clean_options: Callable[[dict], dict]
    # The engine's `new_game` options, taken from the table's options.
    engine_options: tuple[str, ...]
    # Adds the game's seat details and the viewer's controls to a table page's context.
    presenter: str
    # A shuffled deal from the engine for that many players.
    dealer: Callable[[ModuleType, random.Random, int], dict]
    # Two teams whose result moves the players' ratings (ratings.services.settle_game).
    team_rated: bool = False
    default_options: dict = field(default_factory=dict)
    # The game's display name, translated where it is shown (ratings pages).
    label: str = ""
    # Whether tables of this game can be rated (ratings lists it on the leaderboard).
    rated: bool = False

    @property
    def engine(self) -> ModuleType:
        return importlib.import_module(self.engine_module)

    @property
    def templates(self) -> str:
        """Where the game's own fragments (status, seat details, trick, hand) live."""
        return f"games/{self.key}/"

    def present(self, context: dict, view: dict, screen, seat: str | None) -> None:
        module, name = self.presenter.rsplit(".", 1)
        getattr(importlib.import_module(module), name)(context, view, screen, seat)

    def seats_for(self, options: dict) -> tuple[str, ...]:
        return self.seats[: options.get("players", len(self.seats))]

    def team_of(self, position: str) -> int:
        return self.seats.index(position) % 2

    def deal(self, rng: random.Random, options: dict) -> dict:
        return self.dealer(self.engine, rng, len(self.seats_for(options)))

    def new_game(self, options: dict, deal: dict):
        return self.engine.new_game({key: options[key] for key in self.engine_options}, deal)

    def server_actions(self, state) -> list[dict]:
        """What the server itself must apply now (Daifugo's forced gives); most games: none."""
        return getattr(self.engine, "server_actions", _nothing)(state)


def _deal_fixed_table(engine: ModuleType, rng: random.Random, players: int) -> dict:
    return engine.shuffled_deal(rng)


def _deal_for_players(engine: ModuleType, rng: random.Random, players: int) -> dict:
    return engine.shuffled_deal(rng, players)


def _nothing(state) -> list[dict]:
    return []


GAMES: dict[str, GameKind] = {}


def register(kind: GameKind) -> None:
    GAMES[kind.key] = kind


def get(key: str) -> GameKind:
    return GAMES[key]


def _checked(defaults: dict, raw: dict, valid: Callable[[dict], bool]) -> dict:
    if not isinstance(raw, dict) or not set(raw) <= set(defaults):
        raise TableError("bad_options")
    options = defaults | raw
    if not valid(options):
        raise TableError("bad_options")
    return options


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


TICHU_OPTIONS = {"target": 1000, "rated": True, "private": False, "clock": "strikes", "bomb_window": 3}


def clean_tichu_options(raw: dict) -> dict:
    return _checked(TICHU_OPTIONS, raw, lambda o: (
        o["target"] in (1000, 500)
        and isinstance(o["rated"], bool)
        and isinstance(o["private"], bool)
        and o["clock"] in ("strikes", "reserve")
        and _is_int(o["bomb_window"])
        and 1 <= o["bomb_window"] <= 10
    ))


DAIFUGO_OPTIONS = {"players": 4, "hands": 4, "revolution": False, "private": True, "rated": False, "clock": "strikes"}


def clean_daifugo_options(raw: dict) -> dict:
    # Daifugo is played as practice or in private rooms only: never listed, never rated.
    return _checked(DAIFUGO_OPTIONS, raw, lambda o: (
        _is_int(o["players"]) and o["players"] in (4, 5)
        and _is_int(o["hands"]) and o["hands"] in (4, 8)
        and isinstance(o["revolution"], bool)
        and o["private"] is True
        and o["rated"] is False
        and o["clock"] == "strikes"
    ))


register(
    GameKind(
        key="tichu",
        engine_module="games.engines.tichu",
        seats=("S", "E", "N", "W"),
        record_format="tichu-record/1",
        pending_decisions=pending_tichu,
        clean_options=clean_tichu_options,
        engine_options=("target",),
        presenter="games.presenters_tichu.present",
        dealer=_deal_fixed_table,
        team_rated=True,
        default_options=TICHU_OPTIONS,
        label="Tichu",
        rated=True,
    )
)

register(
    GameKind(
        key="daifugo",
        engine_module="games.engines.daifugo",
        seats=("1", "2", "3", "4", "5"),
        record_format="daifugo-record/1",
        pending_decisions=pending_daifugo,
        clean_options=clean_daifugo_options,
        engine_options=("players", "hands", "revolution"),
        presenter="games.presenters_daifugo.present",
        dealer=_deal_for_players,
        default_options=DAIFUGO_OPTIONS,
        label="Daifugo",
    )
)
