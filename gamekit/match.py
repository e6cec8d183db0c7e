"""The platform's part of every match (spec/platform.md), written once for all games: timeout
strikes counted for the whole match (the third ends it), the endings the platform imposes
(expel, kick, reserve_out, void), and the record entries that replay them (for a game whose
record keeps them apart: `replayed`).

A game's table engine keeps a `Match` beside its rules state, hands it every platform action
(`is_platform`), and asks it whether and how the match ended. Seats are the platform's seat
names; the game checks a seat before handing it over, and decides who wins when the match
ends early (the leaver's side loses; a void ranks nobody)."""

STRIKES_TO_EXPEL = 3
# Platform action -> the reason the match ends with it (a strike ends it only the third time).
ENDINGS = {"strike": "strikes", "expel": "expel", "kick": "kick", "reserve_out": "reserve_out",
           "void": "void"}
# How the platform settles a match by how it ended (games.outcome's reasons; None: played
# out), and the endings that expel the leaver.
SETTLED = {None: "normal", "strikes": "abandonment", "expel": "abandonment", "kick": "abandonment",
           "reserve_out": "reserve_out", "void": "void"}
EXPULSIONS = ("strikes", "expel")


def settled_as(end: dict | None) -> str:
    """The platform's reason (games.outcome) for a view's `end`."""
    return SETTLED[(end or {}).get("reason")]


def expelled_seat(end: dict | None) -> str | None:
    """The seat an ending expelled (three strikes, an expulsion), else None."""
    end = end or {}
    return end.get("seat") if end.get("reason") in EXPULSIONS else None


def is_platform(action) -> bool:
    return isinstance(action, dict) and action.get("type") in ENDINGS


def seat_needed(action: dict) -> bool:
    """Whether the platform action names a seat (all but void)."""
    return action["type"] != "void"


class Match:
    """Strikes per seat, how the match ended (None while it runs: {"reason", "seat"}, seat
    None for a void) and the platform actions so far, where the game's record keeps them
    apart from its own actions (`entries`). Never changed: `act` returns a new one."""

    __slots__ = ("seats", "strikes", "end", "entries")

    def __init__(self, seats, strikes=None, end=None, entries=()):
        self.seats = tuple(seats)
        self.strikes = dict.fromkeys(self.seats, 0) if strikes is None else dict(strikes)
        self.end = None if end is None else dict(end)
        self.entries = tuple(dict(entry) for entry in entries)

    def act(self, kind: str, seat: str | None, at: dict | None = None) -> tuple["Match", list]:
        """The match after platform action `kind` by `seat` (None for void), and its events.
        With `at` (where the game says the action fell) the action is kept as an entry; a game
        whose record keeps platform actions in place among its own passes none."""
        strikes, end, events = dict(self.strikes), None, []
        if kind == "strike":
            strikes[seat] += 1
            events.append({"type": "strike", "seat": seat, "count": strikes[seat]})
        if kind != "strike" or strikes[seat] >= STRIKES_TO_EXPEL:
            end = {"reason": ENDINGS[kind], "seat": seat}
            events.append({"type": "game_over", "reason": ENDINGS[kind], "seat": seat})
        entries = self.entries
        if at is not None:
            entries = (*entries, {"type": kind, **at, **({"seat": seat} if seat is not None else {})})
        return Match(self.seats, strikes, end, entries), events

    def __eq__(self, other):
        return isinstance(other, Match) and (self.seats, self.strikes, self.end, self.entries) == (
            other.seats, other.strikes, other.end, other.entries)

    def strike_counts(self) -> list:
        """Each seat's strikes, in seat order (as a state's JSON keeps them)."""
        return [self.strikes[seat] for seat in self.seats]

    def ending(self) -> dict | None:
        """A copy of `end`, for a view or a state's JSON."""
        return None if self.end is None else dict(self.end)

    def to_json(self) -> dict:
        return {"strikes": self.strike_counts(), "end": self.ending(), "platform": [dict(e) for e in self.entries]}

    @classmethod
    def from_json(cls, seats, data: dict) -> "Match":
        return cls(seats, dict(zip(seats, data["strikes"])), data["end"], data["platform"])


class HoldsMatch:
    """A game state that keeps its match in `match`: the platform reads the strikes (in seat
    order) and the end from the state itself."""

    __slots__ = ()

    @property
    def strikes(self) -> tuple:
        return tuple(self.match.strike_counts())

    @property
    def end(self) -> dict | None:
        return self.match.end


def replayed(seats, entries, check=None) -> tuple[Match, int | None, str | None]:
    """The match a record's platform entries lead to, or the number of the first bad entry
    and what is wrong with it; `check(entry)` says what is wrong with where it fell."""
    match = Match(seats)
    for n, entry in enumerate(entries):
        if match.end is not None:
            return match, n, "the match had already ended"
        if not is_platform(entry):
            return match, n, "unknown platform action"
        seat = entry.get("seat")
        if seat_needed(entry) and seat not in match.seats:
            return match, n, f"a seat {match.seats[0]}-{match.seats[-1]} is needed"
        wrong = check(entry) if check is not None else None
        if wrong:
            return match, n, wrong
        match, _ = match.act(entry["type"], seat if seat_needed(entry) else None)
    return match, None, None
