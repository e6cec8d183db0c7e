"""Quick play ("Play now"): a seat at the public waiting table of the player's format
with the fewest empty seats (the oldest among equals), or a new table of that format."""

from games import registry, services
from games.errors import TableError
from games.models import Table

# Lost races: the seat or the table went to someone else between the look and the sit.
RACES = {"seat_taken", "table_not_waiting", "no_empty_seat"}


def _candidates(game: str, options: dict) -> list[tuple[Table, list[str]]]:
    """Waiting public tables of this game and format, fullest first, with their empty seats."""
    found = []
    tables = Table.objects.filter(game=game, status=Table.Status.WAITING).prefetch_related("seats")
    for table in tables.order_by("created_at"):
        if table.options != options or table.rated != options.get("rated", False):
            continue  # another format, or a rated format that bots made unrated
        empty = [seat.position for seat in table.seats.all() if not seat.occupied]
        if empty:
            found.append((table, empty))
    return sorted(found, key=lambda pair: len(pair[1]))


def quick_play(*, user, game: str, options: dict) -> Table:
    """Seat the player; every refusal but a lost race (a cooldown, a guest at a rated format,
    a seat at another table) reaches the caller as it is."""
    options = services.clean_options(game, options | {"private": False})
    services.check_one_table(user)  # not even a move to another seat of their own table
    for table, empty in _candidates(game, options):
        try:
            services.sit(table_id=table.pk, user=user, position=empty[0])
        except TableError as error:
            if error.code not in RACES:
                raise
            continue
        return table
    return services.create_table(user=user, game=registry.get(game).key, options=options)
