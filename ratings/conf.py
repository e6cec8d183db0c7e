"""The operator's knobs, read at call time so a changed setting (or a test override) applies
at once. The defaults are the site's rules; config/settings.py may override each one."""

from django.conf import settings

from ratings.glicko import Parameters

# Target score -> (points one team must exceed, seconds of active play that must be exceeded)
# before an abandonment counts as a win for the team that stayed.
ABANDONMENT_PROGRESS = {1000: (500, 20 * 60), 500: (300, 12 * 60)}


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


# game_weight and abandonment_progress are Tichu's rules, read by the code that builds a
# Tichu table's Outcome (games/results.py), never by ratings.services; they move with it.
def game_weight(target: int) -> float:
    """A 500-point game counts 70 % of a 1000-point one."""
    weights = {1000: 1.0, 500: getattr(settings, "RATING_SHORT_GAME_WEIGHT", 0.7)}
    if target not in weights:
        raise ValueError(f"no rating weight for a {target}-point game: rated games are played to 1000 or 500")
    return weights[target]


def abandonment_progress(target: int) -> tuple[int, int]:
    progress = getattr(settings, "RATING_ABANDONMENT_PROGRESS", ABANDONMENT_PROGRESS)
    if target not in progress:
        raise ValueError(f"no abandonment threshold for a {target}-point game")
    return progress[target]
