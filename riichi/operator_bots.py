"""Outside bots an operator seats at Riichi practice tables: any program that speaks mjai
(Mortal, akochan, the `mjai` package's RulebaseBot), named in the MJAI_BOTS setting as a
JSON object {"name": "command line"}. Each runs as its own process per match and seat in
the worker that asks it (riichi.mjai.practice), fed only its seat's views."""

import json
import re
import threading

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from games.registry import BOT_STRENGTHS
from riichi.mjai.practice import PracticeBots

_NAME = re.compile(r"[a-z0-9_-]{1,10}")
# A bot's answer may take this long before its seat plays a legal default instead.
ANSWER_SECONDS = 10.0

_local = threading.local()


def parse(raw: str) -> dict[str, str]:
    """The setting's bots by name; a clear error for anything else."""
    if not raw.strip():
        return {}
    try:
        bots = json.loads(raw)
    except ValueError as error:
        raise ImproperlyConfigured(f"MJAI_BOTS must be a JSON object {{name: command}}: {error}") from None
    if not isinstance(bots, dict):
        raise ImproperlyConfigured("MJAI_BOTS must be a JSON object {name: command}.")
    for name, command in bots.items():
        if not _NAME.fullmatch(name) or name in BOT_STRENGTHS:
            raise ImproperlyConfigured(f"MJAI_BOTS: {name!r} is not a bot name (1-10 of a-z, 0-9, _ and -, "
                                       f"not one of {', '.join(BOT_STRENGTHS)}).")
        if not isinstance(command, str) or not command.strip():
            raise ImproperlyConfigured(f"MJAI_BOTS: the bot {name!r} needs a command line.")
    return bots


def configured() -> dict[str, str]:
    return parse(settings.MJAI_BOTS)


def decide(bot: str, match, state, seat: int) -> dict | None:
    """The operator's bot ``bot`` decides for ``seat`` (bots are kept per thread: a worker's
    tasks and the tests' eager ones each talk to their own)."""
    bots = getattr(_local, "bots", None)
    if bots is None:
        bots = _local.bots = PracticeBots(timeout=ANSWER_SECONDS)
    return bots.decide(match, configured()[bot], state, seat)
