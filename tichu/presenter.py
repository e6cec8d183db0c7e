"""The Tichu part of a table page: partners and teams, calls, the Grand Tichu and exchange
steps, ratings, and the controls of the viewer's hand with its legal plays (the page enables
what the player's choice of cards allows: static/js/pick.js)."""

import functools
import json

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.models import Table
from cards.seat_lines import shedding_info
from games.presenters import Badge
from tichu.engine.cards import SEATS
from tichu.outcome import team_of

RANK_ORDER = {"mahjong": 1, "dog": 0, "phoenix": 15, "dragon": 16}
RANK_VALUES = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"), 2)}
WISH_RANKS = tuple(RANK_VALUES)
# What the controls under the hand are drawn from besides the phase and the names of the
# Dragon's possible receivers (tichu/rack.html, {% kept "controls" %}).
CONTROL_FIELDS = ("grand_choice", "exchange_open", "exchange_slots", "gifts", "phoenix_readings",
                  "can_play", "out_of_turn", "can_pass", "can_tichu")


def card_sort_key(name: str) -> tuple:
    if name in RANK_ORDER:
        return (RANK_ORDER[name], "")
    suit, rank = name.split("-")
    return (RANK_VALUES[rank], suit)


@functools.cache
def compass(language: str) -> tuple[dict, dict]:
    """Each seat's compass letter (N, E, S, W in English) and name in ``language``: the same on
    every page in it, and eight catalogue lookups each time a page is drawn."""
    with translation.override(language):
        return ({"N": pgettext("compass letter", "N"), "E": pgettext("compass letter", "E"),
                 "S": pgettext("compass letter", "S"), "W": pgettext("compass letter", "W")},
                {"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")})


def present(context: dict, view: dict | None, seat: str | None) -> None:
    players = context["players"]
    context["wish_ranks"] = WISH_RANKS
    letters, full_names = compass(context["language"])
    for row in context["seats"]:
        position = row["position"]
        if seat is not None and position != seat and team_of(position) == team_of(seat):
            row["badges"] = (Badge(_("your partner"), "partner"),)
        row["team"] = "NS" if team_of(position) == 0 else "EW"
        row["mark"] = Badge(letters[position], "compass", full_names[position])
        if view is not None:
            row["call"] = view["calls"][position]
            row["info"].update(
                call=row["call"],
                grand_decided=view["grand_decided"][position],
                exchange_chosen=view["exchange_chosen"][position],
                mahjong=view["mahjong_holder"] == position,
            )
    if view is not None:
        shedding_info(context, view)
    _add_ratings(context, context["table"], players, view)
    if view is not None:
        context["trick_part"] = {"phase": view["phase"], "trick": view["trick"], "names": context["names"],
                                 "last_trick": view["last_trick"], "compass": letters}
        context["sheet_part"] = {"rows": score_sheet(view["results"]), "names": context["names"],
                                 "final": view["phase"] == "game_over"}
    if view is not None and seat is not None:
        controls = _controls(view, seat, context["places"])
        context.update(controls)
        context["controls_part"] = {field: controls[field] for field in CONTROL_FIELDS} | {
            "phase": view["phase"], "wish_ranks": WISH_RANKS,
            "gift_names": {to: context["names"][to] for to in controls["gifts"]}}


def _add_ratings(context: dict, table: Table, players: dict, view: dict | None) -> None:
    """A rated table shows the teams' ratings and win chances, and at the end each change."""
    if not table.rated or not all(players.get(p) and players[p].user_id for p in SEATS):
        return
    context["teams"] = [[players[p].user for p in SEATS if team_of(p) == team] for team in (0, 1)]
    if view is not None and view["phase"] == "game_over":
        from ratings.models import RatingChange

        context["rating_changes"] = list(
            RatingChange.objects.filter(settlement__game_kind=table.game, settlement__game_id=table.pk)
            .select_related("user")
        )


def _controls(view: dict, seat: str, places: dict) -> dict:
    legal = view["legal_actions"]
    moves = _moves(legal)
    by_place = {place: position for position, place in places.items()}
    exchange_template = next((a for a in legal if a["type"] == "exchange"), None)
    return {
        # High first; the page turns it round on the player's word (pick.js).
        "hand": sorted(view["hand"], key=card_sort_key, reverse=True),
        "moves": json.dumps({"sets": moves}, separators=(",", ":"), sort_keys=True),
        "can_play": bool(moves),
        "out_of_turn": view["turn"] != seat,
        "phoenix_readings": sorted({name[len("phoenix-"):] for names in moves.values() for name in names
                                    if name.startswith("phoenix-")}, key=RANK_VALUES.get),
        "can_pass": any(a["type"] == "pass" for a in legal),
        "can_tichu": any(a["type"] == "tichu" for a in legal),
        "grand_choice": any(a["type"] == "grand" for a in legal),
        "gifts": [a["to"] for a in legal if a["type"] == "gift"],
        "exchange_open": exchange_template is not None,
        "exchange_slots": [{"to": by_place[place], "place": place} for place in ("left", "top", "right")],
    }


def _moves(legal: list) -> dict[str, list[str]]:
    """What each legal set of cards (its names sorted, joined by spaces) lets the page do:
    "play" it, or first choose a "wish" (with the Mahjong), or "pick" the Phoenix's rank
    among its readings ("phoenix-9"). Only the seat's own legal plays: nothing hidden."""
    readings: dict[str, set] = {}
    for action in legal:
        if action["type"] == "play":
            readings.setdefault(" ".join(sorted(action["cards"])), set()).add(action.get("phoenix"))
    moves = {}
    for key, ranks in readings.items():
        if "mahjong" in key.split(" "):
            moves[key] = ["wish"]
        elif len(ranks) > 1:
            moves[key] = ["pick"] + [f"phoenix-{rank}" for rank in sorted(ranks, key=RANK_VALUES.get)]
        else:
            moves[key] = ["play"]
    return moves


def score_sheet(results: list) -> list[dict]:
    """One row per finished hand: the calls and whether they were made, each team's card
    points and hand score, a double victory, and the running totals after the hand."""
    rows, totals = [], {"NS": 0, "EW": 0}
    for number, result in enumerate(results, 1):
        for team in totals:
            totals[team] += result["score"][team]
        double = None
        if result.get("double_victory"):
            double = "NS" if team_of(result["out"][0]) == 0 else "EW"
        rows.append({
            "number": number,
            "calls": [{"seat": seat, "call": call, "ok": result.get("called_ok", {}).get(seat)}
                      for seat, call in result.get("calls", {}).items()],
            "double": double,
            "teams": [{"points": result["card_points"][team], "score": result["score"][team],
                       "total": totals[team]} for team in ("NS", "EW")],
        })
    return rows


def replay_present(context: dict, view: dict) -> None:
    """A replayed moment's seat details (replay app): teams, calls and the Grand Tichu and
    exchange steps, as a spectator's table page shows them."""
    shedding_info(context, view)
    for row in context["seats"]:
        position = row["position"]
        row["team"] = "NS" if team_of(position) == 0 else "EW"
        row["info"].update(
            call=view["calls"][position],
            grand_decided=view["grand_decided"][position],
            exchange_chosen=view["exchange_chosen"][position],
            mahjong=view["mahjong_holder"] == position,
        )
