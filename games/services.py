"""The one write path of every table: seating, starting, and `submit` for every action of a
player, a bot, the clock or a moderator. Each runs in one transaction holding the table row's
lock, so two actions at the same instant are ordered and the loser gets a clear refusal."""

import random
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import datetime
from datetime import timezone as dt_timezone

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import audiences, clocks, hooks, presence, reads, registry, snapshots, writes
from games import moment as moments
from games.errors import TableError
from games.models import ChatMessage, Seat, Table
from games.results import finish
_system_random = random.SystemRandom()


@dataclass(frozen=True)
class Submitted:
    version: int
    events: list


# --- creating and seating -------------------------------------------------------------------

def clean_options(game: str, raw: dict) -> dict:
    """Validated table options, defaults filled in; TableError("bad_options") otherwise."""
    if game not in registry.GAMES:
        raise TableError("bad_options")
    return registry.get(game).clean_options(raw)


def open_seat_of(user) -> Seat | None:
    """The seat this player holds at a table that is waiting or playing, if any."""
    if user is None or not user.is_authenticated:
        return None
    return (Seat.objects.filter(user=user, table__status__in=[Table.Status.WAITING, Table.Status.PLAYING])
            .select_related("table").first())


@transaction.atomic
def check_one_table(user, table_id: int | None = None) -> None:
    """A person sits at one table at a time. The player's row is locked first, so two
    requests sitting them at two tables at once are ordered and the second one sees the
    first one's seat."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    seat = open_seat_of(user)
    if seat is not None and seat.table_id != table_id:
        raise TableError("seated_elsewhere", table=f"{registry.get(seat.table.game).label} #{seat.table_id}",
                         url=seat.table.get_absolute_url())


@transaction.atomic
def create_table(*, user, game: str, options: dict) -> Table:
    options = clean_options(game, options)
    hooks.check_play(user, public=not options["private"])
    check_one_table(user)
    table = Table.objects.create(game=game, options=options, created_by=user)
    seats = registry.get(game).seats_for(options)
    Seat.objects.bulk_create(Seat(table=table, position=p) for p in seats)
    Seat.objects.filter(table=table, position=seats[0]).update(user=user)
    # The creator sits down: the checks of a seat (a guest at a rated table) apply to them too.
    hooks.check_sit(user, table=table)
    _after_commit(table, lobby=True)
    return table


def _locked_waiting_table(table_id: int) -> Table:
    table = Table.objects.select_for_update().get(pk=table_id)
    if table.status != Table.Status.WAITING:
        raise TableError("table_not_waiting")
    return table


@transaction.atomic
def sit(*, table_id: int, user, position: str) -> None:
    table = _locked_waiting_table(table_id)
    if position not in registry.get(table.game).seats_for(table.options):
        raise TableError("bad_seat")
    seat = table.seats.get(position=position)
    if seat.occupied:
        raise TableError("seat_taken")
    # Cooldowns, bans and the short bar after a vote-kick are enforced here, where every
    # seat is taken, not only hidden in the page.
    hooks.check_sit(user, table=table)
    check_one_table(user, table.pk)
    # Moving to another seat of the same table is allowed; the old seat frees up.
    table.seats.filter(user=user).update(user=None, ready=False)
    seat.user, seat.ready = user, False
    seat.save(update_fields=["user", "ready"])
    _touch(table)


@transaction.atomic
def stand(*, table_id: int, user) -> None:
    """Leave the seat of a waiting table: it costs nothing before the game starts."""
    table = _locked_waiting_table(table_id)
    if not table.seats.filter(user=user).update(user=None, ready=False):
        raise TableError("not_seated")
    table.seats.update(ready=False)
    _touch(table)


def set_ready(*, table_id: int, user, ready: bool) -> None:
    refusal = _set_ready(table_id=table_id, user=user, ready=ready)
    if refusal is not None:
        raise refusal


@transaction.atomic
def _set_ready(*, table_id: int, user, ready: bool) -> Exception | None:
    """Readiness; a player blocked since taking the seat (a cooldown, a ban) is unseated
    instead, and the refusal, committed with the unseating, says why."""
    table = _locked_waiting_table(table_id)
    if not table.seats.filter(user=user).exists():
        raise TableError("not_seated")
    refusal = _refusal(user, table) if ready else None
    if refusal is not None:
        table.seats.filter(user=user).update(user=None, ready=False)
    else:
        table.seats.filter(user=user).update(ready=ready)
        _start_if_everyone_is_ready(table)
    _touch(table)
    return refusal


def _refusal(user, table: Table) -> Exception | None:
    try:
        hooks.check_sit(user, table=table)
    except Exception as error:  # noqa: BLE001 — a check's refusal, answered to the player
        if not hasattr(error, "code"):
            raise
        return error
    return None


@transaction.atomic
def fill_with_bots(*, table_id: int, user, strength: str) -> None:
    """Bots take the empty seats; a table with bots is practice and never rated."""
    table = _locked_waiting_table(table_id)
    if strength not in registry.get(table.game).bot_names():
        raise TableError("bad_bot")
    if not table.seats.filter(user=user).exists():
        raise TableError("not_seated")
    empty = table.seats.filter(user__isnull=True, bot="")
    if not empty.update(bot=strength, ready=True):
        raise TableError("no_empty_seat")
    table.has_bots = True
    table.save(update_fields=["has_bots"])
    _start_if_everyone_is_ready(table)
    _touch(table)


@transaction.atomic
def start_practice(*, user, game: str, options: dict, strength: str) -> Table:
    """One click from the lobby: a private table, the player seated and ready, bots in every
    other seat, so the game is dealt at once."""
    table = create_table(user=user, game=game, options=options)
    fill_with_bots(table_id=table.pk, user=user, strength=strength)
    set_ready(table_id=table.pk, user=user, ready=True)
    table.refresh_from_db()
    return table


@transaction.atomic
def same_seats_again(old: Table) -> Table:
    """A new table with a finished one's options and players in the same seats (bots of the
    same strength), everyone ready, so it is dealt at once (a rematch). A player blocked
    meanwhile (a cooldown) is unseated as at any start, and the table waits for someone."""
    table = Table.objects.create(game=old.game, options=old.options, created_by=old.created_by,
                                 has_bots=old.has_bots)
    Seat.objects.bulk_create(Seat(table=table, position=seat.position, user_id=seat.user_id, bot=seat.bot, ready=True)
                             for seat in old.seats.all())
    _start_if_everyone_is_ready(table)
    _touch(table)
    return table


@transaction.atomic
def start_seated(*, game: str, options: dict, created_by, players: dict) -> Table:
    """A table dealt at once with `players` ({position: user, or None for a bot of normal
    strength}) in every seat, everyone ready (a Swiss round's pairing). The seat checks apply as
    at any start: if one refuses a player, TableError("table_not_playing") and nothing is
    created."""
    table, = start_seated_tables(game=game, options=options, groups=[(created_by, players)])
    if table is None:
        raise TableError("table_not_playing")
    return table


@transaction.atomic
def start_seated_tables(*, game: str, options: dict, groups: list[tuple]) -> list[Table | None]:
    """`start_seated` for many tables at once, one per group (created_by, players), in a few
    queries for all of them and one word to the lobby after the commit (an arena pairs
    hundreds of players in one pass). A group a seat check refuses gets None, and nothing of
    its table is left."""
    options = clean_options(game, options)
    positions = registry.get(game).seats_for(options)
    if any(set(players) != set(positions) for _, players in groups):
        raise TableError("bad_seat")
    if not groups:
        return []
    made = Table.objects.bulk_create(Table(game=game, options=options, created_by=by) for by, _ in groups)
    seats = {table.pk: [Seat(table=table, position=position, user=players[position],
                             bot="" if players[position] else "normal", ready=True) for position in sorted(players)]
             for table, (_, players) in zip(made, groups)}
    Seat.objects.bulk_create(seat for table_seats in seats.values() for seat in table_seats)
    refused = hooks.sit_refusals([(seat.user, table) for table in made for seat in seats[table.pk] if seat.user_id])
    dropped = {table_id for _, table_id in refused}
    if dropped:
        Table.objects.filter(pk__in=dropped).delete()
    started = [table for table in made if table.pk not in dropped]
    online = _online_seats([(table.pk, seat.position) for table in started for seat in seats[table.pk] if seat.user_id])
    levels = _levels(game, [seat.user_id for table in started for seat in seats[table.pk] if seat.user_id])
    for table in started:
        _deal(table, seats[table.pk], online.get(table.pk, set()), levels)
        table.version += 1  # seating changed, as `_touch` says
    writes.save_starts(started)
    _after_start(started)
    return [None if table.pk in dropped else table for table in made]


def _online_seats(seats: list[tuple[int, str]]) -> dict[int, set[str]]:
    """Of these (table id, seat) pairs, the seats with a page open, by table (one round trip)."""
    if not seats:
        return {}
    online: dict[int, set[str]] = {}
    for (table_id, position), (status, _) in presence.seat_statuses(seats, time.time()).items():
        if status == "online":
            online.setdefault(table_id, set()).add(position)
    return online


def _levels(game: str, user_ids: list[int]) -> dict[int, int]:
    return hooks.levels_of(game, user_ids) if registry.get(game).rank_ladder is not None else {}


def _start_if_everyone_is_ready(table: Table) -> None:
    seats = list(table.seats.select_related("user"))
    if not all(seat.occupied and seat.ready for seat in seats):
        return
    blocked = [seat for seat in seats if seat.user_id and _refusal(seat.user, table) is not None]
    if blocked:
        # Blocked since they sat down: they leave the seat (their page shows why) and the
        # game waits for someone else.
        Seat.objects.filter(pk__in=[seat.pk for seat in blocked]).update(user=None, ready=False)
        return
    online = _online_seats([(table.pk, seat.position) for seat in seats if seat.user_id])
    _deal(table, seats, online.get(table.pk, set()), _levels(table.game, [seat.user_id for seat in seats if seat.user_id]))
    table.save()


def _dealing_random(table: Table, hand: int) -> random.Random:
    """What a table's hand number `hand` is shuffled with: the system's randomness (a test
    stack that kills and restarts its processes deals by table and hand instead)."""
    return _system_random


def _deal(table: Table, seats: list[Seat], online: set[str], levels: dict[int, int]) -> None:
    """The first hand of a table whose seats are all taken and ready (`online`: the seats with
    a page open; `levels`: the players' ranks, for a game with a ladder), logged; the caller
    saves the row."""
    game = registry.get(table.game)
    deal = game.deal(_dealing_random(table, 0), table.options)
    state = game.new_game(table.options, deal)
    table.status = Table.Status.PLAYING
    table.started_at = timezone.now()
    table.has_bots = any(seat.bot for seat in seats)
    if game.rank_ladder is not None:
        table.seat_ranks = {seat.position: levels[seat.user_id] for seat in seats if seat.user_id in levels}
    _log(table, {"type": "deal", "deal": deal}, user=None, hand=0)
    opening = game.opening_actions(seats)
    for action in opening:
        state, _ = game.engine.apply(state, action)
        _log(table, action, user=None, hand=state.hand_no)
    if opening:
        state = _apply_server_actions(table, game, state, [])
    table.snapshot = snapshots.stored(game.engine, state)
    now = time.time()
    table.clock = clocks.new_clock(timing_for(table), game.seats_for(table.options))
    # A player who never connected when the game starts is treated as one who left.
    for seat in seats:
        if seat.user_id and seat.position not in online:
            table.clock = clocks.disconnected(table.clock, seat.position, now)
    _advance_clock(table, state, None, now)


def _touch(table: Table) -> None:
    """Seating changed: every open page of the table and the lobby need a refresh."""
    table.version += 1
    table.save(update_fields=["version", "status", "started_at", "has_bots", "snapshot"])
    _after_commit(table, lobby=True, started=table.status == Table.Status.PLAYING)


# --- playing --------------------------------------------------------------------------------

def seat_of(table: Table, user) -> str | None:
    if user is None or not user.is_authenticated:
        return None
    return table.seats.filter(user=user).values_list("position", flat=True).first()


@transaction.atomic
def submit(*, table_id: int, action: dict, user=None, seat: str | None = None,
           expected_version: int | None = None, now: float | None = None, server: bool = False) -> Submitted:
    """Apply one action. A player acts for the seat they sit in, whatever the frame says;
    bots and the server name the seat (or none, for a window closing). The server's own
    actions (`server`: clocks, moderators, vote-kicks) go through a pause; nobody else's do.
    With `expected_version`, a table that has moved on is left alone (TableError "stale")."""
    now = time.time() if now is None else now
    table, players = reads.table_with_seats(table_id, for_update=True)
    if table is None:
        raise Table.DoesNotExist(f"no table {table_id}")
    if table.status != Table.Status.PLAYING:
        raise TableError("table_not_playing")
    if expected_version is not None and table.version != expected_version:
        raise TableError("stale")
    if not isinstance(action, dict):
        raise TableError("bad_frame")
    if table.clock.get("paused") and not server:
        raise TableError("paused")
    action = dict(action)
    if user is not None:
        seat = moments.seat_among(players, user)
        if seat is None:
            raise TableError("not_seated")
    if seat is not None:
        action["seat"] = seat
    game = registry.get(table.game)
    engine = game.engine
    state = engine.from_json(table.snapshot)
    state, events = engine.apply(state, action)  # raises IllegalAction, nothing stored
    log: list[dict] = []  # written with the row (`writes.save_move`)
    _log(table, action, user=user, hand=state.hand_no, into=log)
    if state.phase == "hand_over":
        deal = game.deal(_dealing_random(table, state.hand_no + 1), table.options)
        state = engine.next_hand(state, deal)
        _log(table, {"type": "deal", "deal": deal}, user=None, hand=state.hand_no, into=log)
    state = _apply_server_actions(table, game, state, events, log)
    table.snapshot = snapshots.stored(engine, state)
    # The clock, a game over and the spectators' drawing all read the public view: once.
    moment = moments.Moment(table, players, state)
    _advance_clock(table, state, action, now, moment.view(None))
    if state.phase == "game_over":
        table.status = Table.Status.FINISHED
        table.finished_at = timezone.now()
        # What hears of the game's end may read its record from the log.
        for entry in log:
            writes.log_action(**entry)
        log = []
        finish(table, moment.view(None), players)
    # See DURABLE_MOVES in settings. Said by every step, so that a transaction of several
    # (a deadline striking more than once) waits for the flush if its last step ends the game.
    writes.save_move(table, durable=settings.DURABLE_MOVES or table.status == Table.Status.FINISHED, log=log)
    _after_commit(table, lobby=table.status == Table.Status.FINISHED, moment=moment)
    return Submitted(version=table.version, events=events)


@transaction.atomic
def go_on(*, table_id: int, user=None, seats=(), expected_version: int | None = None,
          now: float | None = None) -> bool:
    """A player (`user`) or bots (`seats`) say "go on" in the open waivable window; once
    every seat the game waits on has, the window closes as if its time were up. Said twice,
    or by a seat the window does not wait on, it changes nothing. Returns whether it closed.
    The table's version stays: an action sent meanwhile from the page as it was still lands."""
    now = time.time() if now is None else now
    table = reads.table_row(table_id, for_update=True)
    if table is None or table.status != Table.Status.PLAYING:
        raise TableError("table_not_playing")
    if expected_version is not None and table.version != expected_version:
        raise TableError("stale")
    if table.clock.get("paused"):
        raise TableError("paused")
    if user is not None:
        seat = moments.seat_among(reads.seats_with_players(table_id), user)
        if seat is None:
            raise TableError("not_seated")
        seats = (seat,)
    game = registry.get(table.game)
    window = (table.clock.get("window") or {}).get("kind")
    if window is None or not game.timing(table.options).windows[window].waivable:
        raise TableError("no_window")
    waiting = game.window_waivers(game.engine.view(game.engine.from_json(table.snapshot), None))
    said = clocks.waived(table.clock) | (set(seats) & waiting)
    if said == clocks.waived(table.clock):
        return False
    if waiting <= said:
        submit(table_id=table_id, action=dict(game.timing(table.options).windows[window].action),
               now=now, server=True)
        return True
    table.clock = clocks.went_on(table.clock, said)
    table.save(update_fields=["clock"])
    _after_commit(table, lobby=False)
    return False


def _apply_server_actions(table: Table, game, state, events: list, log: list | None = None):
    """The moves the rules make without a player (a forced give of cards) go through the same
    log in the same transaction, so the record replays them like any other action."""
    while actions := game.server_actions(state):
        for action in actions:
            state, more = game.engine.apply(state, action)
            events.extend(more)
            _log(table, action, user=None, hand=state.hand_no, into=log)
    return state


def _log(table: Table, payload: dict, *, user, hand: int, into: list | None = None) -> None:
    """The next entry of the table's log: written now, or kept `into` a list that the caller
    writes with the row."""
    table.version += 1
    entry = {"table": table, "version": table.version, "hand": hand, "payload": payload, "user": user}
    _count_logged(table.game)
    if into is None:
        writes.log_action(**entry)
    else:
        into.append(entry)


class _Logged:
    """The entries a transaction added to the tables' logs, by game: told to the hook
    (`hooks.actions_logged`) when it commits, in one call however many tables it started."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def __call__(self) -> None:
        for game, n in self.counts.items():
            hooks.note_actions_logged(game, n)


_logging = threading.local()  # each thread has its own connection, and so its own transaction


def _count_logged(game: str) -> None:
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        hooks.note_actions_logged(game, 1)  # written and committed at once
        return
    logged = getattr(_logging, "pending", None)
    # a transaction that rolled back dropped it from the hooks: this is a new one
    if logged is None or not any(hook is logged for _, hook, _ in connection.run_on_commit):
        logged = _logging.pending = _Logged()
        transaction.on_commit(logged)
    logged.counts[game] = logged.counts.get(game, 0) + 1


def timing_for(table: Table) -> clocks.Timing:
    return clocks.Timing(
        mode=table.options["clock"],
        strike_seconds=settings.CLOCK_STRIKE_SECONDS,
        reserve_seconds=settings.CLOCK_RESERVE_SECONDS,
        table=registry.get(table.game).timing(table.options),
        offline_strike_seconds=settings.CLOCK_OFFLINE_STRIKE_SECONDS,
        offline_expel_seconds=settings.CLOCK_OFFLINE_EXPEL_SECONDS,
        blip_seconds=settings.CLOCK_BLIP_SECONDS,
        resume_seconds=settings.CLOCK_RESUME_SECONDS,
    )


def _advance_clock(table: Table, state, action: dict | None, now: float, public: dict | None = None) -> None:
    """Start, keep or stop each seat's decision clock after an action, and index the next
    moment the server must act. `public`: the state's public view, if the caller has it."""
    game = registry.get(table.game)
    timing = timing_for(table)
    if state.phase == "game_over":
        pending, window = {}, None
    else:
        view = public if public is not None else game.engine.view(state, None)
        pending, window = game.pending_decisions(view), game.window(view)
    table.clock = clocks.after_action(table.clock, pending, action, now, timing, window, game.decision_survives)
    set_deadline(table)


def set_deadline(table: Table) -> None:
    moment = clocks.next_deadline(table.clock, timing_for(table)) if table.status != Table.Status.FINISHED else None
    table.deadline = None if moment is None else datetime.fromtimestamp(moment, tz=dt_timezone.utc)


# --- after commit: tell the pages, wake the bots, time the window --------------------------

def _after_commit(table: Table, *, lobby: bool, moment: moments.Moment | None = None, started: bool = False) -> None:
    """After the commit: tell the pages, wake the bots, time the next deadline. `moment` is
    the table as just committed (the caller no longer touches it); `started`: this commit
    dealt the game."""
    table_id, version = table.pk, table.version
    # The table is drawn once per audience (games.audiences); the players' vote and leave
    # panels with it when its status changed, and at a waiting table, where the seating they
    # depend on changes, always.
    panels = started or table.status in (Table.Status.FINISHED, Table.Status.WAITING)
    deadline, has_bots = table.deadline, table.has_bots and table.status == Table.Status.PLAYING

    def notify() -> None:
        stamp = uuid.uuid4().hex
        try:
            drawn = moment or moments.load(table_id)
            if drawn is not None:
                audiences.publish(drawn, panels)
        finally:
            # A drawing that failed (its panels read the database here) must not keep the
            # bots asleep or the deadline untimed: the game goes on, and a page that reloads
            # sees it.
            _after_pages(table_id, version, lobby=lobby, stamp=stamp, has_bots=has_bots, deadline=deadline)

    transaction.on_commit(notify)


def _after_pages(table_id: int, version: int, *, lobby: bool, stamp: str, has_bots: bool, deadline) -> None:
    if lobby:
        # The stamp lets a process draw the list once for all its lobby pages (lobby.consumers).
        async_to_sync(get_channel_layer().group_send)("lobby", {"type": "lobby.update", "stamp": stamp})
    from games import tasks

    if has_bots:
        # A short pause lets people follow a bot's move before the next one lands.
        tasks.wake_bots.apply_async((table_id, version), countdown=settings.BOT_DELAY_SECONDS)
    if deadline is not None:
        time_deadline(table_id, version, deadline, time.time())


def _after_start(started: list[Table]) -> None:
    """After the commit of tables started in one go: one word to the lobby for all of them, and
    each table's bots woken and deadline timed. Their own pages get no broadcast: a table that
    did not exist before the commit has none open yet, and each page draws it as it opens."""
    due = [(table.pk, table.version, table.deadline, table.has_bots) for table in started]

    def notify() -> None:
        async_to_sync(get_channel_layer().group_send)("lobby", {"type": "lobby.update", "stamp": uuid.uuid4().hex})
        from games import tasks

        for table_id, version, deadline, has_bots in due:
            if has_bots:
                tasks.wake_bots.apply_async((table_id, version), countdown=settings.BOT_DELAY_SECONDS)
            if deadline is not None:
                time_deadline(table_id, version, deadline, time.time())

    if due:
        transaction.on_commit(notify)


def time_deadline(table_id: int, version: int, deadline: datetime, now: float) -> bool:
    """Schedule the precise task for a deadline that falls due within the next tick or two;
    a farther one is left to `timekeeping.tick`, which schedules it when it comes near."""
    if deadline.timestamp() - now > settings.CLOCK_PRECISE_AHEAD_SECONDS:
        return False
    from games import tasks

    tasks.run_deadline.apply_async((table_id, version), eta=deadline)
    return True


# --- chat -----------------------------------------------------------------------------------

CHAT_LINES = 50


@transaction.atomic
def post_chat(*, table_id: int | None, user, text) -> None:
    """A line at a table (seated players and spectators alike, spectators marked) or in the
    lobby (table_id None). Only signed-in players write."""
    if user is None or not user.is_authenticated:
        raise TableError("not_at_table")
    hooks.check_chat(user)
    text = text.strip()[:300] if isinstance(text, str) else ""
    if not text:
        raise TableError("chat_empty")
    spectator = False
    if table_id is not None:
        table = Table.objects.get(pk=table_id)
        spectator = seat_of(table, user) is None
    ChatMessage.objects.create(table_id=table_id, user=user, text=text, spectator=spectator)
    group, event = (table.group_name, "table.chat") if table_id is not None else ("lobby", "lobby.chat")
    transaction.on_commit(lambda: async_to_sync(get_channel_layer().group_send)(group, {"type": event}))


def recent_chat(table_id: int | None) -> list:
    lines = ChatMessage.objects.filter(table_id=table_id).select_related("user").order_by("-created_at")
    return list(reversed(lines[:CHAT_LINES]))
