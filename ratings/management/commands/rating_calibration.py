"""An operator's view of the rating model with the current settings: how far one even game
moves players with n past rated games, for two teams of two and for four players placed
1st to 4th."""

import json

from django.core.management.base import BaseCommand

from ratings import conf
from ratings.glicko import FOUR_PLAYERS, TWO_TEAMS, Parameters, changes_by_place, deviations_after_even_games

GAMES = (0, 10, 25, 100, 500)
# How far to look for the game at which the deviation reaches its floor.
FLOOR_SEARCH = 5000


class Command(BaseCommand):
    help = (
        "Print the rating change of one even game for players with 0, 10, 25, 100 and 500 past games: "
        "the winners of a two-team game, and each place of a four-player game."
    )

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", dest="as_json", help='print {"0": change, "10": change, …}')
        parser.add_argument(
            "--placements",
            action="store_true",
            help='with --json, the four-player game instead: {"0": [1st, 2nd, 3rd, 4th], …}',
        )

    def handle(self, *args, as_json: bool = False, placements: bool = False, **options) -> None:
        parameters = conf.parameters()
        if as_json:
            table_format = FOUR_PLAYERS if placements else TWO_TEAMS
            changes = changes_by_place(parameters, GAMES, table_format)
            shown = {str(n): [round(c, 1) for c in by_place] for n, by_place in changes.items()}
            if not placements:
                shown = {n: by_place[0] for n, by_place in shown.items()}
            self.stdout.write(json.dumps(shown))
            return
        self.stdout.write(
            f"initial rating {parameters.initial_rating:g}, initial deviation {parameters.initial_deviation:g}, "
            f"floor {parameters.min_deviation:g}, information scale {parameters.information_scale:g}\n"
        )
        self.stdout.write("two teams of two: the winners' change")
        self._table(parameters, TWO_TEAMS, ["change"])
        self.stdout.write("\nfour players placed 1st to 4th: each place's change")
        self._table(parameters, FOUR_PLAYERS, ["1st", "2nd", "3rd", "4th"])

    def _table(self, parameters: Parameters, table_format: tuple[int, ...], columns: list[str]) -> None:
        changes = changes_by_place(parameters, GAMES, table_format)
        deviations = deviations_after_even_games(parameters, FLOOR_SEARCH, table_format)
        self.stdout.write(f"{'past games':>10}  {'deviation':>9}" + "".join(f"  {c:>6}" for c in columns))
        for n in GAMES:
            shown = changes[n][: len(columns)]
            self.stdout.write(f"{n:>10}  {deviations[n]:>9.1f}" + "".join(f"  {c:>6.1f}" for c in shown))
        floor = next((n for n, deviation in enumerate(deviations) if deviation <= parameters.min_deviation), None)
        if floor is None:
            self.stdout.write(f"the deviation does not reach its floor within {FLOOR_SEARCH} games")
        else:
            self.stdout.write(f"the deviation reaches its floor after {floor} games")
