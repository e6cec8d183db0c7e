"""Swiss pairing: groups of a table's size, by score, without two players meeting again where
the field allows it. Pure but for `met`, which reads who has shared a table."""

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


def seating(users: list, positions, teams, teamed_before: set[frozenset]) -> dict:
    """`users` (shuffled: ties are drawn) in `positions`; where the game has teams, the split
    into teams that repeats the fewest earlier teams."""
    if not teams or len(users) != len(positions):
        return dict(zip(positions, users + [None] * (len(positions) - len(users))))
    sizes = [len(team) for team in teams]

    def splits(rest, sizes):
        if not sizes:
            yield []
            return
        first, others = rest[0], rest[1:]
        for mates in combinations(others, sizes[0] - 1):
            remaining = [u for u in others if u not in mates]
            for tail in splits(remaining, sizes[1:]):
                yield [[first, *mates], *tail]

    def repeated(split):
        return sum(1 for side in split for a, b in combinations(side, 2) if frozenset((a.pk, b.pk)) in teamed_before)

    best = min(splits(users, sizes), key=repeated)
    return {seat: user for team, side in zip(teams, best) for seat, user in zip(team, side)}


def groups(entries: list, size: int, met_before: set[frozenset]) -> tuple[list[list], list]:
    """`entries` (best score first) in groups of `size` and the ones left over (fewer than
    `size`: they get a bye). Each group starts from the best unpaired player and takes the next
    ones who met nobody in it yet; when none is left who did not, the next by score. Then
    neighbouring groups swap players while that lowers their repeats (`_fewer_repeats`)."""
    left = list(entries)
    made = []
    while len(left) >= size:
        group = [left.pop(0)]
        while len(group) < size:
            fresh = next((e for e in left if not any(frozenset((e.user_id, g.user_id)) in met_before
                                                     for g in group)), left[0])
            left.remove(fresh)
            group.append(fresh)
        made.append(group)
    return _fewer_repeats(made, met_before), left


def repeats(group: list, met_before: set[frozenset]) -> int:
    return sum(1 for a, b in combinations(group, 2) if frozenset((a.user_id, b.user_id)) in met_before)


def _fewer_repeats(made: list[list], met_before: set[frozenset]) -> list[list]:
    """Greedy groups can leave repeats a swap between neighbouring groups (close in score)
    would avoid: swap while one lowers the two groups' repeats."""
    improved = True
    while improved:
        improved = False
        for upper, lower in zip(made, made[1:]):
            before = repeats(upper, met_before) + repeats(lower, met_before)
            if not before:
                continue
            for i, j in ((i, j) for i in range(len(upper)) for j in range(len(lower))):
                upper[i], lower[j] = lower[j], upper[i]
                if repeats(upper, met_before) + repeats(lower, met_before) < before:
                    improved = True
                    break
                upper[i], lower[j] = lower[j], upper[i]
    return made
