"""Refusals of the accounts app, answered with a code and a translated sentence
(games.errors.translated_message reads MESSAGES beside the exception class)."""

from django.utils.translation import gettext_noop

MESSAGES = {
    "guest_unrated": gettext_noop("Guests play unrated games only. Keep your account (a name and a password) "
                                  "to play rated ones."),
    "seated": gettext_noop("You sit at a table that has not finished: leave it first, then delete your account."),
    "too_many_guests": gettext_noop("Too many guest accounts were made from your address in the last hour. "
                                    "Sign up, or try again later."),
}


class AccountRefusal(Exception):
    def __init__(self, code: str):
        self.code = code
        super().__init__(MESSAGES[code])
