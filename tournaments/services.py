"""Creating and joining tournaments, and the arena's pairing: whoever has joined, is not
paused or withdrawn and sits at no table is paired at once with the others waiting, by
close score. Pairing locks the tournament row, and a player's open seat is their "busy", made
in the same transaction: a second pass never pairs anyone twice."""

import random
import uuid
from datetime import timedelta

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games import hooks, registry
from games import services as tables
from games.errors import TableError
from games.models import Seat, Table
from moderation.access import blocked_from_public_play
from tournaments import swiss, teams
from tournaments.errors import TournamentError
from tournaments.models import Entry, Pairing, Tournament

MIN_MINUTES, MAX_MINUTES = 5, 24 * 60
MAX_ROUNDS = 15
# The page says it is open every PAGE_PING_SECONDS; a few missed pings and the player is away.
PAGE_PING_SECONDS = 10
AWAY_AFTER = timedelta(seconds=3 * PAGE_PING_SECONDS)
_rng = random.SystemRandom()


def table_options(game: str, raw: dict) -> dict:
    """A tournament table's options: the game's, validated; rated where the game rates; never
    listed in the lobby (the tournament page lists and links them, invite included), so that
    nobody but the paired players sits down."""
    if game not in registry.GAMES:
        raise TournamentError("bad_game")
    try:
        return tables.clean_options(game, dict(raw) | {"rated": registry.get(game).rated, "private": True})
    except TableError:
        raise TournamentError("bad_options") from None


def check_rounds(kind: str, rounds: int) -> None:
    if kind == Tournament.Kind.SWISS and not 1 <= rounds <= MAX_ROUNDS:
        raise TournamentError("bad_rounds")


def create(*, user, name: str, game: str, options: dict, starts_at, minutes: int, private: bool,
           kind: str = Tournament.Kind.ARENA, rounds: int = 0) -> Tournament:
    options = table_options(game, options)
    if not MIN_MINUTES <= minutes <= MAX_MINUTES or starts_at < timezone.now() - timedelta(minutes=1):
        raise TournamentError("bad_times")
    check_rounds(kind, rounds)
    tournament = Tournament.objects.create(name=name, game=game, options=options, starts_at=starts_at,
                                           minutes=minutes, private=private, created_by=user, kind=kind,
                                           rounds=rounds if kind == Tournament.Kind.SWISS else 0)
    _announce_lobby()
    return tournament


@transaction.atomic
def join(tournament: Tournament, user) -> Entry:
    """Join, or come back after a pause; a tournament is joinable until it ends."""
    if getattr(user, "is_guest", False):
        raise TournamentError("accounts_only")
    if not tournament.joinable():
        raise TournamentError("not_open" if tournament.swiss and not tournament.over() else "over")
    if Entry.objects.filter(tournament=tournament, user=user, withdrawn=True).exists():
        raise TournamentError("withdrawn")
    hooks.check_play(user, public=True)
    entry, _ = Entry.objects.select_for_update().get_or_create(tournament=tournament, user=user)
    # Joining is done on the page: the player is there.
    entry.paused, entry.seen_at = False, timezone.now()
    entry.save(update_fields=["paused", "seen_at"])
    announce(tournament.pk, users=[user.pk])
    return entry


@transaction.atomic
def pause(tournament: Tournament, user) -> None:
    """Stop being paired (a game in play goes on and counts)."""
    if not Entry.objects.filter(tournament=tournament, user=user).update(paused=True):
        raise TournamentError("not_entered")
    announce(tournament.pk, users=[user.pk])


def running(now=None) -> list[Tournament]:
    """Started and not over; the database leaves out the long-finished ones, so that beat's
    pass does not grow with the site's history."""
    now = now or timezone.now()
    started = Tournament.objects.filter(starts_at__lte=now)
    arenas = started.filter(kind=Tournament.Kind.ARENA, starts_at__gte=now - timedelta(minutes=MAX_MINUTES))
    swiss = started.filter(kind=Tournament.Kind.SWISS).filter(
        Q(round__lt=F("rounds")) | Q(pairings__counted=False)).distinct()
    return [t for t in [*arenas, *swiss] if not t.over(now)]


def pair_all(now=None) -> int:
    """Beat's pass over every running tournament; the number of games started."""
    return sum(next_swiss_round(t.pk) if t.swiss else pair(t.pk) for t in running(now))


def busy_user_ids(user_ids) -> set[int]:
    """Those who sit at a table that waits or plays (any table, not only this tournament's)."""
    return set(Seat.objects.filter(user_id__in=user_ids, table__status__in=[Table.Status.WAITING,
                                                                          Table.Status.PLAYING])
               .values_list("user_id", flat=True))


def on_page(tournament_id: int, user, *, here: bool) -> None:
    """The player's tournament page opened or said it is still open (`here`), or closed."""
    if user is not None and user.is_authenticated:
        Entry.objects.filter(tournament_id=tournament_id, user=user).update(seen_at=timezone.now() if here else None)


def waiting_entries(tournament: Tournament) -> list[Entry]:
    entries = list(Entry.objects.filter(tournament=tournament, paused=False, withdrawn=False,
                                        seen_at__gte=timezone.now() - AWAY_AFTER)
                   .select_related("user").order_by("-score", "joined_at"))
    busy = busy_user_ids([e.user_id for e in entries])
    return [e for e in entries if e.user_id not in busy]


@transaction.atomic
def pair(tournament_id: int) -> int:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None or tournament.swiss or not tournament.running():
        return 0
    game = registry.get(tournament.game)
    waiting = waiting_entries(tournament)
    blocked = blocked_from_public_play([e.user_id for e in waiting])
    # Seats are drawn (and so team mates, but for registered teams): tournaments.teams.
    groups = [(next(u for u in players.values() if u), players)
              for players in teams.arena_tables([e for e in waiting if e.user_id not in blocked],
                                                game.seats_for(tournament.options), game.teams, _rng)]
    # All tables in one go: a seat check refusing one of a group just now leaves that group
    # (None) waiting for the next pass, and the others start.
    made = tables.start_seated_tables(game=tournament.game, options=tournament.options, groups=groups)
    started = [table for table in made if table is not None]
    Pairing.objects.bulk_create(Pairing(tournament=tournament, table=table) for table in started)
    if started:
        announce(tournament.pk, users=[user.pk for table, (_, players) in zip(made, groups) if table is not None
                                       for user in players.values() if user])
    return len(started)


@transaction.atomic
def next_swiss_round(tournament_id: int) -> int:
    """Once every game of a Swiss round is counted (or at the start, the first), the next round:
    every player not withdrawn and at no other table, grouped by score without repeats where
    possible (`_swiss_tables`); those left over play against bots (a bye, marked as such)."""
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if (tournament is None or not tournament.swiss or tournament.starts_at > timezone.now()
            or tournament.round >= tournament.rounds
            or tournament.pairings.filter(round=tournament.round, counted=False).exists()):
        return 0
    entries = list(Entry.objects.filter(tournament=tournament, withdrawn=False).select_related("user")
                   .order_by("-score", "joined_at"))
    ids = [e.user_id for e in entries]
    unavailable = busy_user_ids(ids) | blocked_from_public_play(ids)
    tournament.round += 1
    tournament.save(update_fields=["round"])
    seatings = _swiss_tables(tournament, [e for e in entries if e.user_id not in unavailable])
    # All tables of the round in one go; a group a seat check refuses just now sits it out.
    made = tables.start_seated_tables(game=tournament.game, options=tournament.options,
                                      groups=[(next(u for u in seated.values() if u), seated) for seated, _ in seatings])
    Pairing.objects.bulk_create(Pairing(tournament=tournament, table=table, round=tournament.round, bye=bye)
                                for table, (_, bye) in zip(made, seatings) if table is not None)
    announce(tournament.pk)
    return sum(table is not None for table in made)


def _swiss_tables(tournament: Tournament, entries: list[Entry]) -> list[tuple[dict, bool]]:
    """A Swiss round's seatings, each with whether it is a bye: by players (`swiss.groups`),
    or by teams where the game has them (`teams.swiss_tables`)."""
    game = registry.get(tournament.game)
    positions = game.seats_for(tournament.options)
    if game.teams:
        made = teams.swiss_tables(entries, game.teams, met=swiss.met(tournament), rng=_rng,
                                  teamed=swiss.teamed(tournament, game.teams), had_bye=swiss.had_bye(tournament))
        return [(seated, False) for seated in made.tables] + ([(made.bye, True)] if made.bye else [])
    groups, left_over = swiss.groups(entries, len(positions), swiss.met(tournament))
    return ([(swiss.seating(_drawn([e.user for e in group]), positions), False) for group in groups]
            + ([(swiss.seating(_drawn([e.user for e in left_over]), positions), True)] if left_over else []))


def _drawn(users: list) -> list:
    _rng.shuffle(users)  # the seats are drawn
    return users


def announce(tournament_id: int, users=None) -> None:
    """After the commit, the tournament's pages redraw their standings and games, and the own
    line of the pages of `users` (the players whose line changed; None: everyone's) — a pairing
    pass or a game counted changes a few players' lines, and each line is a page's own drawing."""
    event = {"type": "tournament.update"}
    if users is not None:
        event["users"] = sorted(set(users))

    def send() -> None:
        # The stamp names this update, so that each process draws the standings once for all
        # its pages of the tournament (tournaments.consumers).
        async_to_sync(get_channel_layer().group_send)(f"tournament-{tournament_id}",
                                                      event | {"stamp": uuid.uuid4().hex})

    transaction.on_commit(send)


def _announce_lobby() -> None:
    transaction.on_commit(lambda: async_to_sync(get_channel_layer().group_send)("lobby", {"type": "lobby.update"}))
