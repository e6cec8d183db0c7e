"""A seat played by an mjai bot process: the seat's views go in (``observe`` each one as the
game moves), its actions come out (``decide`` when the view lists legal actions).

mjai declares riichi in two steps (``reach``, then the discard once the server has echoed
the reach back); ours is one discard with ``riichi``. The seat echoes the reach to the bot
itself, asks again for the discard, and leaves out the reach the stream reports when that
discard is applied, so that the bot hears of its reach once.
"""

import logging
import shlex

from .answers import default_action, may_riichi, to_action
from .events import SeatStream
from .process import BotProcess

log = logging.getLogger("riichi.mjai")


class MjaiSeat:
    def __init__(self, seat, process, names=("0", "1", "2", "3")):
        self.stream = SeatStream(seat, names)
        self.seat = self.stream.seat
        self.process = process
        self.history = []  # every event the bot has been told this game, for a restarted one
        self._unsent = []
        self._echoed_reach = False
        self.defaults = 0  # answers replaced by a legal default

    def observe(self, view) -> list[dict]:
        events = self.stream.observe(view)
        if self._echoed_reach:
            mine = {"type": "reach", "actor": self.seat}
            if mine in events:
                events.remove(mine)
                self._echoed_reach = False
        self.history.extend(events)
        self._unsent.extend(events)
        return events

    def decide(self, view) -> dict | None:
        legal = view.get("legal_actions") or []
        if not legal:
            return None
        answer = self._ask()
        riichi = False
        if isinstance(answer, dict) and answer.get("type") == "reach" and may_riichi(legal):
            riichi = True
            reach = {"type": "reach", "actor": self.seat}
            self.history.append(reach)
            self._unsent.append(reach)
            self._echoed_reach = True
            answer = self._ask()
        action = to_action(answer, legal, riichi)
        if action is None:
            self.defaults += 1
            action = default_action(view, riichi)
            if answer is not None:
                log.warning("mjai seat %s: %r is not a legal answer; playing %r", self.seat, answer, action)
            else:
                log.warning("mjai seat %s: no answer; playing %r", self.seat, action)
        if not action.get("riichi"):
            # the bot's reach did not become a riichi discard: nothing to leave out later
            self._echoed_reach = False
        return action

    def close(self):
        if self._unsent and self.process.running:
            self._ask()
        self.process.close()

    def _ask(self):
        batch = self.history if self.process.fresh else self._unsent
        self._unsent = []
        return self.process.ask(list(batch))


def command_seat(seat, command: str, **process_options) -> MjaiSeat:
    """A seat for the bot a command line starts (shell words; ``{seat}`` becomes the seat,
    for bots that take it as an argument rather than from ``start_game``)."""
    argv = [word.replace("{seat}", str(seat)) for word in shlex.split(command)]
    return MjaiSeat(seat, BotProcess(argv, **process_options))
