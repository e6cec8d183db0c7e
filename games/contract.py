"""The contract between the platform and a game app, written down.

The platform (tables, the one write path, clocks, the socket, records, lobby, ratings,
moderation) names no game: it reaches each game only through the object its app registers
with `games.registry` (a subclass of `games.registry.Game`), and that object reaches its
pure engine only through the `Engine` protocol below. A new game is one app that provides
these, plus one line in INSTALLED_APPS.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from games.outcome import Outcome, Side

__all__ = ["Decision", "Engine", "Outcome", "Side", "State", "TimingTable", "Window"]


class State(Protocol):
    """What the platform reads of an engine's state itself (all else it reads from views):
    where the game stands, to log each action under its hand and to deal or finish."""

    phase: str
    """"hand_over" once a hand is finished and the next one is to be dealt (`next_hand`),
    "game_over" once the match is over (decided, or ended by a platform action); any other
    value while it is played."""

    hand_no: int
    """The hand in play, or the one just finished (0-based, as the action log counts)."""


class Engine(Protocol):
    """A game's rules as pure functions (no Django, no clock, no randomness: the deal comes
    in). States are the engine's own values; the platform stores them only as `to_json`."""

    IllegalAction: type[Exception]
    """Raised by `apply` for an action the rules refuse, with `.code` (snake_case), `.message`
    (English, marked for translation) and `.params`; the state it was applied to is unchanged."""

    MESSAGES: dict[str, str]
    """Every error code's message, for the translation catalogue and the help links."""

    def new_game(self, options: dict, deal: dict) -> State:
        """The first state of a game with these engine options and this (shuffled) deal."""

    def next_hand(self, state: State, deal: dict) -> State:
        """The state after a finished hand (phase "hand_over"), with the next hand dealt."""

    def shuffled_deal(self, rng: random.Random, *args) -> dict:
        """A deal as the record stores it, drawn from `rng`."""

    def apply(self, state: State, action: dict) -> tuple[State, list]:
        """The state after one action, and what happened (events); never mutates `state`."""

    def legal_actions(self, state: State, seat: str) -> list[dict]:
        """Exactly the actions `apply` accepts from `seat` now."""

    def view(self, state: State, seat: str | None) -> dict:
        """What `seat` may see (None: a spectator) as plain JSON values: the only door through
        which game state reaches a page. It carries "phase" and, once the game is over,
        "phase": "game_over"."""

    def to_json(self, state: State) -> dict:
        """The state as JSON values; `from_json(to_json(s))` is `s` again. Its "log" is the
        list of the game's hands so far, one entry each: a table's row keeps only the last
        (games.snapshots), and `from_json` must read such a trimmed state as the same game."""

    def from_json(self, data: dict) -> State: ...

    def build_record(self, state: State) -> dict:
        """The record of the game so far (records.md: format, options, deals, actions)."""

    def replay(self, record: dict) -> dict:
        """A record checked and scored: {"ok": true, ...} or {"ok": false, "hand", "action",
        "error", "message"} at the first offending action."""

    def replay_text(self, text: str) -> dict:
        """`replay` of a record still in its JSON text (bad JSON answers "invalid_json")."""

    def server_actions(self, state: State) -> list[dict]:
        """Moves the rules make without a player, which the server applies at once through the
        same log (a forced give of cards); most games: none."""


@dataclass(frozen=True)
class Decision:
    """One kind of pending decision: how long a seat has, and what happens when time is up.

    `strike_limit` None means the platform's strikes-mode time (CLOCK_STRIKE_SECONDS);
    `reserve_limit` is the free time before reserve-mode clocks draw on the reserve. With
    `on_expiry` None the seat gets a strike (or loses on time in reserve mode); otherwise
    that action is submitted for the seat instead, without a strike (a call window that
    simply closes: a pass on a call after a discard)."""

    strike_limit: float | None = None
    reserve_limit: float = 30
    on_expiry: dict | None = None


@dataclass(frozen=True)
class Window:
    """A timed moment in which nobody is asked but anyone may still act (after everyone
    passed, a play that may still be beaten): when it closes, the server submits `action`.
    A `waivable` window closes early, the same way, once every seat the game waits on
    (`Game.window_waivers`) has said "go on": nobody's speed decides, and nobody waits for
    those who have nothing to add."""

    seconds: float
    action: dict
    waivable: bool = False


@dataclass(frozen=True)
class TimingTable:
    """A game's clocks: its kinds of decisions and of windows, and which clock modes its
    tables may choose (the platform keeps the mechanism: deadlines, strikes, reserve,
    pauses, outage shift)."""

    decisions: dict[str, Decision]
    windows: dict[str, Window] = field(default_factory=dict)
