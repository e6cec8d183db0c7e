"""What a player or staff member can get wrong with coins: a code and a translated sentence.
Whatever raised one changed nothing."""

from django.utils.translation import gettext, gettext_noop

MESSAGES = {
    "checked_in_today": gettext_noop("You have already checked in today. Come back tomorrow."),
    "unknown_style": gettext_noop("There is no such style."),
    "already_owned": gettext_noop("You already own this style."),
    "too_few_coins": gettext_noop("You do not have enough coins for this style."),
    "not_owned": gettext_noop("You do not own this style."),
    "wrong_kind": gettext_noop("That style does not fit there."),
    "unknown_game": gettext_noop("There is no such game."),
    "bad_zone": gettext_noop("Unknown time zone."),
    "bad_amount": gettext_noop("Give a whole number of coins above zero."),
    "below_zero": gettext_noop("That would take the balance below zero."),
    "no_reason": gettext_noop("Give a reason."),
}


class CoinsError(Exception):
    def __init__(self, code: str):
        self.code = code
        super().__init__(MESSAGES[code])

    @property
    def message(self) -> str:
        return gettext(MESSAGES[self.code])
