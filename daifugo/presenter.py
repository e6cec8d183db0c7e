"""The Daifugo part of a table page: titles next to names, the exchange's progress, the
revolution, results, and the controls of the viewer's hand (play or pass, give back) with its
legal plays (the page enables what the player's choice of cards allows: static/js/pick.js)."""

import json

from django.utils.translation import gettext as _

from daifugo.engine import TITLE_NAMES
from cards.seat_lines import shedding_info
from games.presenters import Badge

# What the controls under the hand are drawn from besides the phase, whether any card is
# left and the name of whom cards go back to (daifugo/rack.html, {% kept "controls" %}).
CONTROL_FIELDS = ("give", "can_play", "can_pass")


def title_name(key: str | None) -> str:
    return _(TITLE_NAMES[key]) if key else ""


def present(context: dict, view: dict | None, seat: str | None) -> None:
    if view is None:
        return
    shedding_info(context, view)
    exchange = {row["to"]: row for row in view["exchange"]} | {row["from"]: row for row in view["exchange"]}
    titles = {position: title_name(view["titles"].get(position)) for position in context["names"]}
    for row in context["seats"]:
        position = row["position"]
        if titles[position]:
            row["badges"] = (Badge(titles[position], "title"),)
        pair = exchange.get(position) if view["phase"] == "exchange" else None
        row["info"]["giving_back"] = bool(pair and pair["to"] == position and pair["given"] and not pair["returned"])
    names = context["names"]
    context["titled_names"] = {
        position: f"{names[position]} ({titles[position]})" if titles[position] else names[position]
        for position in names
    }
    context["trick_part"] = {"phase": view["phase"], "trick": view["trick"], "titled_names": context["titled_names"]}
    context["last_result"] = _result_rows(view["results"][-1], names) if view["results"] else None
    context["totals"] = sorted(
        ({"name": names[p], "total": t, "winner": p in (view["winner"] or [])} for p, t in view["totals"].items()),
        key=lambda r: -r["total"],
    )
    context["winners"] = [names[p] for p in view["winner"] or []]
    context["sheet_part"] = {"players": list(names.values()), "rows": score_sheet(view["results"], list(names)),
                             "final": view["phase"] == "game_over"}
    if seat is not None:
        controls = _controls(view)
        context.update(controls)
        give = controls["give"]
        context["controls_part"] = {field: controls[field] for field in CONTROL_FIELDS} | {
            "phase": view["phase"], "has_cards": bool(controls["hand"]),
            "give_name": context["names"][give["to"]] if give else None}


def score_sheet(results: list, positions: list) -> list[dict]:
    """One row per finished hand: each player's title and points, then the running total."""
    rows, totals = [], dict.fromkeys(positions, 0)
    for number, result in enumerate(results, 1):
        cells = []
        for position in positions:
            totals[position] += result["points"][position]
            cells.append({"title": title_name(result["titles"][position]), "points": result["points"][position],
                          "total": totals[position]})
        rows.append({"number": number, "cells": cells})
    return rows


def _result_rows(result: dict, names: dict) -> list[dict]:
    return [
        {"place": place, "name": names[position], "title": title_name(result["titles"][position]),
         "points": result["points"][position]}
        for place, position in enumerate(result["places"], 1)
    ]


def _controls(view: dict) -> dict:
    """The seat's hand and what it may do: each legal set of cards (names sorted, joined by
    spaces) may be played, and any `count` cards given back."""
    legal = view["legal_actions"]
    plays = {" ".join(sorted(a["cards"])): ["play"] for a in legal if a["type"] == "play"}
    give = next((a for a in legal if a["type"] == "give"), None)
    moves = {"sets": plays} | ({"counts": {str(give["count"]): ["give"]}} if give else {})
    return {
        "hand": view["hand"],  # the engine sorts it by the order in force
        "moves": json.dumps(moves, separators=(",", ":"), sort_keys=True),
        "can_play": bool(plays),
        "can_pass": any(a["type"] == "pass" for a in legal),
        "give": give,
        "my_exchange": view["my_exchange"],
    }
