"""Sentences of a Tichu table, built from the engine's view in the reader's language."""

from django import template
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

register = template.Library()

TEAM_NAMES = {"NS": lambda: _("North–South"), "EW": lambda: _("East–West")}


@register.filter
def is_bomb(combination: dict) -> bool:
    return combination["type"] in ("four_of_a_kind", "straight_flush")


@register.simple_tag
def combination_name(combination: dict) -> str:
    kind, length = combination["type"], combination.get("length", 0)
    rank = combination.get("rank", "")
    names = {
        "single": lambda: _("single %(rank)s") % {"rank": _display_rank(rank)},
        "pair": lambda: _("pair of %(rank)s") % {"rank": rank},
        "triple": lambda: _("three %(rank)s") % {"rank": rank},
        "consecutive_pairs": lambda: ngettext(
            "%(n)d consecutive pair up to %(rank)s", "%(n)d consecutive pairs up to %(rank)s", length // 2
        ) % {"n": length // 2, "rank": rank},
        "full_house": lambda: _("full house, three %(rank)s") % {"rank": rank},
        "straight": lambda: _("straight of %(n)d up to %(rank)s") % {"n": length, "rank": rank},
        "four_of_a_kind": lambda: _("bomb: four %(rank)s") % {"rank": rank},
        "straight_flush": lambda: _("bomb: straight flush of %(n)d up to %(rank)s") % {"n": length, "rank": rank},
        "dog": lambda: _("the Dog"),
    }
    return names.get(kind, lambda: kind)()


def _display_rank(rank: str) -> str:
    special = {"1": _("Mahjong"), "1.5": _("Phoenix"), "dragon": _("Dragon")}
    if rank in special:
        return special[rank]
    if rank.endswith(".5"):
        return _("Phoenix (%(rank)s½)") % {"rank": rank[:-2]}
    return rank


@register.simple_tag
def phase_line(view: dict, names: dict, me: str | None) -> str:
    phase, turn = view["phase"], view["turn"]
    if phase == "grand":
        return _("Grand Tichu: everyone decides on their first 8 cards.")
    if phase == "exchange":
        return _("Exchange: everyone gives one card to each other player.")
    if phase == "game_over":
        return _("The game is over.")
    if view["gift_by"]:
        return _("%(name)s gives away the Dragon's trick.") % {"name": names.get(view["gift_by"], "")}
    if view["bomb_window"]:
        return _("Everyone passed.")
    if turn is None:
        return ""
    if turn == me:
        return _("Your turn.")
    return _("%(name)s's turn.") % {"name": names.get(turn, turn)}


@register.simple_tag
def hand_result(result: dict, names: dict) -> str:
    return render_to_string(
        "tichu/hand_result.html",
        {
            "result": result,
            "out": [names.get(seat, seat) for seat in result.get("out", [])],
            "calls": [
                {"name": names.get(seat, seat), "call": call, "ok": result.get("called_ok", {}).get(seat)}
                for seat, call in result.get("calls", {}).items()
            ],
            "teams": [(TEAM_NAMES[t](), result["card_points"][t], result["score"][t]) for t in ("NS", "EW")],
        },
    )


@register.simple_tag
def game_result_line(view: dict) -> str:
    winner = view.get("winner")
    end = view.get("end") or {}
    if end.get("reason") == "void":
        return _("The game was voided.")
    if winner is None:
        return _("The game ended without a winner.")
    return _("%(team)s win %(ns)s : %(ew)s") % {
        "team": TEAM_NAMES[winner](),
        "ns": view["totals"]["NS"],
        "ew": view["totals"]["EW"],
    }
