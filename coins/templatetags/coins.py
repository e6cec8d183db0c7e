"""Coins on other apps' pages: the balance in the header, the panel on one's own profile, and
at a table each seat's public styles (the back of its pieces, the felt) and the viewer's own
card-face theme, as CSS classes static/coins/coins.css draws."""

from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils.translation import get_language

from coins import checkin, ledger, looks, shop, styles
from coins.models import Entry
from games import registry

register = template.Library()

RECENT_ENTRIES = 10
_LOOKS = "coins.looks"


@register.inclusion_tag("coins/balance_link.html", takes_context=True)
def coin_balance_link(context) -> dict:
    user = context["user"]
    return {"balance": ledger.balance(user), "zone_known": ledger.zone_known(user)}


@register.inclusion_tag("coins/profile_panel.html", takes_context=True)
def coins_profile(context, player) -> dict:
    user = context["user"]
    if not user.is_authenticated or user != player:
        return {"shown": False}
    owned = shop.owned(user)
    chosen = {}
    for row in user.coin_active_styles.all():
        chosen.setdefault(row.game, {})[row.kind] = row.style
    games = [
        {"game": game, "kinds": [
            {"kind": kind, "chosen": chosen.get(game.key, {}).get(kind.key, ""),
             "options": [s for s in styles.all_styles().values() if s.kind == kind.key and s.key in owned]}
            for kind in styles.kinds_of(game)]}
        for game in registry.GAMES.values() if styles.kinds_of(game)
    ]
    return {
        "shown": True,
        "request": context.get("request"),
        "balance": ledger.balance(user),
        "standing": checkin.standing(user),
        "zone": ledger.zone_name(user),
        "zones": ledger.zone_choices(),
        "games": games,
        "entries": [_ledger_row(entry) for entry in Entry.objects.filter(user=user)[:RECENT_ENTRIES]],
    }


def _ledger_row(entry: Entry) -> dict:
    style = styles.get(entry.style)
    what = f"{entry.get_reason_display()}: {style.label}" if style else entry.get_reason_display()
    return {"when": entry.when, "what": what, "amount": f"{entry.amount:+d}"}


@register.inclusion_tag("coins/preview.html")
def style_preview(style, size: str = "md") -> dict:
    return {"style": style, "size": size}


@register.simple_tag(takes_context=True)
def seat_look(context, seat: dict) -> str:
    """The styles everyone sees at this seat: the back of its player's pieces, and the felt."""
    user, game = seat.get("user"), context.get("game")
    if user is None or game is None or not game.style_kinds:
        return ""
    shown = _looks_of(context, user.pk, game)[user.pk]
    if not shown:
        return ""
    kinds = styles.kinds()
    back = next((style for kind, style in shown.items() if kind in kinds and kinds[kind].back), None)
    felt = shown.get("felt")
    return _drawn_look(back.key if back else "", felt.key if felt else "", get_language())


def _looks_of(context, user_id: int, game) -> dict:
    """The looks of the page's seated players, for every seat of a frame (the seats'
    {% public %} blocks then serve the moment's other pages). A socket's frame (one with the
    moment's `shared` parts) takes what this process keeps (coins.looks: read ahead on the
    thread that loaded the table, so the event loop never waits for the shared cache); a page
    opened over HTTP reads afresh."""
    memo = context.render_context.get(_LOOKS)
    if memo is not None and user_id in memo:
        return memo
    seated = [row["user"].pk for row in context.get("seats", ()) if row.get("user")]
    wanted = seated if user_id in seated else [user_id]
    on_socket = context.get("shared") is not None
    memo = looks.kept_looks(wanted, game) if on_socket else looks.read_now(wanted, game)
    context.render_context[_LOOKS] = memo
    return memo


# A handful of styles and three languages: each look is drawn once and kept, as a table's
# seats are drawn on every move.
@lru_cache(maxsize=512)
def _drawn_look(back: str, felt: str, language: str | None) -> str:
    return render_to_string("coins/seat_look.html", {"back": styles.get(back), "felt": styles.get(felt)})


@register.simple_tag(takes_context=True)
def table_styles(context) -> str:
    """On the table page (over HTTP): the copy of the seated players' and the viewer's looks
    that the table's frames read is brought up to date, and the viewer's own card-face colours
    are marked — nobody else's page has them."""
    user, game = context.get("user"), context.get("game")
    if game is None or not game.style_kinds:
        return ""
    viewer = [user.pk] if user is not None and user.is_authenticated else []
    looks.refresh({row["user"].pk for row in context.get("seats", ()) if row.get("user")} | set(viewer))
    if not viewer or "face_theme" not in game.style_kinds:
        return ""
    key = shop.active(viewer, game.key).get(user.pk, {}).get("face_theme")
    if not styles.get(key or ""):
        return ""
    return render_to_string("coins/face_theme.html", {"style": styles.get(key)})
