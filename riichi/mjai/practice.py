"""mjai bots at practice tables, which ask a bot for one decision at a time from whichever
worker process runs it (games.bots): each process keeps the bots it has started, one per
match and seat, and tells each only the views it has not seen yet (``history.seat_views``).
A process that meets a match for the first time, or whose bot went away, starts one and
tells it the whole match so far."""

from collections import OrderedDict

from riichi import engine

from .history import seat_views
from .seat import command_seat

# Bots kept per worker process: a few practice tables' worth; the oldest is stopped first.
KEPT = 12


class _Kept:
    def __init__(self, seat):
        self.seat = seat
        self.seen = 0  # how many of the seat's views it has observed
        self.answer = None  # its action for the last of them, asked again when overtaken


class PracticeBots:
    def __init__(self, kept=KEPT, **process_options):
        self.kept = kept
        self.process_options = process_options
        self._bots: OrderedDict = OrderedDict()

    def decide(self, match, command: str, state, seat: int) -> dict | None:
        """The action of the bot ``command`` starts for ``seat`` in ``match`` (any key naming
        the match) at the engine state ``state``; None when the seat has nothing to decide."""
        if not engine.view(state, seat)["legal_actions"]:
            return None
        views = seat_views(state, seat)
        key = (match, seat, command)
        bot = self._bots.pop(key, None)
        if bot is None or bot.seen > len(views):
            if bot is not None:
                bot.seat.process.close()
            bot = _Kept(command_seat(seat, command, **self.process_options))
        self._bots[key] = bot
        self._stop_the_oldest()
        if bot.seen == len(views) and bot.answer is not None:
            return bot.answer
        for view in views[bot.seen:]:
            bot.seat.observe(view)
        bot.seen = len(views)
        bot.answer = bot.seat.decide(views[-1])
        return bot.answer

    def close(self) -> None:
        while self._bots:
            self._bots.popitem(last=False)[1].seat.process.close()

    def _stop_the_oldest(self) -> None:
        while len(self._bots) > self.kept:
            self._bots.popitem(last=False)[1].seat.process.close()
