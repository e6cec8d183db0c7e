"""Coins on other apps' pages: the balance in the header, the panel on one's own profile, and
at a table each seat's public styles (card back or tile back, felt) and the viewer's own
card-face theme, as CSS classes static/coins/coins.css draws."""

from django import template
from django.template.loader import render_to_string

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
             "options": [s for s in styles.STYLES.values() if s.kind == kind.key and s.key in owned]}
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
    """The styles everyone sees at this seat: its player's card or tile back, and the felt."""
    user, game = seat.get("user"), context.get("game")
    if user is None or game is None:
        return ""
    # One read for every seat of the page (the seats' {% public %} blocks then serve the
    # moment's other pages).
    memo = context.render_context.get(_LOOKS)
    if memo is None or user.pk not in memo:
        seated = [row["user"].pk for row in context.get("seats", ()) if row.get("user")]
        memo = context.render_context[_LOOKS] = looks.public_looks(seated if user.pk in seated else [user.pk], game)
    shown = memo[user.pk]
    if not shown:
        return ""
    back = shown.get("card_back") or shown.get("tile_back")
    return render_to_string("coins/seat_look.html", {"back": back, "felt": shown.get("felt")})


@register.simple_tag(takes_context=True)
def face_theme(context) -> str:
    """The viewer's own card-face colours at this game's tables: nobody else's page has it."""
    user, game = context.get("user"), context.get("game")
    if user is None or not user.is_authenticated or game is None or "face_theme" not in game.style_kinds:
        return ""
    key = shop.active([user.pk], game.key).get(user.pk, {}).get("face_theme")
    if not styles.get(key or ""):
        return ""
    return render_to_string("coins/face_theme.html", {"style": styles.get(key)})
