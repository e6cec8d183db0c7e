"""Refusals of the ratings app, answered with a code and a translated sentence
(games.errors.translated_message reads MESSAGES beside the exception class)."""

from django.utils.translation import gettext_noop

MESSAGES = {
    "rank_too_low": gettext_noop("This table is for players of %(needed)s or higher; your rank is %(rank)s."),
}


class RankRefusal(Exception):
    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        super().__init__(MESSAGES[code] % params)
