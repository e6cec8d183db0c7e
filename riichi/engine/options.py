"""The table's rules (the record's ``rules`` object) with the site's defaults."""

from .errors import IllegalAction

DEFAULT_RULES = {
    "length": "hanchan",
    "red_fives": True,
    "kuitan": True,
    "double_ron": True,
    "double_yakuman": False,
    "kiriage": False,
    "uma": [15, 5, -5, -15],
    "tobi": True,
}
UMAS = ([15, 5, -5, -15], [20, 10, -10, -20], [30, 10, -10, -30])
START_SCORE = 25000
RETURN_SCORE = 30000


def normalize(options) -> dict:
    """The full rules from a (possibly partial) options dict; raises ``bad_options``."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalAction("bad_options", detail="options must be an object")
    unknown = set(options) - set(DEFAULT_RULES)
    if unknown:
        raise IllegalAction("bad_options", detail="unknown option " + ", ".join(sorted(unknown)))
    rules = {**DEFAULT_RULES, **options}
    if rules["length"] not in ("east", "hanchan"):
        raise IllegalAction("bad_options", detail="length must be east or hanchan")
    for flag in ("red_fives", "kuitan", "double_ron", "double_yakuman", "kiriage", "tobi"):
        if not isinstance(rules[flag], bool):
            raise IllegalAction("bad_options", detail=f"{flag} must be true or false")
    if list(rules["uma"]) not in UMAS:
        raise IllegalAction("bad_options", detail="uma must be 5-15, 10-20 or 10-30")
    rules["uma"] = list(rules["uma"])
    return rules


def last_round(rules) -> int:
    """Index of the match's last regular hand: East 4 (3) or South 4 (7)."""
    return 3 if rules["length"] == "east" else 7
