"""The games the platform runs. Each game app declares one `Game` of its parts and registers
it in its AppConfig.ready(); the platform looks a game up here and never names one. What
each part must do is the contract (games/contract.py)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
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


def _never(*args) -> bool:
    return False


def _none(*args) -> None:
    return None


def _blank(*args) -> str:
    return ""


def _nobody(view: dict) -> frozenset[str]:
    return frozenset()


def _no_actions(*args) -> list[dict]:
    return []


def _no_bots() -> tuple[str, ...]:
    return ()


def _hands_of(record: dict) -> list[list[dict]]:
    return [entry["actions"] for entry in record["hands"]]


def places_scored(outcome: Outcome, side) -> int:
    """A tournament's points for one side's result by place, the last nothing (`place_points`)."""
    return place_points(len(outcome.sides))[side.place - 1]


@dataclass(kw_only=True, eq=False)
class Game:
    """One game as the platform sees it: a declaration of its parts, which its app registers
    in AppConfig.ready(). A part is a function (or a pure module: the engine, the bots) the
    game hands over; an optional one left out is the default below, or None where the game
    then has no such feature (no replay viewer, no review, no statistics). What each must do
    is the contract (games/contract.py)."""

    key: str
    label: str  # the game's name, marked for translation (gettext_lazy)
    # Every seat the game can have, in turn order; a table uses the first `seats_for(options)`.
    seats: tuple[str, ...]
    # The seats that play as one team, team by team (e.g. S+N against E+W); none when every
    # seat plays for itself. A tournament rotates teammates so that they do not repeat.
    teams: tuple[tuple[str, ...], ...] = ()
    record_format: str

    # --- the rules and the bots ---
    engine: ModuleType  # pure, following contract.Engine
    bots: ModuleType  # `choose_action(view, strength, rng) -> action | None`, pure
    # Bots of this game beyond the platform's strengths (an operator's, say), by the name a
    # practice table offers them under (at most 10 characters), and their decisions from the
    # state: such a bot may need every view its seat has had.
    own_bots: Callable[[], tuple[str, ...]] = _no_bots
    own_bot_decision: Callable | None = None
    # A deal for a table's options (`rng`, options), when the engine's `shuffled_deal(rng)`
    # needs more to know.
    shuffle: Callable[[random.Random, dict], dict] | None = None
    # Actions the players' saved preferences take as the game starts (the table's Seat rows
    # with their users); logged and replayed like any other.
    opening_actions: Callable[[list], list[dict]] = _no_actions

    # --- options ---
    # Table options with their defaults; `clean_options` checks a raw dict against them.
    default_options: dict
    # Whether a full set of options (defaults filled in) is one this game can play; the
    # platform's own options are checked before (`allowed`).
    valid_options: Callable[[dict], bool]
    # The engine's `new_game` options, taken from the table's options.
    engine_options: tuple[str, ...] = ()
    # A table's format in a few translated words, shown first in its lobby row (how long a
    # game it is, how many play): a player chooses a table by it.
    format_line: Callable[[dict], str] = _blank
    # The seats a table with these options has, when not all of `seats`.
    seats_in_play: Callable[[dict], tuple[str, ...]] | None = None
    # What this game allows of the platform's options (PLATFORM_OPTIONS), which the platform
    # checks and its form offers: whether tables may be rated, may be listed in the lobby
    # (False: private rooms only), and their clocks.
    rated: bool = False
    public: bool = True
    clocks: tuple[str, ...] = ("strikes",)
    # The game's table form (lobby) as "module.Class"; its cleaned data are table options.
    table_form: str

    # --- clocks ---
    # The decisions and windows a table with these options times (contract.TimingTable).
    timing: Callable[[dict], TimingTable]
    # Whose decision the table waits for, {seat: decision kind}, read from the public view
    # (the clocks run for them).
    pending_decisions: Callable[[dict], dict[str, str]]
    # Does a seat's running decision clock go on after an action (a call by anyone, another
    # seat's simultaneous choice)? By default anything that moves the game starts anew.
    decision_survives: Callable[[str, dict], bool] = _never
    # The kind of timed window open in a view (TimingTable.windows), if any.
    window: Callable[[dict], str | None] = _none
    # The seats whose "go on" ends the waivable window open now (Window.waivable).
    window_waivers: Callable[[dict], frozenset[str]] = _nobody
    # Kinds of decisions whose clock only the deciding seat's page shows: one that would tell
    # the table something hidden (who may call a discard says who holds a pair of it).
    private_decisions: frozenset[str] = frozenset()

    # --- the page ---
    # Add the game's seat details and the viewer's controls to a table page's context
    # (context, view, seat); its fragments live under `templates`.
    present: Callable[[dict, dict | None, str | None], None]
    # The socket frames that are this game's actions (choosing cards before one sends
    # nothing: the page knows the legal moves from the seat's view) ...
    commands: frozenset[str] = frozenset()
    # ... and the engine action a frame asks for (its cards named in the frame, judged by the
    # engine), with the table version the page showed (None: valid whatever happened since).
    action_for: Callable[[str, dict], tuple[dict, int | None]]
    # Where the rule behind an error code is explained (FAQ entry or rules section).
    help_url: Callable[[str], str | None] = _none
    # The game's learn pages as (URL name, label), the first one its start page, and the
    # URLconf that serves them under /learn/<key>/ (its app_name is the key).
    learn_pages: tuple[tuple[str, str], ...] = ()
    learn_urls: str = ""
    # What a player may restyle at this game's tables, as kinds of cosmetic styles (e.g.
    # "card_back", "felt", "face_theme"): the styles shop offers a game only the kinds it
    # names here, and its table draws only those.
    style_kinds: tuple[str, ...] = ()
    # A module with the game's own kinds of styles and the styles of them on sale (KINDS and
    # STYLES: the fields of coins.styles.Kind and Style as dicts), or "" when it takes only
    # the platform's.
    styles_module: str = ""
    # The game's own stylesheets under the static root (its seat badges, its board, its
    # controls), loaded in this order by its table and replay pages right after the
    # platform's (static/css/table.css); none for a game drawn with the platform's alone.
    stylesheets: tuple[str, ...] = ()

    # --- records: the replay viewer, the review, statistics, exports ---
    # The engine's `new_game` options a (valid) record was played with; None: no replay viewer.
    record_options: Callable[[dict], dict] | None = None
    # A valid record's actions, hand by hand.
    record_hands: Callable[[dict], list[list[dict]]] = _hands_of
    # The states of a record's hand (record, hand), when folding its hands through the
    # engine (gamekit.fold) is not how the game's replay works.
    replay_states: Callable[[dict, int], list] | None = None
    # Whether nothing lies on the table in a public view: the replay's steps by round stop
    # where it clears. By default never, so they step by hands only.
    table_clear: Callable[[dict], bool] = _never
    # What the replay viewer calls the run of steps between two clearings of the table
    # (`table_clear`): its buttons to the previous and next one, and its line of keys.
    clear_labels: dict = field(default_factory=lambda: {
        "previous": gettext_lazy("Previous round"), "next": gettext_lazy("Next round"),
        "keys": gettext_lazy("Keys: ← → step, Shift+← → round, ↑ ↓ hand")})
    # Add the game's seat details and what its replay board shows to a replayed moment's
    # context, from its public view (context, view).
    replay_present: Callable[[dict, dict], None] = _none
    # Each judged decision of a seat in a valid record (record, seat, seed, progress), as
    # {hand, step, flagged, cost, played, best, ...}, on that seat's own view only and
    # deterministic for a seed; `progress(done, total)` is told as it goes. None: no review.
    review: Callable | None = None
    # What each seat did in a finished game's (valid) record as counts ({seat: {name:
    # number}}, pure), and a player's statistics as (label, shown value) from their summed
    # counts over a number of games, in the reader's language. None: no statistics.
    record_stats: Callable[[dict], dict[str, dict[str, float]]] | None = None
    stat_lines: Callable[[dict, int], list[tuple[str, str]]] | None = None
    # Other formats a finished game's record downloads in, {name: "module.function"}: the
    # function turns a record and the players' names (in seat order) into that format's JSON
    # data. The game's own status fragment links to them (URL "table_record_export").
    record_exports: dict[str, str] = field(default_factory=dict)

    # --- ranks, tournaments, the end ---
    # The game's rank ladder (games.ranks), kept beside its rating; None for a game without.
    rank_ladder: RankLadder | None = None
    # A tournament's points for one side's result (each of its players scores them), and the
    # rule said on the tournament page for a table's options when the game scores its own way.
    tournament_points: Callable = places_scored
    scoring_rule: Callable[[dict], str] | None = None
    # The finished game as sides and places (table, view, players: position -> Seat,
    # active_seconds).
    outcome: Callable

    # --- what the platform derives from the parts ---

    def bot_choice(self, view: dict, strength: str, rng: random.Random) -> dict | None:
        return self.bots.choose_action(view, strength, rng)

    def bot_names(self) -> tuple[str, ...]:
        return BOT_STRENGTHS + tuple(self.own_bots())

    def bot_decision(self, state, seat: str, bot: str, rng: random.Random) -> dict | None:
        """The action of the bot at ``seat``: the platform's strengths decide from the seat's
        view, a game's own bots from the state."""
        if self.own_bot_decision is not None and bot in self.own_bots():
            return self.own_bot_decision(state, seat, bot, rng)
        return self.bot_choice(self.engine.view(state, seat), bot, rng)

    def seats_for(self, options: dict) -> tuple[str, ...]:
        return self.seats_in_play(options) if self.seats_in_play else self.seats

    def deal(self, rng: random.Random, options: dict) -> dict:
        return self.shuffle(rng, options) if self.shuffle else self.engine.shuffled_deal(rng)

    def new_game(self, options: dict, deal: dict):
        return self.engine.new_game(self.options_for_engine(options), deal)

    def options_for_engine(self, options: dict) -> dict:
        return {key: options[key] for key in self.engine_options}

    def server_actions(self, state) -> list[dict]:
        return getattr(self.engine, "server_actions", _no_actions)(state)

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

    def practice_options(self, cleaned: dict) -> dict:
        """Options of a one-click practice table from the game's table form: private and
        unrated whatever the form said."""
        return {key: value for key, value in cleaned.items() if key in self.default_options} | {
            "private": True, "rated": False}

    @property
    def templates(self) -> str:
        """Where the game's own fragments (status, seat details, board, rack) live."""
        return f"{self.key}/"

    @property
    def replayable(self) -> bool:
        return self.record_options is not None

    def hand_states(self, record: dict, hand: int) -> list:
        """The engine states of a valid record's hand `hand` (0-based): after its deal, then
        after each of its actions. Replayed from the first deal through the engine itself, so
        the viewer shows what the table did."""
        if self.replay_states is not None:
            return self.replay_states(record, hand)
        return fold.hand_states(self.engine, self.record_options(record), record["hands"], hand)

    def export_record(self, name: str, record: dict, names: list[str]):
        """The record in the export format `name` (a key of `record_exports`)."""
        module, function = self.record_exports[name].rsplit(".", 1)
        return getattr(importlib.import_module(module), function)(record, names=names)

    def revealed_hand(self, view: dict) -> list:
        """The pieces a seat's own view shows in its hand."""
        return view.get("hand", [])

    @property
    def replay_board(self) -> str:
        """The game's template of one replayed position, every hand shown (replay app)."""
        return f"{self.key}/replay_board.html"

    @property
    def reviewable(self) -> bool:
        return self.review is not None

    @property
    def keeps_stats(self) -> bool:
        return self.record_stats is not None

    def tournament_rule(self, options: dict) -> str:
        """The scoring rule of `tournament_points`, said on the tournament page."""
        if self.scoring_rule is not None:
            return self.scoring_rule(options)
        return _("Points by place, first to last: %(points)s.") % {
            "points": ", ".join(str(p) for p in place_points(len(self.seats_for(options))))}


def place_points(sides: int) -> list[int]:
    """Points by place for `sides` sides: the first as many as there are sides, the second two
    fewer, then one fewer each down to nothing (two: 2/0, four: 4/2/1/0, five: 5/3/2/1/0)."""
    return [sides, *range(sides - 2, -1, -1)]


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
