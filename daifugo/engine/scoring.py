"""Titles, points per hand and the winners of a game."""

from .cards import seats_for
from .errors import gettext_noop

TITLES = {
    4: ("president", "vice_president", "vice_beggar", "beggar"),
    5: ("president", "vice_president", "citizen", "vice_beggar", "beggar"),
}

# The titles' display names, for the web layer to translate (the engine speaks in keys).
TITLE_NAMES = {
    "president": gettext_noop("President"),
    "vice_president": gettext_noop("Vice-President"),
    "citizen": gettext_noop("Citizen"),
    "vice_beggar": gettext_noop("Vice-Beggar"),
    "beggar": gettext_noop("Beggar"),
}


def titles_of(ranking, players: int) -> dict:
    """seat name → title for a hand's finishing order (seat indexes, first out first)."""
    seats = seats_for(players)
    return {seats[seat]: TITLES[players][place] for place, seat in enumerate(ranking)}


def hand_result(ranking, players: int) -> dict:
    """The replay-shaped result of a finished hand: places, titles, points = players − place."""
    seats = seats_for(players)
    return {
        "places": [seats[seat] for seat in ranking],
        "titles": titles_of(ranking, players),
        "points": {seats[seat]: players - 1 - ranking.index(seat) for seat in range(players)},
    }


def winners_of(totals, candidates) -> tuple:
    """The seat indexes among ``candidates`` with the highest total: a tie is a shared win."""
    best = max(totals[seat] for seat in candidates)
    return tuple(seat for seat in candidates if totals[seat] == best)
