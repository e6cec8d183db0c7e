"""Sentences of the table page, built from the engine's view in the reader's language."""

import math

from django import template
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

register = template.Library()

TEAM_NAMES = {"NS": lambda: _("North–South"), "EW": lambda: _("East–West")}


@register.filter
def get(mapping: dict, key):
    return mapping.get(key, "") if mapping else ""


@register.filter
def remaining(seconds: float) -> str:
    """Seconds left for a clock's `data-remaining`, which static/js/clock.js reads with
    parseFloat: a point in every language (`floatformat` would write "12,3" in German)."""
    return f"{seconds:.1f}"


@register.filter
def whole_seconds(seconds: float) -> str:
    """Seconds left as the clock shows them, rounded up as static/js/clock.js does."""
    return str(max(0, math.ceil(seconds)))


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
        "games/tichu/hand_result.html",
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


@register.simple_tag
def end_reason_line(view: dict, names: dict) -> str:
    """Why a game ended early, e.g. "West was expelled after three timeouts"."""
    end = view.get("end") or {}
    name = names.get(end.get("seat"), end.get("seat") or "")
    lines = {
        "strikes": lambda: _("%(name)s was expelled after three timeouts.") % {"name": name},
        "expel": lambda: _("%(name)s was expelled after three timeouts.") % {"name": name},
        "kick": lambda: _("%(name)s was removed by a vote of the other players.") % {"name": name},
        "reserve_out": lambda: _("%(name)s ran out of time.") % {"name": name},
        "void": lambda: _("The game was voided; it changes no ratings.") ,
    }
    return lines[end["reason"]]() if end.get("reason") in lines else ""


# A seat's box and name line as one viewer sees it changes only when the turn moves to or
# from the seat or a player sits down, so each page keeps its own (the context's `plates`,
# owned by its socket) instead of drawing all four for every move: drawn again, the loop over
# four seats was a third of a seat page's drawing time.
PLATE_FIELDS = ("place", "turn", "is_me", "position", "name", "is_partner", "title")
KEPT_PLATES = 64


@register.simple_tag(takes_context=True)
def seat_plate(context, seat: dict) -> str:
    """The opening of a seat's box and its name line (templates/games/fragments/seat_plate.html),
    drawn once per page, language and everything it shows."""
    plates = context.get("plates")
    if plates is None:  # a page drawn once (over HTTP): nothing to keep
        plates = {}
    key = (_language(context), *(seat.get(name) for name in PLATE_FIELDS))
    html = plates.get(key)
    if html is None:
        if len(plates) >= KEPT_PLATES:
            plates.clear()
        html = plates[key] = render_to_string("games/fragments/seat_plate.html", {"seat": seat})
    return html


@register.tag
def public(parser, token):
    """`{% public "name" key… %}…{% endpublic %}`: a part of the table page that shows only
    public state, drawn once per moment and language for every page of the table (the
    moment's `shared` dict in the context; without one it is simply drawn). What such a block
    shows must not depend on who looks — no hand, no viewer's selection — beyond what its keys
    say (the status line's "Your turn." is drawn once for the player whose turn it is, once for
    everyone else)."""
    return _keyed_block(parser, token, PublicNode)


def _keyed_block(parser, token, node_class):
    """`{% name "part" key… %}…{% endname %}` parsed into `node_class(nodelist, keys)`."""
    name, *bits = token.split_contents()
    if not bits:
        raise template.TemplateSyntaxError(f"{{% {name} %}} needs a name")
    nodelist = parser.parse((f"end{name}",))
    parser.delete_first_token()
    return node_class(nodelist, [parser.compile_filter(bit) for bit in bits])


class KeyedNode(template.Node):
    def __init__(self, nodelist, keys):
        self.nodelist, self.keys = nodelist, keys


class PublicNode(KeyedNode):
    def render(self, context) -> str:
        shared = context.get("shared")
        if shared is None:
            return self.nodelist.render(context)
        key = (self.origin.name, _language(context), *(k.resolve(context) for k in self.keys))
        if key not in shared:
            shared[key] = self.nodelist.render(context)
        return shared[key]


def _language(context) -> str:
    """The page's language, found once per page by `table_context`: asking the translation
    machinery for it costs a few microseconds each time, and a page asks a dozen times."""
    return context.get("language") or get_language()


# Parts kept across moments and tables, under everything they show ({% kept %}). A table's
# part changes with a move only for the seat that moved, and the controls under a hand read
# alike at most tables: 250 tables keep a few thousand parts alive.
KEPT_PARTS = 8192
_kept: dict = {}


@register.tag
def kept(parser, token):
    """`{% kept "name" key… %}…{% endkept %}`: a part drawn once per language and key for
    every page of every table this process draws. The keys must name everything the block
    shows (the presenters build them, and tests compare kept parts with fresh ones): then a
    kept part is exactly what the page would draw itself, and shows no viewer anything of
    another's beyond what the key already holds. A block that changes with each moment (a
    running clock) belongs in {% public %}."""
    return _keyed_block(parser, token, KeptNode)


class KeptNode(KeyedNode):
    def render(self, context) -> str:
        key = (self.origin.name, _language(context), *(k.resolve(context) for k in self.keys))
        html = _kept.get(key)
        if html is None:
            if len(_kept) >= KEPT_PARTS:
                _kept.clear()  # atomic: a page drawn on another thread meanwhile only misses
            html = _kept[key] = self.nodelist.render(context)
        return html
