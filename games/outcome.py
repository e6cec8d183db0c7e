"""What a finished game means outside its table, in terms that name no game: sides with
their players and places. Ratings, cooldowns and (later) tournaments read only this."""

from dataclasses import dataclass

REASONS = ("normal", "abandonment", "reserve_out", "void")


@dataclass(frozen=True)
class Side:
    players: tuple[int | None, ...]  # user ids in seat order; None for a bot's seat
    place: int  # 1 = first; sides with the same place drew
    points: float = 0  # the side's final score (shown, never rated on)


@dataclass(frozen=True)
class Outcome:
    game: str  # the registry key of the game
    game_id: int  # the table's id
    sides: tuple[Side, ...]
    reason: str  # one of REASONS
    leaver: int | None  # index into sides of the side that left (abandonment, reserve_out)
    weight: float  # 1.0 for a full game; a shorter format counts less
    progressed: bool  # an abandoned game ran long enough that the others are rated too
    rated: bool  # the table was rated
    has_bots: bool  # bots never make a game rated
    expelled: int | None  # user id expelled by strikes or an offline expulsion, or None

    def __post_init__(self) -> None:
        if self.reason not in REASONS:
            raise ValueError(f"unknown outcome reason {self.reason!r}")
        if len(self.sides) < 2:
            raise ValueError("an outcome has at least two sides")
        if not all(1 <= side.place <= len(self.sides) for side in self.sides):
            raise ValueError("places run from 1 to the number of sides")
        if self.leaver is not None and not 0 <= self.leaver < len(self.sides):
            raise ValueError("the leaver is one of the sides")
        if self.reason == "abandonment" and self.leaver is None:
            raise ValueError("an abandonment names the side that left")
        players = [p for side in self.sides for p in side.players if p is not None]
        if len(set(players)) != len(players):
            raise ValueError("a player cannot sit in a game twice")
