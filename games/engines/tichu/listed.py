"""The action dicts ``legal_actions`` hands out.

They are shared by every listing that contains them (a listing is rebuilt often and most of
it repeats, and building ~270 fresh dicts for a lead cost more than finding the plays), so
callers treat them as read-only and copy to change one (``dict(action, wish="7")``).

Each is a ``Listed``: a dict that also carries what ``apply`` would otherwise read back out
of it (the seat's index, and for a play its cards mask and Phoenix rank as one key), so that
``apply`` skips the shape check and the card-name parsing for an action it handed out
itself and only checks that it is legal now. A copy is a plain dict and is read in full.
"""

from .cards import RANK_NAMES, SEATS, names_of
from .plays import CARD_BITS, PHOENIX_SHIFT


class Listed(dict):
    __slots__ = ("seat_index", "key")


def _listed(seat: int, key: int = 0, **fields) -> Listed:
    action = Listed(seat=SEATS[seat], **fields)
    action.seat_index = seat
    action.key = key
    return action


# what every play of a seat starts with (copying it beats packing keyword arguments)
_PLAY_FIELDS = tuple({"seat": SEATS[seat], "type": "play"} for seat in range(4))


def play(seat: int, key: int) -> Listed:
    """The play of the cards and Phoenix reading in ``key`` (built for every new play a
    listing finds, so without ``_listed``'s keyword packing)."""
    action = Listed(_PLAY_FIELDS[seat])
    action["cards"] = names_of(key & CARD_BITS)
    if key >> PHOENIX_SHIFT:
        action["phoenix"] = RANK_NAMES[key >> PHOENIX_SHIFT]
    action.seat_index = seat
    action.key = key
    return action


PASS = tuple(_listed(seat, type="pass") for seat in range(4))
TICHU = tuple(_listed(seat, type="tichu") for seat in range(4))
GRAND = tuple((_listed(seat, type="grand", call=False), _listed(seat, type="grand", call=True))
              for seat in range(4))
GIFTS = tuple(tuple(_listed(seat, type="gift", to=SEATS[other]) for other in range(4)
                    if (seat ^ other) & 1)  # to either opponent
              for seat in range(4))
