"""The games the platform runs. Each game app subclasses `Game` and registers one instance in
its AppConfig.ready(); the platform looks a game up here and never names one. What each
method must do is the contract (games/contract.py)."""

from __future__ import annotations

import abc
import importlib
import random
from types import ModuleType

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from gamekit import fold
from games.contract import Outcome, TimingTable
from games.errors import TableError
from games.ranks import RankLadder

BOT_STRENGTHS = ("beginner", "normal", "expert")
# The platform's own table options, which every game's tables have: whether the table is
# rated, whether it is private (joined by its link only), and its clock.
PLATFORM_OPTIONS = ("rated", "private", "clock")


class Game(abc.ABC):
    """One game as the platform sees it. Class attributes describe it; a game app implements
    the abstract methods (a game missing one fails when it registers, not mid-game) and
    overrides the others where its rules differ from the defaults below."""

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
    # What this game allows of the platform's options (PLATFORM_OPTIONS), which the platform
    # checks and its form offers: whether tables may be rated, may be listed in the lobby
    # (False: private rooms only), and their clocks.
    rated: bool = False
    public: bool = True
    clocks: tuple[str, ...] = ("strikes",)
    # Frames of the table socket that are this game's actions (choosing cards before one
    # sends nothing: the page knows the legal moves from the seat's view).
    commands: frozenset[str] = frozenset()
    # The game's table form (lobby) as "module.Class"; its cleaned data are table options.
    table_form: str
    # The game's learn pages as (URL name, label), the first one its start page, and the
    # URLconf that serves them under /learn/<key>/ (its app_name is the key).
    learn_pages: tuple[tuple[str, str], ...] = ()
    learn_urls: str = ""
    # Other formats a finished game's record downloads in, {name: "module.function"}: the
    # function turns a record and the players' names (in seat order) into that format's JSON
    # data. The game's own status fragment links to them (URL "table_record_export").
    record_exports: dict[str, str] = {}
    # What a player may restyle at this game's tables, as kinds of cosmetic styles (e.g.
    # "card_back", "felt", "face_theme"): the styles shop offers a game only the kinds it
    # names here, and its table draws only those.
    style_kinds: tuple[str, ...] = ()
    # A module with the game's own kinds of styles and the styles of them on sale (KINDS and
    # STYLES: the fields of coins.styles.Kind and Style as dicts), or "" when it takes only
    # the platform's.
    styles_module: str = ""
    # The game's own stylesheet under the static root (its seat badges, its board, its
    # controls), loaded by its table and replay pages right after the platform's
    # (static/css/table.css), or "" for a game drawn with the platform's styles alone.
    stylesheet: str = ""
    # Kinds of decisions whose clock only the deciding seat's page shows: one that would tell
    # the table something hidden (who may call a discard says who holds a pair of it).
    private_decisions: frozenset[str] = frozenset()
    # The game's rank ladder (games.ranks), kept beside its rating; None for a game without.
    rank_ladder: RankLadder | None = None

    # --- the engine -------------------------------------------------------------------

    @property
    def engine(self) -> ModuleType:
        return importlib.import_module(self.engine_module)

    def bot_choice(self, view: dict, strength: str, rng: random.Random) -> dict | None:
        return importlib.import_module(self.bots_module).choose_action(view, strength, rng)

    def own_bots(self) -> tuple[str, ...]:
        """Bots of this game beyond the platform's strengths (an operator's, say), by the name
        a practice table offers them under (at most 10 characters)."""
        return ()

    def bot_names(self) -> tuple[str, ...]:
        return BOT_STRENGTHS + self.own_bots()

    def bot_decision(self, state, seat: str, bot: str, rng: random.Random) -> dict | None:
        """The action of the bot at ``seat``; the platform's strengths decide from the seat's
        view. A game's own bots may need every view the seat has had (the state holds them)."""
        return self.bot_choice(self.engine.view(state, seat), bot, rng)

    def seats_for(self, options: dict) -> tuple[str, ...]:
        return self.seats

    def deal(self, rng: random.Random, options: dict) -> dict:
        return self.engine.shuffled_deal(rng)

    def new_game(self, options: dict, deal: dict):
        return self.engine.new_game(self.options_for_engine(options), deal)

    def options_for_engine(self, options: dict) -> dict:
        return {key: options[key] for key in self.engine_options}

    def server_actions(self, state) -> list[dict]:
        return getattr(self.engine, "server_actions", _nothing)(state)

    def opening_actions(self, seats: list) -> list[dict]:
        """Actions the players' saved preferences take as the game starts (`seats`: the
        table's Seat rows with their users); logged and replayed like any other."""
        return []

    # --- options ----------------------------------------------------------------------

    def clean_options(self, raw: dict) -> dict:
        """Validated options with defaults filled in; TableError("bad_options") otherwise."""
        if not isinstance(raw, dict) or not set(raw) <= set(self.default_options):
            raise TableError("bad_options")
        options = self.default_options | raw
        if not all(_one_of(options[name], self.allowed(name)) for name in PLATFORM_OPTIONS):
            raise TableError("bad_options")
        if not self.valid_options(options):
            raise TableError("bad_options")
        return options

    def allowed(self, option: str) -> tuple:
        """The values this game allows for one of the platform's options, the usual first."""
        return {"rated": (True, False) if self.rated else (False,),
                "private": (False, True) if self.public else (True,),
                "clock": self.clocks}[option]

    @abc.abstractmethod
    def valid_options(self, options: dict) -> bool:
        """Whether a full set of options (defaults filled in) is one this game can play; the
        platform's own options are checked before (`allowed`)."""

    def practice_options(self, cleaned: dict) -> dict:
        """Options of a one-click practice table from the game's table form: private and
        unrated whatever the form said."""
        return {key: value for key, value in cleaned.items() if key in self.default_options} | {
            "private": True, "rated": False}

    # --- clocks -----------------------------------------------------------------------

    @abc.abstractmethod
    def timing(self, options: dict) -> TimingTable:
        """The decisions and windows a table with these options times (contract.TimingTable)."""

    @abc.abstractmethod
    def pending_decisions(self, view: dict) -> dict[str, str]:
        """Whose decision the table waits for, {seat: decision kind}, read from the public
        view (the clocks run for them)."""

    def decision_survives(self, seat: str, action: dict) -> bool:
        """Does `seat`'s running decision clock go on after `action` (a call by anyone, another
        seat's simultaneous choice)? By default anything that moves the game starts anew."""
        return False

    def window(self, view: dict) -> str | None:
        """The kind of timed window open now (TimingTable.windows), if any."""
        return None

    def window_waivers(self, view: dict) -> frozenset[str]:
        """The seats whose "go on" ends the waivable window open now (Window.waivable)."""
        return frozenset()

    # --- the page -----------------------------------------------------------------------

    @property
    def templates(self) -> str:
        """Where the game's own fragments (status, seat details, board, rack) live."""
        return f"{self.key}/"

    @abc.abstractmethod
    def present(self, context: dict, view: dict | None, seat: str | None) -> None:
        """Add the game's seat details and the viewer's controls to a table page's context."""

    @abc.abstractmethod
    def action_for(self, cmd: str, frame: dict) -> tuple[dict, int | None]:
        """The engine action a game frame asks for (its cards named in the frame, judged by
        the engine), and the table version the page showed (None: the action stays valid
        whatever happened meanwhile)."""

    def help_url(self, code: str) -> str | None:
        """Where the rule behind an error code is explained (FAQ entry or rules section)."""
        return None

    # --- records in the replay viewer -------------------------------------------------------

    def record_options(self, record: dict) -> dict:
        """The engine's `new_game` options a (valid) record of this game was played with;
        a game that does not say has no replay viewer (`replayable`)."""
        raise NotImplementedError

    @property
    def replayable(self) -> bool:
        return type(self).record_options is not Game.record_options

    def record_hands(self, record: dict) -> list[list[dict]]:
        """A valid record's actions, hand by hand."""
        return [entry["actions"] for entry in record["hands"]]

    def export_record(self, name: str, record: dict, names: list[str]):
        """The record in the export format `name` (a key of `record_exports`)."""
        module, function = self.record_exports[name].rsplit(".", 1)
        return getattr(importlib.import_module(module), function)(record, names=names)

    def hand_states(self, record: dict, hand: int) -> list:
        """The engine states of a valid record's hand `hand` (0-based): after its deal, then
        after each of its actions. Replayed from the first deal through the engine itself, so
        the viewer shows what the table did."""
        return fold.hand_states(self.engine, self.record_options(record), record["hands"], hand)

    # What the replay viewer calls the run of steps between two clearings of the table
    # (`table_clear`): its buttons to the previous and next one, and its line of keys.
    clear_labels = {"previous": gettext_lazy("Previous round"), "next": gettext_lazy("Next round"),
                    "keys": gettext_lazy("Keys: ← → step, Shift+← → round, ↑ ↓ hand")}

    def table_clear(self, view: dict) -> bool:
        """Whether nothing lies on the table in this public view: the replay's steps by round
        stop where it clears. By default never, so they step by hands only."""
        return False

    def revealed_hand(self, view: dict) -> list:
        """The pieces a seat's own view shows in its hand."""
        return view.get("hand", [])

    def replay_present(self, context: dict, view: dict) -> None:
        """Add the game's seat details (each seat's `info`, as on the table page) and what its
        replay board shows besides, from the public view of a replayed moment."""

    # Whether `review` judges a seat's play (the post-game review); games without one: False.
    reviewable = False

    def review(self, record: dict, seat: str, seed: int, progress=None) -> list[dict]:
        """Each judged decision of `seat` in a valid record, as {hand, step (the moment it
        was taken in), flagged, cost (points), played, best, ...}, judged on that seat's own
        view only; deterministic for a seed. `progress(done, total)` is told as it goes."""
        raise NotImplementedError

    @property
    def replay_board(self) -> str:
        """The game's template of one replayed position, every hand shown (replay app)."""
        return f"{self.key}/replay_board.html"

    # --- a player's statistics ------------------------------------------------------------

    def record_stats(self, record: dict) -> dict[str, dict[str, float]]:
        """What each seat did in a finished game's (valid) record, as counts: {seat: {name:
        number}}. Pure; a player's counts are summed over their games as each one finishes.
        A game without statistics: none."""
        return {}

    @property
    def keeps_stats(self) -> bool:
        return type(self).record_stats is not Game.record_stats

    def stat_lines(self, totals: dict, games: int) -> list[tuple[str, str]]:
        """A player's statistics as (label, shown value) from their summed counts over
        `games` games, in the reader's language."""
        return []
    # --- tournaments ------------------------------------------------------------------------

    # The seats that play as one team, team by team (e.g. S+N against E+W); none when every
    # seat plays for itself. A tournament rotates teammates so that they do not repeat.
    teams: tuple[tuple[str, ...], ...] = ()

    def tournament_points(self, outcome: Outcome, side) -> int:
        """A tournament's points for one side's result (each of its players scores them): by
        place, the last nothing (`place_points`)."""
        return place_points(len(outcome.sides))[side.place - 1]

    def tournament_rule(self, options: dict) -> str:
        """The scoring rule of `tournament_points`, said on the tournament page."""
        return _("Points by place, first to last: %(points)s.") % {
            "points": ", ".join(str(p) for p in place_points(len(self.seats_for(options))))}

    # --- the end ------------------------------------------------------------------------

    @abc.abstractmethod
    def outcome(self, table, view: dict, players: dict, active_seconds: float) -> Outcome:
        """The finished game as sides and places (`players`: position -> Seat)."""


def place_points(sides: int) -> list[int]:
    """Points by place for `sides` sides: the first as many as there are sides, the second two
    fewer, then one fewer each down to nothing (two: 2/0, four: 4/2/1/0, five: 5/3/2/1/0)."""
    return [sides, *range(sides - 2, -1, -1)]


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


def _one_of(value, choices: tuple) -> bool:
    # True == 1 in Python: an option is one of its choices only with the same type.
    return any(type(value) is type(choice) and value == choice for choice in choices)
