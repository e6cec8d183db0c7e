"""Everything stored about a player, for their own download: a zip of JSON files. Games are
read through the registry (each game's engine builds its record), so this module names no
game. Only what is the player's own or public after the game goes in: a running game's record
(the others' hidden hands) never does, nor others' chat lines, nor who reported the player."""

import io
import json
import zipfile

from django.core.serializers.json import DjangoJSONEncoder

from games import hooks, registry, snapshots
from games.models import ChatMessage, Seat, Table
from moderation.models import Ban, DeviceUse, Incident, Mute, Report
from ratings.models import Rating, RatingChange


def archive(user) -> bytes:
    """The zip file's bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zip_file:
        for name, data in files(user).items():
            zip_file.writestr(name, json.dumps(data, cls=DjangoJSONEncoder, indent=1, ensure_ascii=False))
    return buffer.getvalue()


def files(user) -> dict[str, object]:
    everything = {
        "account.json": _account(user),
        "games.json": _games(user),
        "chat.json": list(
            ChatMessage.objects.filter(user=user).order_by("created_at").values("table_id", "text", "spectator",
                                                                                 "created_at")
        ),
        "sanctions.json": _sanctions(user),
        "ratings.json": _ratings(user),
        "browsers.json": list(
            DeviceUse.objects.filter(user=user).order_by("first_seen").values("device", "address", "first_seen",
                                                                               "last_seen")
        ),
        **_records(user),
    }
    for more in hooks.own_data:
        everything.update(more(user))
    return everything


def _account(user) -> dict:
    fields = ("username", "email", "email_verified", "date_joined", "last_login", "language", "is_guest", "sound_off")
    return {field: getattr(user, field) for field in fields}


def _games(user) -> list[dict]:
    seats = Seat.objects.filter(user=user).select_related("table").order_by("table__created_at")
    games = []
    for seat in seats:
        table = seat.table
        players = {
            other.position: other.user.username if other.user_id else f"bot ({other.bot})"
            for other in table.seats.select_related("user")
        }
        games.append({
            "table": table.pk, "game": table.game, "status": table.status, "options": table.options,
            "your_seat": seat.position, "players": players, "created_at": table.created_at,
            "started_at": table.started_at, "finished_at": table.finished_at,
        })
    return games


def _records(user) -> dict[str, dict]:
    """The record of each finished game the player sat in; a running game's would show every hand."""
    finished = Table.objects.filter(seats__user=user, status=Table.Status.FINISHED).distinct().order_by("pk")
    return {
        f"records/{table.game}-{table.pk}.json": _record(table) for table in finished if table.game in registry.GAMES
    }


def _record(table: Table) -> dict:
    return registry.get(table.game).engine.build_record(snapshots.full_state(table))


def _sanctions(user) -> dict:
    sanction_fields = ("created_at", "until", "reason", "lifted_at", "lift_reason")
    return {
        "bans": list(Ban.objects.filter(user=user).values(*sanction_fields, "address_days")),
        "mutes": list(Mute.objects.filter(user=user).values(*sanction_fields)),
        "cooldowns": list(
            Incident.objects.filter(user=user).values("kind", "table_id", "created_at", "level", "cooldown_start",
                                                      "cooldown_end", "lifted_at", "lift_reason")
        ),
        "reports_filed": list(
            Report.objects.filter(reporter=user).values("reported__username", "reason", "text", "table_id",
                                                        "created_at", "status")
        ),
    }


def _ratings(user) -> dict:
    return {
        "ratings": list(Rating.objects.filter(user=user).values("game_kind", "value", "deviation", "games",
                                                                "updated_at")),
        "changes": list(
            RatingChange.objects.filter(user=user).order_by("created_at").values(
                "game_kind", "settlement__game_id", "rating_before", "rating_after", "score", "created_at")
        ),
    }
