"""What other apps say about tables, without the platform naming them. Moderation fills
these in its AppConfig.ready() (bans, cooldowns, mutes, vote-kicks); a later feature adds
its own the same way. Each check raises an error with a `code` to refuse."""

from collections.abc import Callable

# (user, public: bool) — before a player creates or joins a table.
play_checks: list[Callable] = []
# (user, table) — before a player takes a seat, presses Ready, or a game starts with them.
sit_checks: list[Callable] = []
# {sit check: the same check for many seats at once, (seats: [(user, table)]) -> {(user id,
# table id): refusal}} — a tournament's pairing starts a hundred tables in one pass, and a
# check that queries once a seat would make that hundreds of queries.
sit_checks_many: dict[Callable, Callable] = {}
# (table) — before the players of a finished table may ask for a rematch (tournaments: their
# games have none; the players go back to be paired again).
rematch_checks: list[Callable] = []
# (user) — before a player writes in a chat.
chat_checks: list[Callable] = []
# (user) — may this signed-in user open a table socket, or send it a frame that writes?
# (a ban closes every socket)
socket_checks: list[Callable] = []
# (request) -> user — the account a visitor who is not signed in plays with (accounts: a guest).
visitor_accounts: list[Callable] = []
# (user) -> str | None — what else leaving a game midway would cost this player, said in the
# Leave confirmation (moderation: the participation cooldown it brings).
leave_notes: list[Callable] = []
# (user) -> {file name: JSON-able data} — what an app keeps about a player that the accounts
# app may not import (coins), for the player's own data download.
own_data: list[Callable] = []
# (game key, seconds) — a player's action was applied and broadcast to its table this long
# after its frame arrived (ops keeps the histogram). Called on the database thread.
action_timings: list[Callable] = []
# (game key, n) — a transaction that added n entries to that game's tables' logs committed
# (ops counts them, so that its metrics need not count the rows).
actions_logged: list[Callable] = []
# (game, user ids) -> {user id: level} — each player's step on the game's rank ladder
# (games.ranks; ratings keeps them), for the games that declare one.
rank_levels: list[Callable] = []
# (game key, user ids) — a table with these players seated is about to be drawn, perhaps on a
# socket's event loop, which serves every page of its process and must not wait for a round
# trip: an app whose part of the drawing reads the shared cache reads it here, on the thread
# that loaded or committed the table (coins: the seats' looks).
drawing_reads: list[Callable] = []
# Table-socket frames other apps answer: {cmd: handler(cmd, frame, *, table_id, user)}.
frame_handlers: dict[str, Callable] = {}


def check_play(user, *, public: bool) -> None:
    for check in play_checks:
        check(user, public=public)


def check_sit(user, *, table) -> None:
    for check in sit_checks:
        check(user, table=table)


def sit_refusals(seats: list[tuple]) -> dict[tuple[int, int], Exception]:
    """Of these (user, table) pairs, each one a seat check refuses, keyed by (user id, table
    id), with a refusal: `check_sit` for all of them, in a few queries where the checks have
    a form for many."""
    refused: dict[tuple[int, int], Exception] = {}
    for check in sit_checks:
        many = sit_checks_many.get(check)
        if many is not None:
            found = many(seats)
        else:
            found = {}
            for user, table in seats:
                try:
                    check(user, table=table)
                except Exception as error:  # noqa: BLE001 — a check's refusal, kept for the caller
                    if not hasattr(error, "code"):
                        raise
                    found[(user.pk, table.pk)] = error
        for key, error in found.items():
            refused.setdefault(key, error)
    return refused


def check_chat(user) -> None:
    for check in chat_checks:
        check(user)


def player_for(request):
    """The signed-in user, or else the account another app gives a visitor to play with (a
    guest), signed in from now on; None when no app gives one."""
    if request.user.is_authenticated:
        return request.user
    for make in visitor_accounts:
        return make(request)
    return None


def levels_of(game: str, user_ids: list[int]) -> dict[int, int]:
    levels = {}
    for lookup in rank_levels:
        levels.update(lookup(game, user_ids))
    return levels


def read_for_drawing(game: str, user_ids: list[int]) -> None:
    for read in drawing_reads:
        read(game, user_ids)


def leave_costs(user) -> list[str]:
    return [note for check in leave_notes if (note := check(user))]


def chat_refusal(user):
    """The error that keeps a signed-in `user` out of the chat now (a mute), or None."""
    return _refusal(chat_checks, user)


def socket_refusal(user):
    """The error that keeps a signed-in `user` off the table sockets now (a ban), or None."""
    return _refusal(socket_checks, user)


def _refusal(checks: list, user):
    if user is None or not user.is_authenticated:
        return None
    try:
        for check in checks:
            check(user)
    except Exception as error:  # noqa: BLE001 — any check's refusal, answered to the user
        if not hasattr(error, "code"):
            raise
        return error
    return None


def note_action_time(game: str, seconds: float) -> None:
    for note in action_timings:
        note(game, seconds)


def note_actions_logged(game: str, n: int) -> None:
    for note in actions_logged:
        note(game, n)
