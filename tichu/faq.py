"""Where the help for a rule lives, so error messages can link to it.

The FAQ page (templates/tichu/learn/faq.html) gives every entry below an element with that id;
tests/learn/ checks that the page and this module agree. `faq_url_for(code)` turns an engine
error code into a link: the FAQ entry when one answers the question behind the error, else
the section of the full rules that explains it, else None.
"""

from __future__ import annotations

from django.urls import reverse

# Group id -> entry anchors, in the order of the FAQ page.
FAQ_GROUPS: dict[str, tuple[str, ...]] = {
    "bombs": (
        "bomb-out-of-turn",
        "bomb-own-team",
        "bomb-the-dog",
        "bomb-after-all-passed",
        "bomb-beats-bomb",
    ),
    "mahjong-and-wishes": (
        "wish-must-be-fulfilled",
        "wish-lasts",
        "wish-and-bombs",
        "phoenix-and-wish",
    ),
    "special-cards": (
        "dragon-bombed",
        "dragon-trick-recipient",
        "phoenix-in-bomb",
        "dog-partner-out",
    ),
    "tichu-calls": (
        "partner-out-first",
        "tichu-after-exchange",
        "grand-tichu-after-all-cards",
    ),
    "combinations": (
        "longer-straight",
        "four-and-phoenix-full-house",
        "straight-flush-as-straight",
    ),
    "hand-scoring": (
        "last-player-hand",
        "last-player-tricks",
        "double-victory-calls",
    ),
    "ratings": (
        "how-ratings-work",
        "early-rating-swings",
        "weaker-partner",
        "partner-different-change",
        "which-games-count",
        "leaving-and-ratings",
    ),
    "leaving-and-cooldowns": (
        "time-per-move",
        "connection-lost",
        "what-is-a-cooldown",
        "back-to-first-step",
        "who-gets-a-cooldown",
        "cooldown-vs-ban",
    ),
}
FAQ_ANCHORS: frozenset[str] = frozenset(a for anchors in FAQ_GROUPS.values() for a in anchors)

# Sections of the full rules page (templates/tichu/learn/rules.html).
RULE_ANCHORS: frozenset[str] = frozenset(
    {
        "seats-and-teams",
        "deck",
        "tricks",
        "ending-a-hand",
        "winning",
        "playing-online",
        "combinations",
        "bombs",
        "special-cards",
        "mahjong",
        "dog",
        "phoenix",
        "dragon",
        "calls",
        "scoring",
    }
)

# Error codes of tichu.engine (see its module docstring) -> the FAQ entry that answers
# the question behind them.
ERROR_FAQ: dict[str, str] = {
    "wish_must_be_fulfilled": "wish-must-be-fulfilled",
    # Out of turn only a bomb may be played.
    "not_your_turn": "bomb-out-of-turn",
    "too_late_to_call": "tichu-after-exchange",
    # Same type and size: the straight question is the one players ask.
    "does_not_match": "longer-straight",
    "gift_to_opponent": "dragon-trick-recipient",
    "no_gift_pending": "dragon-bombed",
}

# Codes without a fitting FAQ entry -> the section of the full rules that explains them.
ERROR_RULES: dict[str, str] = {
    "does_not_beat": "combinations",
    "not_a_combination": "combinations",
    "no_trick_to_bomb": "bombs",
    "dog_only_as_lead": "dog",
    "bad_phoenix": "phoenix",
    "gift_pending": "dragon",
    "bad_wish": "mahjong",
    "cannot_pass_lead": "tricks",
    "already_called": "calls",
}


def faq_url_for(code: str) -> str | None:
    """The help link for an error code, e.g. "/learn/tichu/faq/#wish-must-be-fulfilled"."""
    if code in ERROR_FAQ:
        return f"{reverse('tichu:faq')}#{ERROR_FAQ[code]}"
    if code in ERROR_RULES:
        return f"{reverse('tichu:rules')}#{ERROR_RULES[code]}"
    return None
