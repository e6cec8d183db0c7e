"""The Riichi part of a table page, from one viewer's view: each seat's line (wind, score,
riichi), the ponds and melds, the round in the status line with a finished hand's result,
and the viewer's hand with the calls and choices the engine lists for them now."""

from django.utils.translation import gettext as _

from ratings import ranks
from ratings.models import RankChange
from riichi.engine.options import START_SCORE
from riichi.engine.shapes import waits
from riichi.engine.tiles import KIND, NAMES, parse
from riichi.names import ABORTS, WINDS, round_label, yaku_name
from riichi.table_engine import SEATS
POND_ROW = 6  # a pond lies in rows of six; the third row takes the rest
# Which tile of a called set lies turned: the one taken from the left, across or right.
TURNED_AT = {3: 0, 2: 1, 1: -1}


def present(context: dict, view: dict | None, seat: str | None) -> None:
    if view is None:
        return
    names = context["names"]
    standing = [_riichi_stands(view, n) for n in range(4)]
    for row in context["seats"]:
        n = int(row["position"])
        row["info"].update(
            wind=str(WINDS[view["seat_winds"][n]]), dealer=view["dealer"] == row["position"],
            score=view["scores"][n], riichi=standing[n], strikes=view["strikes"][row["position"]],
            melds=[_meld(meld, n) for meld in view["melds"][n]] if row["position"] != seat else [])
    context["trick_part"] = {"ponds": [_pond(view, row, standing) for row in context["seats"]],
                             "center": _center(view, names, context["seats"], seat)}
    context["status_part"] = _status(view, names)
    if view["phase"] == "game_over" and context.get("table") is not None:
        _add_rank_changes(context["status_part"], context["table"], context["players"])
    context["sheet_part"] = _sheet(view, names)
    if seat is not None and view["phase"] != "game_over":
        hand = _hand(view) | _reading(view, int(seat))
        controls = _controls(view)
        context["hand_part"] = hand
        context["controls_part"] = controls


def _riichi_stands(view: dict, n: int) -> bool:
    """A riichi stands once its tile passed: not when that very tile was won on."""
    if not view["riichi"][n]:
        return False
    shown, river = view.get("shown"), view["rivers"][n]
    if view["phase"] == "play" or not shown or shown["result"] != "ron" or not river:
        return True
    ronned = any(d.get("from") == n for d in shown["details"])
    return not (ronned and river[-1]["riichi"])


def _pond(view: dict, row: dict, standing: list) -> dict:
    n = int(row["position"])
    river = view["rivers"][n]
    pending = view.get("pending_discard")
    if pending and pending["from"] == row["position"] and river:
        # The discard a call window is open on, marked where it lies (as the sites people
        # know point at it); the view's own entry is shared by every page, so a copy.
        river = river[:-1] + [dict(river[-1], pending=True)]
    return {"place": row["place"], "name": row["name"], "wind": str(WINDS[view["seat_winds"][n]]),
            "mark": view["seat_winds"][n],
            "dealer": view["dealer"] == row["position"], "riichi": standing[n],
            "rows": [river[:POND_ROW], river[POND_ROW:2 * POND_ROW], river[2 * POND_ROW:]]}


def _meld(meld: dict, owner: int) -> list[dict]:
    """The tiles of a set as they lie: the called one turned, a closed kan's ends face down."""
    tiles = list(meld["tiles"])
    if meld["type"] == "closed":
        return [{"tile": t, "back": i in (0, 3)} for i, t in enumerate(tiles)]
    called, turned = meld.get("called"), None
    if called in tiles:
        tiles.remove(called)
        at = TURNED_AT[(meld["from"] - owner) % 4]
        turned = len(tiles) if at == -1 else at
        tiles.insert(turned, called)
    return [{"tile": t, "sideways": i == turned} for i, t in enumerate(tiles)]


def _center(view: dict, names: dict, seats: list, seat: str | None) -> dict:
    """The middle of the table: the round and its counts, and each seat's wind and score at
    its own edge, with the difference to the viewer's score (shown on hover or tap)."""
    pending = view.get("pending_discard")
    scores = view["scores"]
    mine = scores[int(seat)] if seat is not None else None
    return {
        "round": round_label(view["round"]), "honba": view["honba"], "sticks": view["sticks"],
        "wall": view["live_left"], "dora": view["dora_indicators"], "phase": view["phase"],
        "pending": {"name": names[pending["from"]], "tile": pending["tile"]} if pending else None,
        "seats": [{"place": row["place"], "wind": str(WINDS[view["seat_winds"][int(row["position"])]]),
                   "mark": view["seat_winds"][int(row["position"])],
                   "dealer": view["dealer"] == row["position"], "score": scores[int(row["position"])],
                   "name": row["name"], "turn": view["turn"] == row["position"],
                   "diff": None if mine is None or row["position"] == seat else scores[int(row["position"])] - mine}
                  for row in seats],
    }


def _reading(view: dict, n: int) -> dict:
    """What the seat reads off its own hand, from its own view only: the tiles it waits on
    with how many of each it has not seen (in its hand, a pond, a call or a dora indicator),
    and furiten when one of them lies in its own pond or it let a winning tile pass (it cannot
    win on a discard then)."""
    hand = [parse(t) for t in view["hand"]]
    if len(hand) % 3 != 1:
        return {"waits": [], "furiten": False}
    counts = [0] * 34
    for t in hand:
        counts[KIND[t]] += 1
    kinds = waits(counts)
    if not kinds:
        return {"waits": [], "furiten": False}
    seen = list(counts)
    for tile in _visible_tiles(view):
        seen[KIND[parse(tile)]] += 1
    own_pond = {KIND[parse(d["tile"])] for d in view["rivers"][n]}
    return {"waits": [{"tile": NAMES[k], "left": max(0, 4 - seen[k])} for k in kinds],
            "furiten": view.get("furiten", False) or any(k in own_pond for k in kinds)}


def _visible_tiles(view: dict):
    for river in view["rivers"]:
        # a called discard lies in the caller's set, where it is counted
        yield from (d["tile"] for d in river if not d["called"])
    for melds in view["melds"]:
        for meld in melds:
            yield from meld["tiles"]
    yield from view["dora_indicators"]


def _sheet(view: dict, names: dict) -> dict:
    """The score sheet: one row per finished hand, each seat's gain or loss and its score."""
    totals, rows = [START_SCORE] * 4, []
    for number, result in enumerate(view["results"], 1):
        totals = [total + delta for total, delta in zip(totals, result["deltas"])]
        # Records made before results named their round show the hand's number instead.
        label = round_label(result["round"]) if "round" in result else number
        rows.append({"label": label, "honba": result["honba"], "kind": _result_kind(result["result"]),
                     "cells": [{"delta": delta, "total": total} for delta, total in zip(result["deltas"], totals)]})
    return {"players": [names[s] for s in SEATS], "rows": rows, "final": view["phase"] == "game_over"}


def _result_kind(kind: str) -> str:
    if kind == "ron":
        return _("Ron")
    if kind == "tsumo":
        return _("Tsumo")
    if kind in ("draw", "nagashi"):
        return _("Draw")
    return _("Abortive draw")


def _status(view: dict, names: dict) -> dict:
    return {
        "round": round_label(view["round"]), "honba": view["honba"], "sticks": view["sticks"],
        "phase": view["phase"],
        "turn_name": names.get(view["turn"]) if view["turn"] is not None else None,
        "calling": bool(view["calling"]),
        "scores": [{"name": names[s], "score": view["scores"][int(s)], "wind": str(WINDS[view["seat_winds"][int(s)]]),
                    "dealer": view["dealer"] == s} for s in SEATS],
        "shown": _result(view["shown"], names) if view["shown"] else None,
        "final": _final(view, names) if view["phase"] == "game_over" else None,
    }


def _result(shown: dict, names: dict) -> dict:
    """The win or draw screen of the hand just finished."""
    kind = shown["result"]
    rows = {"kind": kind, "round": round_label(shown["round"]), "honba": shown["honba"],
            "deltas": [{"name": names[s], "delta": shown["deltas"][int(s)]} for s in SEATS],
            "dora": shown["dora_indicators"], "ura": shown["ura_indicators"],
            "hands": [{"name": names[s], "tiles": tiles} for s, tiles in shown["hands"].items()
                      if kind not in ("ron", "tsumo")]}
    if kind in ("ron", "tsumo"):
        rows["wins"] = [{
            "name": names[str(d["seat"])], "from": names[str(d["from"])] if d["from"] is not None else None,
            "han": d["han"], "fu": d["fu"], "yakuman": d["yakuman"],
            "yaku": [yaku_name(y) for y in d["yaku"]], "points": shown["deltas"][d["seat"]],
            "tiles": shown["hands"].get(str(d["seat"]), []), "winning_tile": d.get("winning_tile"),
            "melds": d.get("melds", []),
        } for d in shown["details"]]
    elif kind in ("draw", "nagashi"):
        detail = shown["details"][0]
        rows["tenpai"] = [names[s] for s in SEATS if detail["tenpai"][int(s)]]
        rows["noten"] = [names[s] for s in SEATS if not detail["tenpai"][int(s)]]
        rows["nagashi"] = [names[str(s)] for s in detail["nagashi"]]
    else:
        rows["abort"] = str(ABORTS[kind.split(":", 1)[1]])
    return rows


def _final(view: dict, names: dict) -> list[dict] | None:
    final = view.get("final")
    if not final:
        return None
    results = final.get("results")
    rows = [{"seat": s, "place": final["places"][n], "name": names[s], "score": final["scores"][n],
             "result": results[n] if results else None} for n, s in enumerate(SEATS)]
    return sorted(rows, key=lambda r: r["place"])


def _add_rank_changes(status: dict, table, players: dict) -> None:
    """At the end of a ranked match, each player's rank points and the rank they now hold."""
    changes = {change.user_id: change for change in RankChange.objects.filter(
        settlement__game_kind=table.game, settlement__game_id=table.pk)}
    if not changes or not status["final"]:
        return
    for row in status["final"]:
        player = players.get(row["seat"])
        change = changes.get(player.user_id) if player is not None else None
        if change is not None:
            row["rank"] = {"change": change.change, "label": ranks.label(table.game, change.level_after),
                           "moved": change.level_after - change.level_before}


def _hand(view: dict) -> dict:
    """The viewer's tiles, the drawn one apart, each with what a tap on it does: a discard,
    and once the player armed riichi (in the page: `armable`), a discard that declares it."""
    legal = view["legal_actions"]
    plain = {a["tile"] for a in legal if a["type"] == "discard" and not a.get("riichi")}
    riichi = {a["tile"] for a in legal if a["type"] == "discard" and a.get("riichi")}
    tiles = list(view["hand"])
    drawn = view.get("drawn")
    if drawn in tiles:
        tiles.remove(drawn)

    def tap(code):
        return {"tile": code, "discard": code in plain, "riichi": code in riichi}
    return {"tiles": [tap(t) for t in tiles], "drawn": tap(drawn) if drawn else None, "armable": bool(riichi),
            "melds": [_meld(meld, int(view["seat"])) for meld in view["melds"][int(view["seat"])]]}


def _controls(view: dict) -> dict:
    legal = view["legal_actions"]
    kinds = {a["type"] for a in legal}
    calls = [{"kind": a["type"], "tiles": a["tiles"], "label": _call_label(a["type"])}
             for a in legal if a["type"] in ("chi", "pon") or a["type"] == "kan" and a.get("kind") == "open"]
    kans = [{"kind": a["kind"], "tiles": a["tiles"]} for a in legal if a["type"] == "kan" and a.get("kind") != "open"]
    pending = view.get("pending_discard")
    return {
        "ron": "ron" in kinds, "tsumo": "tsumo" in kinds, "pass": "pass" in kinds,
        "nine_terminals": "nine_terminals" in kinds, "calls": calls, "kans": kans,
        "can_riichi": any(a.get("riichi") for a in legal),
        "my_discard": view["turn"] == view["seat"] and view["phase"] == "play",
        "in_riichi": view["riichi"][int(view["seat"])],
        "pending_tile": pending["tile"] if pending and "pass" in kinds else None,
        "toggles": _toggles(view["toggles"]),
        "toggles_on": [name for name, on in view["toggles"].items() if on],
    }


def _toggles(on: dict) -> list[dict]:
    """The seat's toggles as switches: each says what a press sets it to."""
    labels = {"auto_win": _("Auto-win"), "skip_calls": _("Skip calls"), "auto_discard": _("Auto-discard")}
    return [{"name": name, "label": label, "on": on[name]} for name, label in labels.items()]


def _call_label(kind: str) -> str:
    return {"chi": _("Chi"), "pon": _("Pon"), "kan": _("Kan")}[kind]
