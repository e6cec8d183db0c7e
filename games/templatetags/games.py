"""Sentences of the table page, built from the engine's view in the reader's language."""

import math

from django import template
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.presenters import shown

register = template.Library()

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


# The plate's template is drawn from these fields alone (the seat row holds more).
PLATE_FIELDS = ("place", "turn", "is_me", "position", "name", "mark", "badges", "team", "rank")


# Plates drawn, by language and fields, for every drawing in this process: a move draws four
# plates for each of its five audiences, and a plate changes only with the turn (py-spy had
# drawing them afresh at 12 % of daphne at 125 tables). 125 tables show ~5,000 plates.
PLATES_KEPT = 16384
_plates: dict = {}


@register.simple_tag(takes_context=True)
def seat_plate(context, seat: dict) -> str:
    """The opening of a seat's box and its name line (templates/games/fragments/seat_plate.html),
    drawn from its fields alone (`Badge`s are frozen, so equal fields read alike) and kept."""
    plate = {name: seat.get(name) for name in PLATE_FIELDS}
    key = (_language(context), shown(plate))
    html = _plates.get(key)
    if html is None:
        if len(_plates) >= PLATES_KEPT:
            _plates.clear()  # atomic: a page drawn on another thread meanwhile only misses
        html = _plates[key] = render_to_string("games/fragments/seat_plate.html", {"seat": plate})
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
    """`{% public "part" key… %}…{% endpublic %}` parsed into `node_class(nodelist, keys)`."""
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


# Parts kept across moments and tables ({% kept %}). A table's part changes with a move only
# for the seat that moved, and the controls under a hand read alike at most tables: 250
# tables keep a few thousand parts alive.
KEPT_PARTS = 8192
_kept: dict = {}


@register.tag
def kept(parser, token):
    """`{% kept "name" part… name=value… %}…{% endkept %}`: a part drawn once per language and
    inputs for every page of every table this process draws. The block is drawn from its
    inputs alone — the dicts `part…` spread into a context of their own, plus the named
    values — and kept under all of them, so a kept part is exactly what those inputs draw:
    it can never show another moment, or another viewer's state, than the one it names. A
    block that changes with each moment (a running clock) belongs in {% public %}."""
    name, *bits = token.split_contents()
    if not bits:
        raise template.TemplateSyntaxError("{% kept %} needs a name")
    nodelist = parser.parse(("endkept",))
    parser.delete_first_token()
    parts, named = [], {}
    for bit in bits[1:]:
        key, eq, value = bit.partition("=")
        if eq:
            named[key] = parser.compile_filter(value)
        else:
            parts.append(parser.compile_filter(bit))
    return KeptNode(bits[0], nodelist, parts, named)


class KeptNode(template.Node):
    def __init__(self, name, nodelist, parts, named):
        self.name, self.nodelist, self.parts, self.named = name, nodelist, parts, named

    def inputs(self, context) -> dict:
        inputs = {}
        for part in self.parts:
            inputs.update(part.resolve(context))
        for key, value in self.named.items():
            inputs[key] = value.resolve(context)
        return inputs

    def render(self, context) -> str:
        inputs = self.inputs(context)
        language = _language(context)
        key = (self.origin.name, self.name, language, shown(inputs))
        html = _kept.get(key)
        if html is None:
            if len(_kept) >= KEPT_PARTS:
                _kept.clear()  # atomic: a page drawn on another thread meanwhile only misses
            isolated = template.Context(inputs | {"language": language}, autoescape=context.autoescape)
            isolated.template = context.template
            html = _kept[key] = self.nodelist.render(isolated)
        return html
