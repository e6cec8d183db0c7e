"""Where the help for a rule lives, so error messages can link to it.

The FAQ page (templates/learn/tichu_faq.html) gives every entry below an element with that id;
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

# Sections of the full rules page (templates/learn/tichu_rules.html).
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

# Engine and platform error codes -> the FAQ entry that answers them.
ERROR_FAQ: dict[str, str] = {
    "wish_must_be_fulfilled": "wish-must-be-fulfilled",
    "not_your_turn": "bomb-out-of-turn",
    "cannot_bomb_dog": "bomb-the-dog",
    "phoenix_in_bomb": "phoenix-in-bomb",
    "gift_to_partner": "dragon-trick-recipient",
    "gift_not_pending": "dragon-bombed",
    "grand_tichu_too_late": "grand-tichu-after-all-cards",
    "tichu_too_late": "tichu-after-exchange",
    "length_mismatch": "longer-straight",
    "straight_flush_is_bomb": "straight-flush-as-straight",
    "four_of_a_kind_not_full_house": "four-and-phoenix-full-house",
    "participation_cooldown": "what-is-a-cooldown",
}

# Codes without a fitting FAQ entry -> the section of the full rules that explains them.
ERROR_RULES: dict[str, str] = {
    "does_not_beat": "combinations",
    "not_a_combination": "combinations",
    "type_mismatch": "combinations",
    "bomb_not_allowed": "bombs",
    "dog_only_as_lead": "dog",
    "dragon_only_single": "dragon",
    "invalid_wish": "mahjong",
    "must_lead": "tricks",
    "cannot_pass_on_lead": "tricks",
    "already_called": "calls",
}


def faq_url_for(code: str) -> str | None:
    """The help link for an error code, e.g. "/learn/tichu/faq/#wish-must-be-fulfilled"."""
    if code in ERROR_FAQ:
        return f"{reverse('learn:tichu_faq')}#{ERROR_FAQ[code]}"
    if code in ERROR_RULES:
        return f"{reverse('learn:tichu_rules')}#{ERROR_RULES[code]}"
    return None
