"""The operator's knobs, read at call time so a changed setting (or a test override) applies
at once. The defaults are the site's rules; config/settings.py may override each one."""

from django.conf import settings

from ratings.glicko import Parameters


def parameters() -> Parameters:
    defaults = Parameters()
    return Parameters(
        initial_rating=getattr(settings, "RATING_INITIAL", defaults.initial_rating),
        initial_deviation=getattr(settings, "RATING_INITIAL_DEVIATION", defaults.initial_deviation),
        min_deviation=getattr(settings, "RATING_MIN_DEVIATION", defaults.min_deviation),
        information_scale=getattr(settings, "RATING_INFORMATION_SCALE", defaults.information_scale),
    )


def provisional_games() -> int:
    return getattr(settings, "RATING_PROVISIONAL_GAMES", 10)
