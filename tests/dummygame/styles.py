"""The dummy game's own kind of style, sold only for its tables (tests/coins/test_game_styles.py)."""

KINDS = ({"key": "counter_back", "label": "Counter backs", "public": True, "back": True},)
STYLES = ({"key": "counter-plum", "kind": "counter_back", "label": "Plum counters", "price": 10,
           "colours": ("#5b2a5e", "#f0e6f1"), "preview": "dummy/style_preview.html"},)
