"""Swiss pairing: groups of a table's size, by score, without two players meeting again where
the field allows it (a game with teams groups teams: tournaments.teams). Pure but for `met`,
`teamed` and `had_bye`, which read the tournament's earlier tables."""

from itertools import combinations

from games.models import Seat


def met(tournament) -> set[frozenset]:
    """Every pair of players who shared a table of this tournament."""
    tables = {}
    for table_id, user_id in Seat.objects.filter(table__tournament_pairing__tournament=tournament,
                                                 user__isnull=False).values_list("table_id", "user_id"):
        tables.setdefault(table_id, []).append(user_id)
    return {frozenset(pair) for users in tables.values() for pair in combinations(users, 2)}


def teamed(tournament, teams) -> set[frozenset]:
    """Every pair of players who were teammates (seats of one team) at a table of this tournament."""
    team_of = {seat: n for n, team in enumerate(teams) for seat in team}
    sides = {}
    for table_id, position, user_id in (Seat.objects.filter(table__tournament_pairing__tournament=tournament,
                                                            user__isnull=False)
                                        .values_list("table_id", "position", "user_id")):
        if position in team_of:
            sides.setdefault((table_id, team_of[position]), []).append(user_id)
    return {frozenset(pair) for users in sides.values() for pair in combinations(users, 2)}


def had_bye(tournament) -> set[int]:
    """Every player who had a bye in this tournament."""
    return set(Seat.objects.filter(table__tournament_pairing__tournament=tournament, user__isnull=False,
                                   table__tournament_pairing__bye=True).values_list("user_id", flat=True))


def seating(users: list, positions) -> dict:
    """`users` in `positions` in order, bots in the seats left (a bye)."""
    return dict(zip(positions, users + [None] * (len(positions) - len(users))))


def groups(entries: list, size: int, met_before: set[frozenset]) -> tuple[list[list], list]:
    """`entries` (best score first) in groups of `size` and the ones left over (fewer than
    `size`: they get a bye), without players who met before together where possible."""
    return grouped(entries, size, lambda a, b: frozenset((a.user_id, b.user_id)) in met_before)


def grouped(items: list, size: int, clash) -> tuple[list[list], list]:
    """`items` (best first) in groups of `size`, and the ones left over. Each group starts from
    the best item left and takes the next ones that `clash` (met before) with none in it; when
    none is left that does not, the next by score. Then neighbouring groups swap items while
    that lowers their repeats (`_fewer_repeats`)."""
    left = list(items)
    made = []
    while len(left) >= size:
        group = [left.pop(0)]
        while len(group) < size:
            fresh = next((e for e in left if not any(clash(e, g) for g in group)), left[0])
            left.remove(fresh)
            group.append(fresh)
        made.append(group)
    return _fewer_repeats(made, clash), left


def repeats(group: list, clash) -> int:
    return sum(1 for a, b in combinations(group, 2) if clash(a, b))


def _fewer_repeats(made: list[list], clash) -> list[list]:
    """Greedy groups can leave repeats a swap between neighbouring groups (close in score)
    would avoid: swap while one lowers the two groups' repeats."""
    improved = True
    while improved:
        improved = False
        for upper, lower in zip(made, made[1:]):
            before = repeats(upper, clash) + repeats(lower, clash)
            if not before:
                continue
            for i, j in ((i, j) for i in range(len(upper)) for j in range(len(lower))):
                upper[i], lower[j] = lower[j], upper[i]
                if repeats(upper, clash) + repeats(lower, clash) < before:
                    improved = True
                    break
                upper[i], lower[j] = lower[j], upper[i]
    return made
