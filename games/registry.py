"""The games the platform runs. Each game app subclasses `Game` and registers one instance in
its AppConfig.ready(); the platform looks a game up here and never names one. What each
method must do is the contract (games/contract.py)."""

from __future__ import annotations

import importlib
import random
from types import ModuleType

from games.contract import Outcome, TimingTable
from games.errors import TableError

BOT_STRENGTHS = ("beginner", "normal", "expert")


class Game:
    """One game as the platform sees it. Class attributes describe it; methods a game app
    overrides where its rules differ from the defaults below."""

    key: str
    label: str  # the game's name, marked for translation (gettext_lazy)
    engine_module: str  # a pure package following contract.Engine
    bots_module: str  # `choose_action(view, strength, rng) -> action | None`
    # Every seat the game can have, in turn order; a table uses the first `seats_for(options)`.
    seats: tuple[str, ...]
    record_format: str
    # Table options with their defaults; `clean_options` checks a raw dict against them.
    default_options: dict
    # The engine's `new_game` options, taken from the table's options.
    engine_options: tuple[str, ...] = ()
    # Whether tables of this game may be rated.
    rated: bool = False
    # Frames of the table socket that are this game's: actions, and changes of the viewer's
    # screen only (selection, sorting).
    commands: frozenset[str] = frozenset()
    screen_commands: frozenset[str] = frozenset()
    # The game's table form (lobby) as "module.Class"; its cleaned data are table options.
    table_form: str
    # The game's learn pages as (URL name, label), the first one its start page, and the
    # URLconf that serves them under /learn/<key>/ (its app_name is the key).
    learn_pages: tuple[tuple[str, str], ...] = ()
    learn_urls: str = ""
    # What a player may restyle at this game's tables, as kinds of cosmetic styles (e.g.
    # "card_back", "felt", "face_theme", "tile_back"): the styles shop offers a game only
    # the kinds it names here, and its table draws only those.
    style_kinds: tuple[str, ...] = ()

    # --- the engine -------------------------------------------------------------------

    @property
    def engine(self) -> ModuleType:
        return importlib.import_module(self.engine_module)

    def bot_choice(self, view: dict, strength: str, rng: random.Random) -> dict | None:
        return importlib.import_module(self.bots_module).choose_action(view, strength, rng)

    def seats_for(self, options: dict) -> tuple[str, ...]:
        return self.seats

    def deal(self, rng: random.Random, options: dict) -> dict:
        return self.engine.shuffled_deal(rng)

    def new_game(self, options: dict, deal: dict):
        return self.engine.new_game({key: options[key] for key in self.engine_options}, deal)

    def server_actions(self, state) -> list[dict]:
        return getattr(self.engine, "server_actions", _nothing)(state)

    # --- options ----------------------------------------------------------------------

    def clean_options(self, raw: dict) -> dict:
        """Validated options with defaults filled in; TableError("bad_options") otherwise."""
        if not isinstance(raw, dict) or not set(raw) <= set(self.default_options):
            raise TableError("bad_options")
        options = self.default_options | raw
        if not self.valid_options(options):
            raise TableError("bad_options")
        return options

    def valid_options(self, options: dict) -> bool:
        raise NotImplementedError

    def practice_options(self, cleaned: dict) -> dict:
        """Options of a one-click practice table from the game's table form: private and
        unrated whatever the form said."""
        return {key: value for key, value in cleaned.items() if key in self.default_options} | {
            "private": True, "rated": False}

    # --- clocks -----------------------------------------------------------------------

    def timing(self, options: dict) -> TimingTable:
        raise NotImplementedError

    def pending_decisions(self, view: dict) -> dict[str, str]:
        """Whose decision the table waits for, {seat: decision kind}, read from the public
        view (the clocks run for them)."""
        raise NotImplementedError

    def decision_survives(self, seat: str, action: dict) -> bool:
        """Does `seat`'s running decision clock go on after `action` (a call by anyone, another
        seat's simultaneous choice)? By default anything that moves the game starts anew."""
        return False

    def window(self, view: dict) -> str | None:
        """The kind of timed window open now (TimingTable.windows), if any."""
        return None

    # --- the page -----------------------------------------------------------------------

    @property
    def templates(self) -> str:
        """Where the game's own fragments (status, seat details, trick, hand) live."""
        return f"{self.key}/"

    def present(self, context: dict, view: dict | None, screen, seat: str | None) -> None:
        """Add the game's seat details and the viewer's controls to a table page's context."""
        raise NotImplementedError

    def update_screen(self, cmd: str, frame: dict, screen, hand: list) -> None:
        raise TableError("bad_frame")

    def action_for(self, cmd: str, frame: dict, screen) -> tuple[dict, int | None]:
        """The engine action a game frame asks for, and the table version the page showed
        (None: the action stays valid whatever happened meanwhile)."""
        raise NotImplementedError

    def after_action(self, cmd: str, screen) -> None:
        """The viewer's screen once their action was accepted: by default nothing selected."""
        screen.selected = set()

    def help_url(self, code: str) -> str | None:
        """Where the rule behind an error code is explained (FAQ entry or rules section)."""
        return None

    # --- the end ------------------------------------------------------------------------

    def outcome(self, table, view: dict, players: dict, active_seconds: float) -> Outcome:
        """The finished game as sides and places (`players`: position -> Seat)."""
        raise NotImplementedError


def _nothing(state) -> list[dict]:
    return []


GAMES: dict[str, Game] = {}


def register(game: Game) -> None:
    GAMES[game.key] = game


def get(key: str) -> Game:
    return GAMES[key]


def by_record_format(record_format) -> Game | None:
    return next((game for game in GAMES.values() if game.record_format == record_format), None)


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


