"""Turning a ``riichi-record/1`` into a tenhou.net/6 JSON log, the format Tenhou's viewer and
the review tools (mjai-reviewer and the like) read.

The record is replayed through the engine; each step's new actions and draws are written in
Tenhou's notation: per seat the tiles it took (draws, call strings) and gave (discards, 60
for the drawn tile, ``r`` riichi, ``a``/``k`` kans, ``0`` after an open kan), and per hand its
result with the payments and the winners' yaku. Only finished hands are written: Tenhou's
format has no place for a hand without a result, nor for the wall nobody drew.
"""

from gamekit.records import bad
from riichi.engine.errors import IllegalAction
from riichi.engine.options import normalize
from riichi.engine.record import fold
from riichi.engine.tiles import kind, parse, sort_key

from .codes import code_of
from .importer import RULES_KEY
from .yaku import price, yaku_words

TSUMOGIRI = 60
ABORTS = {"abort:nine_terminals": "九種九牌", "abort:four_winds": "四風連打", "abort:four_riichi": "四家立直",
          "abort:four_kans": "四槓散了", "abort:triple_ron": "三家和了"}
# where the call letter stands among a call's tiles, by the caller's distance to the discarder
# (1: from the left, 2: across, 3: from the right)
PON_AT = {1: 0, 2: 1, 3: 2}
OPEN_KAN_AT = {1: 0, 2: 1, 3: 3}


def export_tenhou(record, names=None, title=None) -> dict:
    """The tenhou.net/6 log of a record's finished hands; raises the engine's
    ``InvalidRecord`` for a record it cannot replay."""
    log = _Log()
    state = fold(record, log.watch)
    rules = state.rules if state is not None else _rules_alone(record)
    disp = "般" + ("東" if rules["length"] == "east" else "南") + ("喰" if rules["kuitan"] else "") + (
        "赤" if rules["red_fives"] else "")
    return {
        "title": list(title or ["Stich", ""]),
        "name": list(names or ["A", "B", "C", "D"]),
        "rule": {"disp": disp, "aka": int(rules["red_fives"])},
        "log": log.hands,
        RULES_KEY: dict(rules),
    }


def _rules_alone(record) -> dict:
    """The rules of a record without rounds, which ``fold`` never checked."""
    try:
        return normalize(record.get("rules"))
    except IllegalAction as error:
        bad(None, None, error.message, error.code)


class _Log:
    """Collects the hands as ``fold`` walks the record."""

    def __init__(self):
        self.hands = []
        self.head = self.haipai = self.takes = self.gives = None

    def watch(self, before, action, after):
        if before is None:
            self.head = [[after.round_no, after.honba, after.sticks], list(after.scores)]
            self.takes, self.gives = [[], [], [], []], [[], [], [], []]
            self.haipai = [[code_of(t) for t in hand] for hand in after.wall["haipai"]]
            self._draws(0, 0, after)
            return
        for entry in after.actions[len(before.actions):]:
            self._write(entry, before, after)
        self._draws(before.draw_pos, before.kans, after)
        if after.phase != "play":
            self.hands.append(self._hand(after))

    def _draws(self, draw_pos, kans, after):
        if after.draw_pos > draw_pos:
            self.takes[after.turn].append(code_of(after.wall["draws"][draw_pos]))
        if after.kans > kans:
            self.takes[after.turn].append(code_of(after.wall["rinshan"][kans]))

    def _write(self, entry, before, after):
        seat, kind_ = entry["seat"], entry["type"]
        if kind_ == "discard":
            tile, tsumogiri = after.river[seat][-1][:2]
            code = TSUMOGIRI if tsumogiri else code_of(tile)
            self.gives[seat].append(f"r{code}" if entry.get("riichi") else code)
        elif kind_ in ("chi", "pon") or kind_ == "kan" and entry["kind"] == "open":
            self.takes[seat].append(_call(after.melds[seat][-1], seat))
            if kind_ == "kan":
                self.gives[seat].append(0)
        elif kind_ == "kan" and entry["kind"] == "closed":
            tiles = sorted(after.melds[seat][-1][1], key=sort_key)
            self.gives[seat].append(_joined(tiles[:3]) + "a" + _joined(tiles[3:]))
        elif kind_ == "kan":
            self.gives[seat].append(_added_kan(before, seat, entry))

    def _hand(self, state) -> list:
        last = state.last_result
        ura = (last.get("revealed") or {}).get("ura_indicators", [])
        hand = self.head + [[code_of(t) for t in state.dora_indicators()],
                            [code_of(t) for t in state.ura_indicators()] if ura else []]
        for seat in range(4):
            hand += [self.haipai[seat], self.takes[seat], self.gives[seat]]
        return hand + [_result(state)]


def _joined(tiles) -> str:
    return "".join(str(code_of(t)) for t in tiles)


def _call(meld, seat) -> str:
    """``c121314``, ``45p4545``, ``m39393939``: the called tile after the letter, the letter
    where the discarder sits, the caller's own tiles in hand order."""
    meld_type, tiles, called, source = meld
    own = list(tiles)
    own.remove(called)
    own.sort(key=sort_key)
    distance = (seat - source) % 4
    if meld_type == "chi":
        at, letter = 0, "c"
    elif meld_type == "pon":
        at, letter = PON_AT[distance], "p"
    else:
        at, letter = OPEN_KAN_AT[distance], "m"
    return _joined(own[:at]) + letter + str(code_of(called)) + _joined(own[at:])


def _added_kan(before, seat, entry) -> str:
    """The pon's string with ``k`` and the added tile where its ``p`` stood."""
    added = [parse(t) for t in entry["tiles"]]
    pon = next(m for m in before.melds[seat] if m[0] == "pon" and kind(m[2]) == kind(added[0]))
    for t in pon[1]:
        added.remove(t)
    return _call(pon, seat).replace("p", "k" + str(code_of(added[0])))


def _result(state) -> list:
    last = state.last_result
    result = last["result"]
    if result in ABORTS:
        return [ABORTS[result]]
    if result == "nagashi":
        return ["流し満貫", list(last["deltas"])]
    if result == "draw":
        tenpai = last["details"][0]["tenpai"]
        if all(tenpai):
            return ["全員聴牌"]
        if not any(tenpai):
            return ["全員不聴"]
        return ["流局", list(last["deltas"])]
    out = ["和了"]
    for detail in last["details"]:
        seat = detail["seat"]
        source = seat if detail["from"] is None else detail["from"]
        liable = seat if detail["pao"] is None else detail["pao"]
        out.append(list(detail["deltas"]))
        out.append([seat, source, liable, price(detail, state.dealer, state.rules["kiriage"]),
                    *yaku_words(detail, _sets(state, seat, detail["from"] is not None))])
    return out


def _sets(state, seat, ron) -> list:
    """The kinds of a winner's triplets, concealed ones (a ron's tile with them) by tile, then
    its calls in order."""
    tiles = state.hands[seat] + ([_ron_tile(state)] if ron else [])
    counts = {}
    for t in tiles:
        counts[kind(t)] = counts.get(kind(t), 0) + 1
    concealed = sorted(k for k, n in counts.items() if n >= 3)
    return concealed + [kind(meld[1][0]) for meld in state.melds[seat]]


def _ron_tile(state) -> int:
    """The tile the rons took: the last discard, or the tile of the kan they robbed."""
    last = next(a for a in reversed(state.actions) if a["type"] != "ron")
    return parse(last["tiles"][0] if last["type"] == "kan" else last["tile"])
