"""The table socket: thin. Parse a frame, hand it to the one write path, and forward the
fragments of each broadcast of a game that has begun, drawn once for its audience by the
process that committed it (games.audiences). The page is drawn here only as it opens, after a
refusal for a stale version, and while its table waits for players (its seating and votes)."""

import time

from channels.db import database_sync_to_async
from django.db import connection
from django.db.utils import InterfaceError, OperationalError
from django.template.loader import render_to_string
from django.utils import translation

from games import audiences, beat_watch, commands, hooks, leaving, registry, rematch, services, timekeeping
from games.errors import TableError, translated_message
from games.models import Table
from games.moment import Moment
from games.presence import Presence
from games.sockets import CLOSE_NOT_FOUND, Consumer, language_for_scope, parse_frame
from games.throttle import TokenBucket

CLOSE_FLOODING = 4008
# A socket whose user a check refuses (a ban): it may not stay open.
CLOSE_REFUSED = 4003
# The cleared error line by language (`TableConsumer.send_error`).
_cleared: dict[str, str] = {}


class Refused(Exception):
    """A check refused this socket's user a write (a ban): answered, then the socket closes."""

    def __init__(self, error: Exception):
        super().__init__(str(error))
        self.error = error


def _is_rules_error(error: Exception) -> bool:
    """An engine's refusal (its rules explain it), not the platform's (a seat taken)."""
    return not isinstance(error, TableError) and hasattr(error, "code")


def _once_more_if_disconnected(work):
    """``work`` tried once more on a new connection when the database dropped this thread's
    (a restart, a failover): the player's click goes through instead of being refused for the
    server's fault. The first try wrote nothing, unless the connection dropped as it committed;
    the second then finds the table moved on (a stale version) and the page draws itself."""
    def attempt(*args, **kwargs):
        try:
            return work(*args, **kwargs)
        except (InterfaceError, OperationalError) as error:
            if not _disconnected(error):
                raise
            connection.close()
            return work(*args, **kwargs)

    return attempt


# SQLSTATEs of a connection lost: class 08, and the server shutting down (57P01-57P03).
_LOST = ("08", "57P01", "57P02", "57P03")


def _disconnected(error: Exception) -> bool:
    """Did the database driver lose the connection (psycopg: no SQLSTATE, or one of `_LOST`),
    rather than the server refusing a statement? SQLite's errors carry no SQLSTATE at all."""
    state = getattr(error.__cause__, "sqlstate", "")
    return state is None or state.startswith(_LOST)


@database_sync_to_async
def _user_group(user) -> str | None:
    """Moderators' decisions (ban, mute, cooldown) reach a player's open pages here."""
    return f"user-{user.pk}" if user is not None and user.is_authenticated else None


class TableConsumer(Consumer):
    server_paused = False  # what this page's "paused — server problem" notice shows

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        self.table_id = int(kwargs["table_id"])
        self.user = self.scope.get("user")
        self.language = language_for_scope(self.scope)
        refusal = await self._refusal(kwargs["invite"])
        if refusal is not None:
            await self.refuse(refusal)
            return
        audiences.note_serving_loop()
        self.user_group = await _user_group(self.user)
        self.bucket = TokenBucket()
        self.seat = None
        # The moment this page last drew itself, and the table status its vote panel was
        # drawn for.
        self.moment: Moment | None = None
        self.votes_drawn_for = None
        # No page goes back in time: not behind what it showed, nor behind its own last action
        # (another table's broadcast, loaded by a page in this process before that action
        # committed, would otherwise flash the state before it).
        self.floor = 0
        self.presence = Presence()
        self.group = self.game_table.group_name
        await self.channel_layer.group_add(self.group, self.channel_name)
        if self.user_group:
            await self.channel_layer.group_add(self.user_group, self.channel_name)
        await self.accept()
        # A seat's pages keep it online; everyone else is counted as watching. The page joins
        # its audience's group before it draws itself: a move committed after that drawing
        # reads it from presence and is published to it.
        self.seat = await self._seat()
        self.audience = audiences.audience_of(self.seat, self.user)
        await self.channel_layer.group_add(self._audience_group(), self.channel_name)
        pages = await self.presence.join(self.table_id, self.channel_name, self.seat, self._audience(), socket=self)
        if self.seat is not None and pages == 1:
            await database_sync_to_async(timekeeping.seat_presence)(
                table_id=self.table_id, seat=self.seat, online=True)
        await self.channel_layer.group_send(self.group, {"type": "table.presence"})
        await self.send_fragments()
        beat_watch.watch().hold(self)

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "presence"):
            return
        beat_watch.watch().release(self)
        try:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            if getattr(self, "audience", None) is not None:
                await self.channel_layer.group_discard(self._audience_group(), self.channel_name)
            if self.user_group:
                await self.channel_layer.group_discard(self.user_group, self.channel_name)
        finally:
            # Whatever ended the connection, the page stops counting as present.
            pages = await self.presence.leave(self.table_id, self.channel_name, self.seat,
                                              self._audience() if getattr(self, "audience", None) else None)
            if self.seat is not None and pages == 0:
                await database_sync_to_async(timekeeping.seat_presence)(
                    table_id=self.table_id, seat=self.seat, online=False)
            await self.channel_layer.group_send(self.group, {"type": "table.presence"})

    async def server_fault(self) -> None:
        await self.send_error(TableError("server_fault"))

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        arrived = time.perf_counter()
        if not self.bucket.take():
            if self.bucket.exhausted:
                await self.close(code=CLOSE_FLOODING)
            elif self.bucket.dropped == 1 or self.bucket.dropped % 10 == 0:
                await self.send_error(TableError("too_fast"))
            return
        frame = parse_frame(text_data)
        try:
            cmd, frame = commands.parse(frame, self.game, hooks.frame_handlers)
        except TableError as error:
            await self.send_error(error)
            return
        try:
            await self._handle(cmd, frame, arrived)
        except Refused as refused:
            await self.send_error(refused.error)
            await self.close(code=CLOSE_REFUSED)
        except Exception as error:  # noqa: BLE001 — every refusal is answered, never raised
            if not hasattr(error, "code"):
                raise
            await self.send_error(error)
            if getattr(error, "code", "") == "stale":
                await self.send_fragments()

    async def _handle(self, cmd: str, frame: dict, arrived: float) -> None:
        if cmd == "chat":
            await self._write(services.post_chat)(
                table_id=self.table_id, user=self.user, text=frame.get("text")
            )
            await self._send_template("games/fragments/chat_form.html", {})
        elif cmd == "go_on":
            await self._write(services.go_on)(
                table_id=self.table_id, user=self.user, expected_version=commands.version_of(frame))
            await self.send_error(None)
        elif cmd == "leave":
            await self._write(leaving.leave)(table_id=self.table_id, user=self.user)
            await self.send_error(None)
            # The page goes to the lobby (static/js/table_flow.js), warning no more.
            await self._send_template("games/fragments/leave.html", {"oob": True, "left": True})
        elif cmd == "rematch":
            await self._write(rematch.ask)(table_id=self.table_id, user=self.user)
            await self.send_error(None)
        elif cmd in hooks.frame_handlers:
            await self._write(hooks.frame_handlers[cmd])(cmd, frame, table_id=self.table_id, user=self.user)
            await self.send_error(None)
        elif cmd in commands.SEATING_COMMANDS:
            await self._write(commands.seating)(cmd, frame, table_id=self.table_id, user=self.user)
            await self.send_error(None)
        else:
            action, version = self.game.action_for(cmd, frame)
            submitted = await self._write(services.submit, arrived=arrived)(
                table_id=self.table_id, action=action, user=self.user, expected_version=version
            )
            self.floor = max(self.floor, submitted.version)
            await self.send_error(None)

    def _write(self, write, arrived: float | None = None):
        """``write`` on the database thread, after the check that keeps a banned player from
        writing, in one trip: every trip queues behind the process's other database work, and
        a second one per move doubled a move's wait there under load. With ``arrived`` (an
        action), how long the frame took to its broadcast, which the commit in ``write`` sent."""
        user, game = self.user, self.game.key

        def checked(*args, **kwargs):
            refusal = hooks.socket_refusal(user)
            if refusal is not None:
                raise Refused(refusal)
            written = write(*args, **kwargs)
            if arrived is not None:
                hooks.note_action_time(game, time.perf_counter() - arrived)
            return written

        return database_sync_to_async(_once_more_if_disconnected(checked))

    # --- group events -------------------------------------------------------------------

    async def table_update(self, event: dict) -> None:
        """This page's seat is nobody's any more: it draws itself (and so moves)."""
        await self.send_fragments()

    async def table_page(self, event: dict) -> None:
        """A broadcast of the table, drawn for this page's audience: forwarded as it is."""
        if event["version"] < self.floor:
            return  # the page shows a newer moment already
        if event.get("audience") != self.audience or self._seat_in(event.get("seats")) != self.seat:
            # Its viewer sat down or stood up (perhaps in another tab), or it was sent to the
            # group this page left as its viewer sat down, or by a process of the release
            # before, during a deploy: the page draws itself, which moves it.
            await self.send_fragments()
            return
        self.floor = event["version"]
        if event.get("panels") is not None:
            self.votes_drawn_for = event["panels"]
        await self.send(text_data=event["html"] + self._service_notice(event["dropped"]))

    async def table_presence(self, event: dict) -> None:
        count = await self.presence.spectators(self.table_id)
        await self._send_template("games/fragments/spectators.html", {"spectators": count})

    async def user_moderated(self, event: dict) -> None:
        """A moderator's decision takes effect on open pages at once."""
        if event.get("action") == "ban":
            await self.close(code=CLOSE_REFUSED)
        else:
            await self.send_fragments()
            await self.table_chat({})

    async def table_chat(self, event: dict) -> None:
        html = await database_sync_to_async(self._render_chat)()
        await self.send(text_data=html)

    # --- rendering ----------------------------------------------------------------------

    async def send_fragments(self) -> None:
        """Draw this page from the table as it is now."""
        moment = await database_sync_to_async(audiences.load_to_draw)(self.table_id)
        if moment is None:
            return
        if moment.table.version < self.floor:
            return  # a newer broadcast is on its way to this page
        status = moment.table.status
        # The vote panel changes with votes (published with it), seats and the game's status.
        votes = status != self.votes_drawn_for or status == Table.Status.WAITING
        if status == Table.Status.PLAYING and not votes:
            # A running game's pages need nothing more from the database: drawing them here
            # keeps the process's one database thread for writes and loads, instead of handing
            # the interpreter lock to and fro for every page.
            html, seat = self._render(moment, votes)
        else:
            html, seat = await database_sync_to_async(self._render)(moment, votes)
        self.moment = moment
        self.floor = max(self.floor, moment.table.version)
        if votes:
            self.votes_drawn_for = status
        if seat != self.seat:
            await self._move_presence(seat)
        await self.send(text_data=html + self._service_notice(bool((moment.table.clock or {}).get("dropped"))))

    async def service_changed(self) -> None:
        """Beat fell silent or is back (`beat_watch`). Back, the page is drawn afresh: the clocks
        as the catch-up on the outage left them."""
        if beat_watch.watch().frozen is None:
            await self.send_fragments()
        elif self.moment is not None:
            await self.send(text_data=self._service_notice(bool((self.moment.table.clock or {}).get("dropped"))))

    def _service_notice(self, dropped: bool) -> str:
        """The notice when the service's state changed since this page last showed it: beat
        silent, or (`dropped`) a seat whose page went down with its server process."""
        frozen = beat_watch.watch().frozen
        paused = frozen is not None or dropped
        if paused == self.server_paused:
            return ""
        self.server_paused = paused
        frozen_for = None if frozen is None else max(0.0, time.time() - frozen)
        with translation.override(self.language):
            return render_to_string("games/fragments/service.html",
                                    {"server_paused": paused, "frozen_for": frozen_for})

    async def _move_presence(self, seat: str | None) -> None:
        """The viewer sat down or stood up at a waiting table: their page now keeps that seat
        online (or counts as watching), and shows that seat's broadcasts (or the spectators').
        It joins the new audience before it leaves the old, so that a start published between
        the two reaches it (`table_page` passes over the old audience's drawing)."""
        old_seat, old_group, old_audience = self.seat, self._audience_group(), self._audience()
        self.seat, self.audience = seat, audiences.audience_of(seat, self.user)
        await self.channel_layer.group_add(self._audience_group(), self.channel_name)
        await self.presence.join(self.table_id, self.channel_name, seat, self._audience(), socket=self)
        await self.presence.leave(self.table_id, self.channel_name, old_seat, old_audience)
        await self.channel_layer.group_discard(old_group, self.channel_name)
        await self.channel_layer.group_send(self.group, {"type": "table.presence"})

    def _seat_in(self, seats: dict | None) -> str | None:
        """This page's viewer's seat in a broadcast's seating (as this page has it, if none)."""
        if seats is None:
            return self.seat
        return seats.get(str(self.user.pk)) if self.user is not None and self.user.is_authenticated else None

    def _audience(self) -> tuple[str, str]:
        return self.audience, self.language

    def _audience_group(self) -> str:
        return audiences.group_name(self.table_id, self.audience, self.language)

    async def send_error(self, error: Exception | None) -> None:
        """The answer to a frame: its refusal, or (None) the cleared error line that tells the
        page its frame was taken. The cleared line is the same for every page of a language and
        answers every action: drawn once per process."""
        if error is None:
            html = _cleared.get(self.language)
            if html is None:
                with translation.override(self.language):
                    html = _cleared[self.language] = render_to_string("games/fragments/error.html", {"error": None})
            await self.send(text_data=html)
            return
        with translation.override(self.language):
            help_url = self.game.help_url(error.code) if _is_rules_error(error) else None
            # A refusal that names another table (seated elsewhere) links to it.
            context = {"error": translated_message(error), "faq": help_url,
                       "link": getattr(error, "params", {}).get("url")}
            await self.send(text_data=render_to_string("games/fragments/error.html", context))

    async def _send_template(self, template: str, context: dict) -> None:
        with translation.override(self.language):
            await self.send(text_data=render_to_string(template, context))

    def _render(self, moment: Moment, votes: bool) -> tuple[str, str | None]:
        seat = moment.seat_of(self.user)
        audience = audiences.audience_of(seat, self.user)
        return audiences.render(moment, audience, self.language, votes), seat

    def _render_chat(self) -> str:
        """The chat's lines, and for a signed-in page its box (a mute shows there at once); a
        visitor's page has no box to write in, as over HTTP (games/table/side.html)."""
        with translation.override(self.language):
            chat = render_to_string("games/fragments/chat.html", {"chat": services.recent_chat(self.table_id)})
            if self.user is None or not self.user.is_authenticated:
                return chat
            form = render_to_string("games/fragments/chat_form.html", {"muted": hooks.chat_refusal(self.user) is not None})
            return chat + form

    # --- access -------------------------------------------------------------------------

    @database_sync_to_async
    def _refusal(self, invite: str) -> int | None:
        """The close code that keeps this socket off the table (no such table, a ban), or None."""
        table = Table.objects.filter(pk=self.table_id).first()
        if table is None or invite != table.invite_code:
            return CLOSE_NOT_FOUND
        self.game_table, self.game = table, registry.get(table.game)
        return CLOSE_REFUSED if hooks.socket_refusal(self.user) is not None else None

    @database_sync_to_async
    def _seat(self) -> str | None:
        return services.seat_of(Table.objects.get(pk=self.table_id), self.user)
