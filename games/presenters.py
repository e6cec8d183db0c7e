"""Template context for a table page, built only from the engine's `view` for one viewer
(a seat or a spectator) plus that viewer's own screen state (selection, sort order)."""

import time
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games import registry
from games.models import Table

RANK_ORDER = {"mahjong": 1, "dog": 0, "phoenix": 15, "dragon": 16}
RANK_VALUES = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"), 2)}
WISH_RANKS = tuple(RANK_VALUES)


@dataclass
class Screen:
    """What one open page has chosen but not yet sent: kept by its socket, never shared."""

    selected: set = field(default_factory=set)
    ascending: bool = False
    exchange: dict = field(default_factory=dict)


def card_sort_key(name: str) -> tuple:
    if name in RANK_ORDER:
        return (RANK_ORDER[name], "")
    suit, rank = name.split("-")
    return (RANK_VALUES[rank], suit)


def relative_positions(seats: tuple, me: str | None) -> dict:
    """Where each seat sits on the viewer's screen: the viewer (or South) at the bottom, the
    next player in turn order on the right, the partner across, the previous on the left."""
    base = seats.index(me) if me in seats else 0
    places = ("bottom", "right", "top", "left")
    return {seats[(base + i) % 4]: places[i] for i in range(4)}


def table_context(table: Table, view: dict | None, screen: Screen, seat: str | None) -> dict:
    game = registry.get(table.game)
    players = {s.position: s for s in table.seats.all()}
    context = {
        "table": table,
        "me": seat,
        "screen": screen,
        "view": view,
        "wish_ranks": WISH_RANKS,
    }
    places = relative_positions(game.seats, seat)
    seat_rows = []
    for position in game.seats:
        player = players.get(position)
        row = {
            "position": position,
            "place": places[position],
            "name": _seat_label(player),
            "user": player.user if player else None,
            "bot": player.bot if player else "",
            "ready": player.ready if player else False,
            "is_me": position == seat,
            "is_partner": seat is not None and position != seat and game.team_of(position) == game.team_of(seat),
            "team": "NS" if game.team_of(position) == 0 else "EW",
        }
        if view is not None:
            row.update(
                count=view["hand_counts"][position],
                call=view["calls"][position],
                out_place=view["out"].index(position) + 1 if position in view["out"] else None,
                passed=position in view["passed"],
                turn=view["turn"] == position,
                strikes=view["strikes"][position],
                grand_decided=view["grand_decided"][position],
                exchange_chosen=view["exchange_chosen"][position],
                mahjong=view["mahjong_holder"] == position,
            )
        seat_rows.append(row)
    context["seats"] = sorted(seat_rows, key=lambda r: ("top", "left", "right", "bottom").index(r["place"]))
    context["names"] = {row["position"]: row["name"] for row in seat_rows}
    _add_ratings(context, table, game, players, view)
    if view is not None:
        _add_clocks(context, table, seat_rows)
    if view is not None and seat is not None:
        context.update(_controls(view, screen, seat, game, places))
    return context


def _add_ratings(context: dict, table: Table, game, players: dict, view: dict | None) -> None:
    """A rated table shows the teams' ratings and win chances, and at the end each change."""
    if not table.rated or not all(players.get(p) and players[p].user_id for p in game.seats):
        return
    context["teams"] = [[players[p].user for p in game.seats if game.team_of(p) == team] for team in (0, 1)]
    if view is not None and view["phase"] == "game_over":
        from ratings.models import RatingChange

        context["rating_changes"] = list(
            RatingChange.objects.filter(settlement__game_kind=table.game, settlement__game_id=table.pk)
            .select_related("user")
        )


def _add_clocks(context: dict, table: Table, seat_rows: list[dict]) -> None:
    """Remaining seconds as the server sees them now; the page counts down from there."""
    clock, now = table.clock or {}, time.time()
    paused = clock.get("paused")
    frozen = paused["remaining"] if paused else {}
    for row in seat_rows:
        decision = clock.get("decisions", {}).get(row["position"])
        left = None
        if decision is not None:
            left = frozen.get(row["position"]) if paused else max(0.0, decision["deadline"] - now)
        row["time_left"] = left
        row["reserve"] = clock.get("reserve", {}).get(row["position"])
        row["offline"] = row["position"] in clock.get("offline", {}) and bool(paused)
        if row["offline"]:
            since = clock["offline"][row["position"]]
            row["offline_for"] = now - since
    context["paused"] = bool(paused)
    context["resume_in"] = max(0.0, clock["resume_at"] - now) if clock.get("resume_at") else None
    context["collect_in"] = max(0.0, clock["collect_at"] - now) if clock.get("collect_at") else None
    context["clock_mode"] = table.options.get("clock", "strikes")


def _seat_label(seat) -> str:
    if seat is None:
        return ""
    if seat.user_id:
        return seat.user.username
    if seat.bot:
        return {"beginner": _("Bot (beginner)"), "normal": _("Bot (normal)"), "expert": _("Bot (expert)")}[seat.bot]
    return ""


def _controls(view: dict, screen: Screen, seat: str, game, places: dict) -> dict:
    legal = view["legal_actions"]
    hand = sorted(view["hand"], key=card_sort_key, reverse=not screen.ascending)
    selected = screen.selected & set(hand)
    plays = [a for a in legal if a["type"] == "play" and set(a["cards"]) == selected]
    readings = sorted({a.get("phoenix") for a in plays if a.get("phoenix")}, key=RANK_VALUES.get)
    by_place = {place: position for position, place in places.items()}
    exchange_template = next((a for a in legal if a["type"] == "exchange"), None)
    return {
        "hand": hand,
        "selected": selected,
        "can_play": bool(plays),
        "out_of_turn": view["turn"] != seat,
        "phoenix_readings": readings if len(readings) > 1 else [],
        "needs_wish": bool(plays) and "mahjong" in selected,
        "can_pass": any(a["type"] == "pass" for a in legal),
        "can_tichu": any(a["type"] == "tichu" for a in legal),
        "grand_choice": any(a["type"] == "grand" for a in legal),
        "gifts": [a["to"] for a in legal if a["type"] == "gift"],
        "exchange_open": exchange_template is not None,
        "exchange_slots": [
            {"to": by_place[place], "place": place, "card": screen.exchange.get(by_place[place])}
            for place in ("left", "top", "right")
        ],
        "exchange_complete": len(screen.exchange) == 3,
    }
