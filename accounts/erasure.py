"""A player deletes their account. The games stay (the other players' records need them), under
the name "deleted player N"; their chat lines lose their text; their ratings stay in the
history but off the leaderboard (it lists active accounts only); the account can no longer
log in. Audited like a moderator's decision."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.errors import AccountRefusal
from accounts.models import User
from games.models import ChatMessage, Seat, Table
from moderation import audit
from moderation.cooldowns import participation_block
from moderation.models import AuditLog, DeviceUse

DELETED_NAME = "deleted player {pk}"  # a space: no sign-up can choose such a name


@transaction.atomic
def delete_account(user: User, *, now: datetime | None = None) -> User:
    now = now or timezone.now()
    user = User.objects.select_for_update().get(pk=user.pk)
    if Seat.objects.filter(user=user, table__status__in=[Table.Status.WAITING, Table.Status.PLAYING]).exists():
        raise AccountRefusal("seated")
    audit.record(moderator=user, action=AuditLog.Action.DELETE_ACCOUNT, target=user, why="asked by the player",
                 when=now, detail=user.username)
    ChatMessage.objects.filter(user=user).update(text="")
    # The browsers an account was seen in bind a running cooldown to them (moderation.devices):
    # deleting the account must not be a way out of it.
    if participation_block(user, now=now) is None:
        DeviceUse.objects.filter(user=user).delete()
    user.username = DELETED_NAME.format(pk=user.pk)
    user.email, user.email_verified, user.first_name, user.last_name, user.language = "", False, "", "", ""
    user.set_unusable_password()
    user.is_active = False
    user.save()
    return user
