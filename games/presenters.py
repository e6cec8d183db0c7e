"""Template context for a table page, built only from the engine's `view` for one viewer
(a seat or a spectator). What the viewer chooses before acting (cards, the order of the hand)
stays in their browser (static/js/pick.js): the page carries the seat's legal moves.

The parts every game shares (seats, names, clocks) are built here; the game's presenter
(`Game.present`) adds its own seat details (each seat's `info`, the line under its name)
and the viewer's controls, and its fragments live under `Game.templates`."""

import time
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import clocks, hooks, registry
from games.models import Table

@dataclass(frozen=True)
class Badge:
    """A mark a game puts on a seat's plate (templates/games/fragments/seat_plate.html): its
    text, the CSS class the game's stylesheet draws it with, and a longer name shown on
    hovering. Frozen, so a plate is kept under its badges ({% seat_plate %})."""
    text: str
    css: str = ""
    title: str = ""


# Screen places around the table, from the viewer's seat on in turn order.
PLACES = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left"), 5: ("bottom", "right", "top-right", "top-left", "left")}
DISPLAY_ORDER = ("top", "top-left", "top-right", "left", "right", "bottom")


def relative_positions(seats: tuple, me: str | None) -> dict:
    """Where each seat sits on the viewer's screen: the viewer (or the first seat) at the
    bottom, the next player in turn order on the right, and so on round the table."""
    base = seats.index(me) if me in seats else 0
    places = PLACES[len(seats)]
    return {seats[(base + i) % len(seats)]: places[i] for i in range(len(seats))}


def table_context(table: Table, view: dict | None, seat: str | None,
                  players: dict | None = None, shared: dict | None = None) -> dict:
    """`players` (position → Seat with its user) saves the query when the caller has them;
    `shared` keeps the {% public %} parts drawn for one page for the table's other pages."""
    game = registry.get(table.game)
    seats = game.seats_for(table.options)
    if players is None:
        players = {s.position: s for s in table.seats.select_related("user")}
    context = {
        "table": table,
        "game": game,
        "fragments": game.templates,
        "me": seat,
        "view": view,
        "shared": shared,
        # The one thing the status line says differently to one viewer ("Your turn."): the
        # key under which the other pages share it ({% public %}).
        "my_turn": view is not None and seat is not None and view.get("turn") == seat,
        "language": get_language(),
        # What the game's score sheet (its score_sheet.html) is drawn from, for the games
        # that keep one; the page leaves the sheet out without it.
        "sheet_part": None,
    }
    places = relative_positions(seats, seat)
    seat_rows = []
    for position in seats:
        player = players.get(position)
        row = {
            "position": position,
            "place": places[position],
            "name": _seat_label(player),
            "user": player.user if player else None,
            "bot": player.bot if player else "",
            "ready": player.ready if player else False,
            "is_me": position == seat,
            # Filled by the games that have them: a Badge before the name (`mark`), a tuple
            # of Badges after it, and the side the seat plays on (a CSS hook, `seat--team-…`).
            # Present for every game, as a key the templates miss costs a chain of failed lookups.
            "mark": None,
            "badges": (),
            "team": None,
            # The player's rank, for games with a rank ladder (`_add_ranks`).
            "rank": None,
            "turn": view is not None and view.get("turn") == position,
            # The line under the seat's name, filled by the game: exactly what it shows.
            "info": {"phase": view["phase"]} if view is not None else {},
        }
        seat_rows.append(row)
    _add_ranks(table, game, players, seat_rows)
    context["seats"] = sorted(seat_rows, key=lambda r: DISPLAY_ORDER.index(r["place"]))
    context["seat_rows"] = {row["position"]: row for row in seat_rows}
    # Who the viewer may report from this table, in the order the seats are drawn: the
    # report links are kept under these names, as drawing a link costs a URL reversal.
    context["reportable"] = [row["user"].username for row in context["seats"] if row["user"] and not row["is_me"]]
    context["places"] = places
    context["names"] = {row["position"]: row["name"] for row in seat_rows}
    context["players"] = players
    if view is not None:
        _add_clocks(context, table, seat_rows)
        _add_go_on(context, game, table, view, seat)
    game.present(context, view, seat)
    for row in seat_rows:
        # A seat's box below its name is drawn once a moment for all the table's pages
        # ({% public %}), under what its line shows, in case a game shows a viewer more.
        row["info_shown"] = shown(row["info"])
    return context


def _add_ranks(table: Table, game, players: dict, seat_rows: list[dict]) -> None:
    """Each seated player's rank on their plate, for a game with a rank ladder: a running game
    shows the ranks it started with (its pages are drawn without the database); a waiting or
    finished table, the ranks now (a finished game's promotion shows at once)."""
    if game.rank_ladder is None:
        return
    if table.status == Table.Status.PLAYING:
        levels = table.seat_ranks
    else:
        users = {position: seat.user_id for position, seat in players.items() if seat.user_id}
        held = hooks.levels_of(table.game, list(users.values())) if users else {}
        levels = {position: held[user] for position, user in users.items() if user in held}
    for row in seat_rows:
        if row["position"] in levels:
            row["rank"] = str(game.rank_ladder.label(levels[row["position"]]))


def shown(value) -> str:
    """A value built of strings, numbers, lists, dicts and sets as one comparable string:
    equal strings mean equal values, so a part kept under it is the part the value would
    draw. (Equal values could read differently, a set iterated in another order: that only
    costs drawing the part again.) `repr` makes it in C, a few times faster than walking it."""
    return repr(value)


def _add_clocks(context: dict, table: Table, seat_rows: list[dict]) -> None:
    """Remaining seconds as the server sees them now; the page counts down from there."""
    clock, now = table.clock or {}, time.time()
    paused = clock.get("paused")
    frozen = paused["remaining"] if paused else {}
    hidden = registry.get(table.game).private_decisions
    for row in seat_rows:
        decision = clock.get("decisions", {}).get(row["position"])
        left = None
        if decision is not None and decision["kind"] in hidden and row["position"] != context["me"]:
            decision = None
        if decision is not None:
            left = frozen.get(row["position"]) if paused else max(0.0, decision["deadline"] - now)
        row["time_left"] = left
        row["reserve"] = clock.get("reserve", {}).get(row["position"])
        row["offline"] = row["position"] in clock.get("offline", {}) and bool(paused)
        row["clocked"] = left is not None or row["reserve"] is not None or row["offline"]
        if row["offline"]:
            since = clock["offline"][row["position"]]
            row["offline_for"] = now - since
    context["paused"] = bool(paused)
    # A pause for a player who left (their offline time counts) or for the server's fault
    # (seats whose server process died: games.server_drops), which the service notice tells.
    context["pause_reason"] = "player" if clock.get("offline") else "server"
    context["offline_strike_seconds"] = settings.CLOCK_OFFLINE_STRIKE_SECONDS
    context["resume_in"] = max(0.0, clock["resume_at"] - now) if clock.get("resume_at") else None
    window = clock.get("window") or {}
    context["window_in"] = max(0.0, window["at"] - now) if window.get("at") else None
    context["clock_mode"] = table.options.get("clock", "strikes")


def _add_go_on(context: dict, game, table: Table, view: dict, seat: str | None) -> None:
    """A waivable window: whom it still waits on, and whether this viewer may say "go on"."""
    kind = (table.clock or {}).get("window", None) or {}
    window = game.timing(table.options).windows.get(kind.get("kind")) if kind else None
    if window is None or not window.waivable:
        context["go_on"] = None
        return
    said = clocks.waived(table.clock)
    waiting = game.window_waivers(view) - said
    context["go_on"] = {"kind": kind["kind"], "mine": seat in waiting, "said": seat in said,
                        "waiting": [context["names"][s] for s in game.seats_for(table.options)
                                    if s in waiting and s != seat]}


def seat_names(table: Table) -> dict[str, str]:
    """Each seat's player as the table page names them, by position."""
    players = {s.position: s for s in table.seats.select_related("user")}
    return {position: _seat_label(players.get(position))
            for position in registry.get(table.game).seats_for(table.options)}


def _seat_label(seat) -> str:
    if seat is None:
        return ""
    if seat.user_id:
        return seat.user.username
    if seat.bot:
        # The seat names the bot: several bots of one strength sit at a practice table.
        names = {"beginner": _("Bot %(seat)s (beginner)"), "normal": _("Bot %(seat)s (normal)"),
                 "expert": _("Bot %(seat)s (expert)")}
        # A game's own bot (an operator's) is named by its name.
        return names.get(seat.bot, _("Bot %(seat)s (%(name)s)")) % {"seat": seat.position, "name": seat.bot}
    return ""
