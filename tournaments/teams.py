"""Tables of a game with teams (Game.teams), made of units: a registered team (its players
play together) or players without one, drawn into teams with others of close score. Pure:
entries in (best score first), seatings out ({position: user, None for a bot})."""

from dataclasses import dataclass

from tournaments import swiss


@dataclass(eq=False)
class Unit:
    """One team of a table: a registered team, or players drawn together."""

    entries: list
    registered: bool

    @property
    def score(self) -> float:
        return sum(e.score for e in self.entries) / len(self.entries)

    @property
    def user_ids(self) -> list[int]:
        return [e.user_id for e in self.entries]


def team_size(team_seats) -> int:
    """How many play in one team (1 where every seat plays for itself)."""
    return len(team_seats[0]) if team_seats else 1


def registered_and_single(entries: list, size: int) -> tuple[list[Unit], list]:
    """The registered teams all of whose `size` players are among `entries`, and the players
    without a team. A team with a player missing (away, at another table, its invitation not
    yet accepted) is in neither: its players wait for each other."""
    by_team, singles = {}, []
    for entry in entries:
        if entry.team_id is None:
            singles.append(entry)
        else:
            by_team.setdefault(entry.team_id, []).append(entry)
    return [Unit(members, True) for members in by_team.values() if len(members) == size], singles


def _by_score(units: list[Unit]) -> list[Unit]:
    return sorted(units, key=lambda u: -u.score)  # stable: ties keep the entries' order


# --- the arena --------------------------------------------------------------------------


def arena_tables(waiting: list, positions, team_seats, rng) -> list[dict]:
    """The arena's tables of whoever waits (best score first): neighbours in the standings
    play together; registered teams as they are, the others drawn into teams by close score
    (at one table the drawn players' teams are drawn anew among them). The lowest few wait."""
    if not team_seats:
        groups = [waiting[i:i + len(positions)] for i in range(0, len(waiting) - len(positions) + 1, len(positions))]
        return [_shuffled_seats([e.user for e in group], positions, rng) for group in groups]
    size, per_table = team_size(team_seats), len(team_seats)
    registered, singles = registered_and_single(waiting, size)
    drawn = [Unit(singles[i:i + size], False) for i in range(0, len(singles) - size + 1, size)]
    units = _by_score(registered + drawn)
    tables = []
    for start in range(0, len(units) - per_table + 1, per_table):
        at_table = units[start:start + per_table]
        pool = [e for u in at_table if not u.registered for e in u.entries]
        rng.shuffle(pool)
        teams = [u.entries for u in at_table if u.registered] + [pool[i:i + size] for i in range(0, len(pool), size)]
        tables.append(seat_teams(teams, team_seats, rng))
    return tables


def _shuffled_seats(users: list, positions, rng) -> dict:
    users = list(users)
    rng.shuffle(users)
    return dict(zip(positions, users))


def seat_teams(teams: list[list], team_seats, rng) -> dict:
    """Each team (a list of entries) in one team's seats, the rest of the seats bots; drawn
    which team sits where and who takes which seat of it."""
    teams = [list(team) for team in teams] + [[]] * (len(team_seats) - len(teams))
    rng.shuffle(teams)
    for team in teams:
        rng.shuffle(team)
    return {seat: (team[i].user if i < len(team) else None)
            for seats, team in zip(team_seats, teams) for i, seat in enumerate(seats)}


# --- Swiss ------------------------------------------------------------------------------


@dataclass
class SwissRound:
    tables: list[dict]
    bye: dict | None  # the teams left over, against bots


def swiss_tables(entries: list, team_seats, *, met: set[frozenset], teamed: set[frozenset],
                 had_bye: set[int], rng) -> SwissRound:
    """A Swiss round of a game with teams, of `entries` (best score first): registered teams
    stay together; players without one are drawn with the next by score they never teamed
    with where possible; teams meet by score, teams that met before apart where possible
    (`met`: pairs of players who shared a table); with teams left over, those who had no
    bye yet (`had_bye`: players) take it, lowest score first, as long as that adds no repeat."""
    size, per_table = team_size(team_seats), len(team_seats)
    registered, _ = registered_and_single(entries, size)
    # A team's player missing this round (blocked, at another table): the others play alone.
    in_teams = {user for unit in registered for user in unit.user_ids}
    singles = [e for e in entries if e.user_id not in in_teams]
    drawn, alone = _drawn_teams(singles, size, teamed)
    units = _by_score(registered + drawn)

    def clash(a: Unit, b: Unit) -> bool:
        return any(frozenset((x, y)) in met for x in a.user_ids for y in b.user_ids)

    byes = _byes(units, len(units) % per_table, per_table, clash, had_bye)
    groups, _ = swiss.grouped([u for u in units if u not in byes], per_table, clash)
    tables = [seat_teams([u.entries for u in group], team_seats, rng) for group in groups]
    bye_teams = [u.entries for u in byes] + ([alone] if alone else [])
    return SwissRound(tables, seat_teams(bye_teams, team_seats, rng) if bye_teams else None)


def _drawn_teams(singles: list, size: int, teamed: set[frozenset]) -> tuple[list[Unit], list]:
    """Teams of `size` by score, of players who never teamed together where possible; fewer
    than `size` left alone."""
    groups, alone = swiss.grouped(singles, size, lambda a, b: frozenset((a.user_id, b.user_id)) in teamed)
    return [Unit(group, False) for group in groups], alone


# How many of the lowest units a bye is weighed for (each weighing groups the whole field).
CANDIDATES = 12


def _byes(units: list[Unit], count: int, per_table: int, clash, had_bye: set[int]) -> list[Unit]:
    """The `count` units left over for a bye: from the lowest score up, the first whose leaving
    lets the rest meet with the fewest repeats, a unit that had no bye before first."""
    chosen = []
    for _ in range(count):
        rest = [u for u in units if u not in chosen]
        candidates = list(reversed(rest))[:CANDIDATES]

        def cost(unit):
            others = [u for u in rest if u is not unit]
            groups, _ = swiss.grouped(others, per_table, clash)
            return (any(user in had_bye for user in unit.user_ids), sum(swiss.repeats(g, clash) for g in groups))

        chosen.append(min(candidates, key=cost))  # min keeps the lowest of equal cost
    return chosen


