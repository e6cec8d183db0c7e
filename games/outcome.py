"""How a game ended, said without naming the game's rules: the sides, their places and why the
game stopped. A game app builds one when a table finishes and sends it with
`games.events.game_finished`; ratings (and whatever else listens) read nothing else.

Places are competition ranks: a side's place is 1 + the number of sides that did strictly
better, so two teams give (1, 2) or (2, 1), a draw (1, 1), and four players who tie for
first (1, 1, 3, 4). Anything else is refused here, where the game that built it is still on
the stack."""

from dataclasses import dataclass

REASONS = ("normal", "abandonment", "reserve_out", "void")
# A side that left is named for these; a normal result has nobody to name.
LEAVING_REASONS = ("abandonment", "reserve_out")


@dataclass(frozen=True)
class Side:
    players: tuple[int | None, ...]   # user ids in seat order; None for a bot's seat
    place: int                         # 1 = first; sides with the same place drew
    points: float = 0                  # the side's final score (shown, never rated on)
    # Feats the game's own rules reward beyond the place (say, winning a hand outright); a
    # tournament's scoring may count them (Game.tournament_points).
    bonuses: int = 0

    def __post_init__(self) -> None:
        if not self.players:
            raise ValueError("a side needs at least one seat")


@dataclass(frozen=True)
class Outcome:
    game: str             # the registry key of the game
    game_id: int          # the table's id
    sides: tuple[Side, ...]
    reason: str           # "normal" | "abandonment" | "reserve_out" | "void"
    leaver: int | None    # index into sides of the side that left (abandonment, reserve_out)
    weight: float         # 1.0 for a full game; a shorter format counts less
    progressed: bool      # an abandoned game ran long enough that the others are rated too
    rated: bool           # the table was rated
    has_bots: bool        # bots never make a game rated
    expelled: int | None  # user id expelled by strikes/offline expulsion (moderation's ladder), or None

    def __post_init__(self) -> None:
        if self.reason not in REASONS:
            raise ValueError(f"unknown outcome reason {self.reason!r}")
        if len(self.sides) < 2:
            raise ValueError("a game needs at least two sides")
        places = [side.place for side in self.sides]
        if places != competition_ranks(places):
            raise ValueError(f"places {places} are not ranks 1..{len(places)} (ties share the better place)")
        if self.reason in LEAVING_REASONS and self.leaver is None:
            raise ValueError(f"an outcome of {self.reason} needs the leaver's side")
        if self.leaver is not None and not 0 <= self.leaver < len(self.sides):
            raise ValueError(f"leaver {self.leaver} is not one of the {len(self.sides)} sides")
        if self.reason == "normal" and self.leaver is not None:
            raise ValueError("a normal result has no leaver")
        users = self.users
        if len(set(users)) != len(users):
            raise ValueError("a player cannot sit in a game twice")
        if not self.has_bots and len(users) != sum(len(side.players) for side in self.sides):
            raise ValueError("only a game with bots has seats without a player")
        if self.expelled is not None and self.expelled not in users:
            raise ValueError("the expelled player must have sat in the game")
        if not self.weight > 0:
            raise ValueError(f"a game's weight must be positive, not {self.weight}")

    @property
    def users(self) -> list[int]:
        """Every seated user's id, side by side in seat order; bots left out."""
        return [user for side in self.sides for user in side.players if user is not None]


def competition_ranks(scores: list[float]) -> list[int]:
    """The place of each entry when lower is better and equal entries share the better place."""
    return [1 + sum(other < score for other in scores) for score in scores]
