"""An operator's view of the rating model with the current settings: how far one even game
moves players with n past rated games."""

import json

from django.core.management.base import BaseCommand

from ratings import conf
from ratings.glicko import calibration, deviations_after_even_games

GAMES = (0, 10, 25, 100, 500)
# How far to look for the game at which the deviation reaches its floor.
FLOOR_SEARCH = 5000


class Command(BaseCommand):
    help = "Print the rating change of one even game for players with 0, 10, 25, 100 and 500 past games."

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", dest="as_json", help='print {"0": change, "10": change, …}')

    def handle(self, *args, as_json: bool = False, **options) -> None:
        parameters = conf.parameters()
        changes = calibration(parameters, GAMES)
        if as_json:
            self.stdout.write(json.dumps({str(n): round(change, 1) for n, change in changes.items()}))
            return
        deviations = deviations_after_even_games(parameters, FLOOR_SEARCH)
        self.stdout.write(
            f"initial rating {parameters.initial_rating:g}, initial deviation {parameters.initial_deviation:g}, "
            f"floor {parameters.min_deviation:g}, information scale {parameters.information_scale:g}\n"
        )
        self.stdout.write(f"{'past games':>10}  {'deviation':>9}  {'change':>6}")
        for n in GAMES:
            self.stdout.write(f"{n:>10}  {deviations[n]:>9.1f}  {changes[n]:>6.1f}")
        floor = next((n for n, deviation in enumerate(deviations) if deviation <= parameters.min_deviation), None)
        if floor is None:
            self.stdout.write(f"\nthe deviation does not reach its floor within {FLOOR_SEARCH} games")
        else:
            self.stdout.write(f"\nthe deviation reaches its floor after {floor} games")
