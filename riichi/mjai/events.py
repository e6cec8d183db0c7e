"""One seat's mjai event stream, read off the successive views of that seat.

``SeatStream.observe(view)`` compares the seat's view with the one before and returns the
mjai events that happened in between. It must see every view of its seat as the game moves
(after each applied action, including the other seats' passes), because a view only shows
where the table stands, not the order of what happened; with one action between two views
the order is fixed by the rules: a riichi declaration and its discard, a closed or added kan,
a new dora indicator, the riichi deposit, a call, the next draw, the end of the round.

Only the view is read, so the stream cannot tell the bot more than the seat may see: the
other seats' draws are ``"?"`` and ``start_kyoku`` shows the seat's own thirteen tiles only.
The engine's views and the table's (riichi.table_engine, seats "0".."3") both do.
"""

from .tiles import WINDS, to_mjai

HIDDEN = "?"
_DRAW_REASONS = {
    "draw": "fanpai", "nagashi": "nagashimangan", "abort:nine_terminals": "kyushukyuhai",
    "abort:four_winds": "suufonrenda", "abort:four_riichi": "suuchariichi",
    "abort:four_kans": "suukaikan", "abort:triple_ron": "sanchaho",
}
_CALLS = {"chi": "chi", "pon": "pon", "open": "daiminkan"}
# the engine's own kans take from the hand: how many tiles each meld type used from it
_FROM_HAND = {"chi": 2, "pon": 2, "open": 3, "closed": 4, "added": 1}


def _kind(tile: str) -> str:
    return "5" + tile[1] if tile[0] == "0" else tile


class MissedView(Exception):
    """The stream was shown two views more than one action apart."""


def _seat(value) -> int:
    # the table's views name seats "0".."3", the engine's 0..3
    return int(value)


def _without_one(tiles, tile) -> list:
    rest = list(tiles)
    rest.remove(tile)
    return rest


class SeatStream:
    def __init__(self, seat, names=("0", "1", "2", "3")):
        self.seat = _seat(seat)
        self.names = list(names)
        self._previous = None
        self._round = None  # how many rounds had ended when the one in play began
        self._in_round = False
        self._reach_pending = set()
        # Seats whose added kan was told when its tile could still be robbed (chankan).
        self._kakan_told = set()
        self._ended = False

    def observe(self, view) -> list[dict]:
        if _seat(view["seat"]) != self.seat:
            raise ValueError("a seat's stream reads only that seat's view")
        events = []
        if self._previous is None:
            events.append({"type": "start_game", "id": self.seat, "names": list(self.names)})
        playing = view["phase"] == "play"
        if playing and self._round != len(view["results"]):
            if self._in_round:
                raise MissedView("a new round began before the last one was seen to end")
            events.extend(self._start_kyoku(view))
        elif self._in_round:
            events.extend(self._changes(self._previous, view))
            if not playing:
                events.extend(self._round_end(self._previous, view))
        if view["phase"] == "game_over" and not self._ended:
            self._ended = True
            events.append({"type": "end_game"})
        self._previous = view
        return events

    # --- a round begins ---------------------------------------------------------------

    def _start_kyoku(self, view) -> list[dict]:
        self._round = len(view["results"])
        self._in_round = True
        self._reach_pending = set()
        self._kakan_told = set()
        dealer = _seat(view["dealer"])
        hand = list(view["hand"])
        drawn = view.get("drawn") if self.seat == dealer else None
        if drawn is not None:
            hand.remove(drawn)
        tehais = [[HIDDEN] * 13 for _ in range(4)]
        tehais[self.seat] = [to_mjai(t) for t in hand]
        start = {
            "type": "start_kyoku", "bakaze": WINDS[view["round_wind"]],
            "dora_marker": to_mjai(view["dora_indicators"][0]), "kyoku": view["round"] % 4 + 1,
            "honba": view["honba"], "kyotaku": view["sticks"], "oya": dealer,
            "scores": list(view["scores"]), "tehais": tehais,
        }
        events = [start]
        if view["hand_counts"][dealer] == 14:
            events.append(self._tsumo(dealer, view))
        return events

    def _tsumo(self, seat, view) -> dict:
        pai = to_mjai(view["drawn"]) if seat == self.seat and view.get("drawn") else HIDDEN
        return {"type": "tsumo", "actor": seat, "pai": pai}

    # --- what one action changed -----------------------------------------------------

    def _changes(self, before, now) -> list[dict]:
        discards = [0] * 4
        events = []
        for seat in range(4):
            new = now["rivers"][seat][len(before["rivers"][seat]):]
            discards[seat] = len(new)
            for entry in new:
                if entry["riichi"]:
                    events.append({"type": "reach", "actor": seat})
                    self._reach_pending.add(seat)
                events.append({"type": "dahai", "actor": seat, "pai": to_mjai(entry["tile"]),
                               "tsumogiri": entry["tsumogiri"]})
        if sum(discards) > 1:
            raise MissedView("two discards between views")
        own_kans, calls, used = self._meld_changes(before, now)
        events.extend(own_kans)
        robbable = self._robbable_kakan(before, now)
        if robbable:
            events.append(robbable)
            used[robbable["actor"]] += _FROM_HAND["added"]
        for marker in now["dora_indicators"][len(before["dora_indicators"]):]:
            events.append({"type": "dora", "dora_marker": to_mjai(marker)})
        for seat in sorted(self._reach_pending):
            if self._deposited(now, seat):
                self._reach_pending.discard(seat)
                events.append({"type": "reach_accepted", "actor": seat})
        events.extend(calls)
        for seat in range(4):
            drew = now["hand_counts"][seat] - (before["hand_counts"][seat] - discards[seat] - used[seat])
            if drew == 1:
                events.append(self._tsumo(seat, now))
            elif drew:
                raise MissedView(f"seat {seat}'s hand changed by {drew} tiles")
        return events

    def _meld_changes(self, before, now):
        own_kans, calls, used = [], [], [0] * 4
        for seat in range(4):
            old = before["melds"][seat]
            for n, meld in enumerate(now["melds"][seat]):
                tiles = [to_mjai(t) for t in meld["tiles"]]
                if n < len(old):
                    if meld["type"] == "added" and old[n]["type"] == "pon" and seat in self._kakan_told:
                        self._kakan_told.discard(seat)  # told when its window opened
                    elif meld["type"] == "added" and old[n]["type"] == "pon":
                        consumed = [to_mjai(t) for t in old[n]["tiles"]]
                        added = list(tiles)
                        for t in consumed:
                            added.remove(t)
                        own_kans.append({"type": "kakan", "actor": seat, "pai": added[0], "consumed": consumed})
                        used[seat] += _FROM_HAND["added"]
                    continue
                used[seat] += _FROM_HAND[meld["type"]]
                if meld["type"] == "closed":
                    own_kans.append({"type": "ankan", "actor": seat, "consumed": tiles})
                    continue
                pai = to_mjai(meld["called"])
                calls.append({"type": _CALLS[meld["type"]], "actor": seat, "target": _seat(meld["from"]),
                              "pai": pai, "consumed": _without_one(tiles, pai)})
        return own_kans, calls, used

    def _robbable_kakan(self, before, now) -> dict | None:
        """An added kan is told as mjai tells it, when declared: the view shows it only as the
        window that may rob its tile (the seat's pon stands until nobody robbed it)."""
        pending = now.get("pending_discard")
        if not pending or pending["kind"] != "chankan" or before.get("pending_discard") == pending:
            return None
        actor = _seat(pending["from"])
        pon = next(m for m in now["melds"][actor] if m["type"] == "pon" and _kind(m["tiles"][0]) == _kind(pending["tile"]))
        self._kakan_told.add(actor)
        return {"type": "kakan", "actor": actor, "pai": to_mjai(pending["tile"]),
                "consumed": [to_mjai(t) for t in pon["tiles"]]}

    @staticmethod
    def _deposited(view, seat) -> bool:
        """Whether a riichi's stick is down: its discard was not won on (the window that may
        still take it is closed)."""
        if view["phase"] == "play":
            pending = view.get("pending_discard")
            return not (pending and pending["kind"] == "discard" and _seat(pending["from"]) == seat)
        return view["last_result"]["result"] not in ("ron", "abort:triple_ron")

    # --- a round ends -----------------------------------------------------------------

    def _round_end(self, before, now) -> list[dict]:
        self._in_round = False
        last = now["last_result"]
        result = last["result"]
        events = []
        if result in ("tsumo", "ron"):
            revealed = last.get("revealed") or {}
            ura = [to_mjai(t) for t in revealed.get("ura_indicators", [])]
            pending = before.get("pending_discard")
            for n, detail in enumerate(last["details"]):
                actor = _seat(detail["seat"])
                if result == "ron":
                    target, pai = _seat(detail["from"]), to_mjai(pending["tile"]) if pending else HIDDEN
                else:
                    target = actor
                    pai = to_mjai(before["drawn"]) if actor == self.seat and before.get("drawn") else HIDDEN
                deltas = list(last["deltas"]) if n == 0 else [0, 0, 0, 0]
                events.append({"type": "hora", "actor": actor, "target": target, "pai": pai,
                               "ura_markers": ura, "deltas": deltas})
        else:
            events.append({"type": "ryukyoku", "reason": _DRAW_REASONS.get(result, result),
                           "deltas": list(last["deltas"])})
        events.append({"type": "end_kyoku"})
        return events
