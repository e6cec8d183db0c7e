"""What the styles shop sells for Riichi tables beside the platform's kinds: tile backs. Plain
data (the fields of coins.styles.Kind and Style): a game never imports coins."""

from django.utils.translation import gettext_lazy as _

PREVIEW = "riichi/style_preview.html"

KINDS = ({"key": "tile_back", "label": _("Mahjong tile backs"), "public": True, "back": True},)

STYLES = tuple(
    {"key": key, "kind": "tile_back", "label": label, "price": 30, "colours": colours, "preview": PREVIEW}
    for key, label, colours in (
        ("tile-indigo", _("Indigo tiles"), ("#2b3f8c", "#f4efe1")),
        ("tile-amber", _("Amber tiles"), ("#c7761c", "#f4efe1")),
    )
)
