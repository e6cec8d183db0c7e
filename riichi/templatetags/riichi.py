"""`{% tile "5m" %}`: one tile face as an image with its name as alt text; `sideways`
turns a riichi discard or a called tile, `back` draws the back of a closed kan's ends."""

from functools import lru_cache

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from riichi.names import round_label, tile_name, yaku_name

register = template.Library()


@lru_cache(maxsize=2048)
def _drawn(code: str, size: str, sideways: bool, back: bool, language: str) -> str:
    classes = f"tile tile--{size}" + (" tile--sideways" if sideways else "")
    if back:
        return format_html('<img class="{}" src="{}" alt="" width="60" height="80" draggable="false">',
                           classes, static("riichi/tiles/back.svg"))
    return format_html('<img class="{}" src="{}" alt="{}" title="{}" width="60" height="80" draggable="false">',
                       classes, static(f"riichi/tiles/{code}.svg"), tile_name(code), tile_name(code))


@register.simple_tag
def tile(code: str, size: str = "md", sideways: bool = False, back: bool = False) -> str:
    return _drawn(code, size, bool(sideways), bool(back), get_language())


@register.simple_tag
def tile_row(codes, size: str = "sm") -> str:
    # templates cannot build lists, so a literal row is a space-separated string
    codes = codes.split() if isinstance(codes, str) else codes
    return mark_safe("".join(_drawn(code, size, False, False, get_language()) for code in codes))


@register.filter
def round_name(round_no: int) -> str:
    return round_label(round_no)


@register.filter
def yaku(package_name: str) -> str:
    return yaku_name(package_name)


@register.filter
def uma_label(uma: list) -> str:
    """[15, 5, -5, -15] as the menu names it: "5-15"."""
    return f"{uma[1]}-{uma[0]}"
