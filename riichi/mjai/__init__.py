"""mjai bots at Riichi seats (pure, no Django).

mjai is the JSON protocol of the Riichi bot ecosystem (mjai.app, Mortal, akochan, the ``mjai``
package). A bot runs as its own process (``process.BotProcess``: argv, its own virtualenv if
it likes, a timeout per answer, restarted when it dies or is late); ``seat.MjaiSeat`` feeds it
the events read off its seat's views (``events.SeatStream``) and turns its answers into our
legal actions (``answers``), a legal default (tsumogiri, pass) standing in for a bad or late
one. ``match.play_match`` plays a match between such seats and Stich's own bots.
"""

from .answers import default_action, to_action
from .events import MissedView, SeatStream
from .match import OwnBot, play_match
from .process import BotProcess
from .seat import MjaiSeat, command_seat
from .tiles import from_mjai, to_mjai

__all__ = ["BotProcess", "MissedView", "MjaiSeat", "OwnBot", "SeatStream", "command_seat", "default_action",
           "from_mjai", "play_match", "to_action", "to_mjai"]
