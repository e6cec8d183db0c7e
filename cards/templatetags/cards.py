"""One way to draw a card on any page: `{% load cards %}{% card "heart-7" %}`.

Every tag raises `UnknownCard` (a ValueError naming the bad name) instead of drawing a broken
image, so a typo in a template or a corrupt hand fails loudly in tests.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext

from cards.deck import card_name, static_path

register = template.Library()

SIZES = ("sm", "md", "lg")


def _classes(size: str | None, selected: bool) -> str:
    if size is not None and size not in SIZES:
        raise ValueError(f"Unknown card size {size!r}: use one of {', '.join(SIZES)}")
    return " ".join(
        ["card"] + ([f"card--{size}"] if size else []) + (["card--selected"] if selected else [])
    )


def _names(cards: Iterable[str] | str) -> list[str]:
    # Templates cannot build lists, so a literal may be a space-separated string.
    return cards.split() if isinstance(cards, str) else list(cards)


def _face(name: str, size: str | None, selected: bool) -> SafeString:
    return _drawn_face(name, size, selected, get_language())


# A live table redraws the same few dozen faces for every page on every move; each is drawn
# once per language (the alt text is translated) and kept.
@lru_cache(maxsize=1024)
def _drawn_face(name: str, size: str | None, selected: bool, language: str | None) -> SafeString:
    return format_html(
        '<img class="{}" src="{}" alt="{}" width="200" height="280" draggable="false">',
        _classes(size, selected),
        static(static_path(name)),
        card_name(name),
    )


@register.simple_tag
def card(name: str, size: str = "md", selected: bool = False) -> SafeString:
    """An <img> of the card face with its translated name as alt text."""
    return _face(name, size, selected)


@register.simple_tag
def selectable_cards(names: Iterable[str]) -> SafeString:
    """A player's own hand as checkbox slots (`<li>`s), none checked: the page keeps what the
    player chose across redraws (static/js/pick.js)."""
    return _drawn_slots(tuple(names), get_language())


# A seat's hand is redrawn on every move at its table, mostly unchanged: each hand and
# language is drawn once and kept (a few thousand cover every live table of a process).
@lru_cache(maxsize=4096)
def _drawn_slots(names: tuple[str, ...], language: str | None) -> SafeString:
    return mark_safe("".join(
        format_html('<li class="hand__slot"><label><input type="checkbox" class="visually-hidden" '
                    'name="cards" value="{}" data-piece>{}</label></li>\n', name, _drawn_face(name, "md", False, language))
        for name in names))


@register.simple_tag
def card_back(size: str = "md") -> SafeString:
    return format_html(
        '<img class="{}" src="{}" alt="{}" width="200" height="280" draggable="false">',
        _classes(size, False),
        static("cards/back.svg"),
        gettext("Face-down card"),
    )


@register.inclusion_tag("cards/hand.html")
def hand(
    cards: Iterable[str] | str,
    selected: Iterable[str] | str = (),
    label: str = "",
) -> dict:
    """A fanned, overlapping hand: each card shows at least its corner index."""
    chosen = set(_names(selected))
    names = _names(cards)
    return {
        # The hand's stylesheet sizes these cards for the screen, so they carry no size class.
        "slots": [_face(name, None, name in chosen) for name in names],
        "label": label
        or ngettext("Hand of %(count)d card", "Hand of %(count)d cards", len(names))
        % {"count": len(names)},
    }


@register.inclusion_tag("cards/row.html")
def card_row(cards: Iterable[str] | str, size: str = "md", label: str = "") -> dict:
    """Cards side by side without overlap, e.g. a combination in the rules or on the table."""
    names = _names(cards)
    return {
        "slots": [card(name, size) for name in names],
        "label": label or ", ".join(card_name(name) for name in names),
    }
