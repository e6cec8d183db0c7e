"""Vote-kick frames from a table socket (the vote panel's ws-send forms): `vote_open` with
`target` (a username), `reason` and `text`; `vote_cast` with `vote` (its id) and `yes`
("1" or "0"). The voter is the socket's signed-in user, never a field of the frame."""

from django.contrib.auth import get_user_model

from games.errors import TableError
from games.models import Table
from moderation.errors import VoteError
from moderation.models import VoteKick
from moderation.votes import cast_ballot, open_vote

VOTE_COMMANDS = {"vote_open", "vote_cast"}


def vote_command(cmd: str, frame: dict, *, table_id: int, user) -> VoteKick:
    if user is None or not user.is_authenticated:
        raise VoteError("not_seated")
    if cmd == "vote_open":
        target = get_user_model().objects.filter(username=_text(frame, "target")).first()
        if target is None:
            raise VoteError("target_not_seated")
        return open_vote(
            table=Table.objects.get(pk=table_id),
            opened_by=user,
            target=target,
            reason=_text(frame, "reason"),
            text=_text(frame, "text"),
        )
    if cmd != "vote_cast":
        raise TableError("bad_frame")
    vote_id = _text(frame, "vote")
    vote = VoteKick.objects.filter(pk=int(vote_id), table_id=table_id).first() if vote_id.isdigit() else None
    if vote is None:
        raise VoteError("no_vote")
    return cast_ballot(vote=vote, voter=user, yes=_text(frame, "yes") == "1")


def _text(frame: dict, key: str) -> str:
    value = frame.get(key, "")
    if not isinstance(value, str):
        raise TableError("bad_frame")
    return value
