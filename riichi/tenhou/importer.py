"""Turning a tenhou.net/6 JSON log into a ``riichi-record/1``.

A Tenhou log keeps, per seat, the tiles it took (draws, or call strings such as ``c121314``)
and the tiles it gave (discards, ``60`` for the drawn tile, ``r`` riichi, ``a``/``k`` kans,
``0`` after an open kan). Replaying those two lists in table order gives the wall's draw
order and the actions; the logged result only tells who won, never the points.
"""

import json
import re

from riichi.engine.errors import IllegalAction
from riichi.engine.options import normalize
from riichi.engine.tiles import name, names, sort_key

from .codes import TenhouImportError, tile_of as _tile

_RESULT_ABORTS = {"九種九牌": "nine_terminals", "四風連打": "four_winds", "四家立直": "four_riichi",
                  "四槓散了": "four_kans", "三家和了": "triple_ron"}
_DRAWS = ("流局", "全員聴牌", "全員不聴", "流し満貫")
# Where an export keeps the rules Tenhou's ``rule`` cannot say (uma, kiriage, ...).
RULES_KEY = "stich_rules"


def _meld_string(text):
    """(letter, its position among the tile pairs, the tiles in order) of a call string."""
    match = re.fullmatch(r"((?:\d\d)*)([cpmka])((?:\d\d)+)", text)
    if not match:
        raise TenhouImportError(f"not a call: {text!r}")
    before, letter, after = match.groups()
    digits = before + after
    tiles = [_tile(int(digits[i:i + 2])) for i in range(0, len(digits), 2)]
    return letter, len(before) // 2, tiles, _tile(int(after[:2]))


def load_text(text) -> dict:
    """A log from text: one JSON object, or JSON lines of one hand each (merged in order)."""
    text = text.strip()
    try:
        return json.loads(text)
    except ValueError:
        pass
    merged = None
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            part = json.loads(line)
        except ValueError as error:
            raise TenhouImportError(f"not JSON: {error}") from None
        if merged is None:
            merged = {**part, "log": list(part.get("log", []))}
        else:
            merged["log"].extend(part.get("log", []))
    if merged is None:
        raise TenhouImportError("the log is empty")
    return merged


def import_tenhou(log) -> dict:
    """The ``riichi-record/1`` of a tenhou.net/6 log dict; raises ``TenhouImportError``."""
    if not isinstance(log, dict) or not isinstance(log.get("log"), list) or not log["log"]:
        raise TenhouImportError("a tenhou.net/6 log is an object with a non-empty 'log' list")
    rules = _rules(log)
    marks = _marks_tsumogiri(log["log"])
    rounds = []
    for n, hand in enumerate(log["log"]):
        try:
            rounds.append(_round(hand, marks))
        except TenhouImportError as error:
            raise TenhouImportError(f"hand {n}: {error}") from None
        except (TypeError, IndexError, KeyError, ValueError) as error:
            raise TenhouImportError(f"hand {n}: malformed ({error})") from None
    return {"format": "riichi-record/1", "rules": rules, "rounds": rounds}


def _rules(log) -> dict:
    rule = log.get("rule") or {}
    if not isinstance(rule, dict):
        raise TenhouImportError("'rule' must be an object")
    disp = str(rule.get("disp", ""))
    if "三" in disp:
        raise TenhouImportError("three-player logs are not supported")
    ours = log.get(RULES_KEY)
    # Tenhou plays with double ron, no double yakuman, no kiriage and tobi: the defaults
    options = ours if ours is not None else {
        "length": "east" if "東" in disp else "hanchan",
        "red_fives": bool(rule.get("aka", 1) or rule.get("aka51")),
        "kuitan": "喰" in disp or not disp,
    }
    try:
        return normalize(options)
    except IllegalAction as error:
        raise TenhouImportError(f"{RULES_KEY}: {error.message}") from None


def _marks_tsumogiri(hands) -> bool:
    """Whether the log writes the drawn tile's discard as 60, as Tenhou does: only then is a
    discard written as a tile equal to the drawn one its twin from the hand (tedashi)."""
    return any(given in (60, "r60") for hand in hands if isinstance(hand, list) and len(hand) == 17
               for seat in range(4) if isinstance(hand[6 + 3 * seat], list) for given in hand[6 + 3 * seat])


def _round(hand, marks) -> dict:
    if not isinstance(hand, list) or len(hand) != 17:
        raise TenhouImportError("a hand must have 17 entries (four-player log)")
    round_no = hand[0][0]
    dealer = round_no % 4
    haipai = [[_tile(t) for t in hand[4 + 3 * s]] for s in range(4)]
    takes = [list(hand[5 + 3 * s]) for s in range(4)]
    gives = [list(hand[6 + 3 * s]) for s in range(4)]
    result = hand[16]
    draws, rinshan, actions = [], [], []
    ti, gi = [0] * 4, [0] * 4
    seat = dealer
    must_take = True
    rinshan_next = False
    drawn = None
    last_discard = None
    while True:
        took = must_take
        if must_take:
            if ti[seat] >= len(takes[seat]):
                break
            taken = takes[seat][ti[seat]]
            ti[seat] += 1
            if isinstance(taken, str):
                raise TenhouImportError(f"seat {seat} calls {taken!r} out of turn")
            drawn = _tile(taken)
            (rinshan if rinshan_next else draws).append(drawn)
            rinshan_next = False
        if gi[seat] >= len(gives[seat]):
            break
        given = gives[seat][gi[seat]]
        gi[seat] += 1
        must_take = True
        if isinstance(given, str) and given[:1] == "r":
            code = int(given[1:])
            tile = drawn if code == 60 else _tile(code)
            actions.append(_discard(seat, tile, marks and code != 60 and took and tile == drawn,
                                    riichi=True))
        elif isinstance(given, str):
            letter, _, tiles, _ = _meld_string(given)
            if letter not in "ak":
                raise TenhouImportError(f"unexpected {given!r} among discards")
            kind_name = "closed" if letter == "a" else "added"
            actions.append({"seat": seat, "type": "kan", "kind": kind_name, "tiles": _meld_names(tiles)})
            rinshan_next = True
            last_discard = (seat, None)
            continue
        else:
            tile = drawn if given == 60 else _tile(given)
            actions.append(_discard(seat, tile, marks and given != 60 and took and tile == drawn))
        last_discard = (seat, tile)
        caller = _find_caller(takes, ti, seat, tile)
        if caller is None:
            seat = (seat + 1) % 4
            continue
        taken = takes[caller][ti[caller]]
        ti[caller] += 1
        letter, _, tiles, _ = _meld_string(taken)
        call = {"c": "chi", "p": "pon", "m": "kan"}[letter]
        action = {"seat": caller, "type": call, "tiles": _meld_names(tiles)}
        if call == "kan":
            action["kind"] = "open"
            if gi[caller] < len(gives[caller]) and gives[caller][gi[caller]] == 0:
                gi[caller] += 1
            rinshan_next = True
            must_take = True
        else:
            must_take = False
        actions.append(action)
        seat = caller
    actions.extend(_ending(result, seat, last_discard, hand))
    return {
        "haipai": {str(s): [name(t) for t in haipai[s]] for s in range(4)},
        "draws": [name(t) for t in draws],
        "dora_indicators": [name(_tile(t)) for t in hand[2]],
        "ura_indicators": [name(_tile(t)) for t in hand[3]],
        "rinshan": [name(t) for t in rinshan],
        "actions": actions,
    }


def _discard(seat, tile, tedashi, riichi=False) -> dict:
    """A discard; ``tedashi``: the drawn tile's twin from the hand, which Tenhou writes as a
    tile where the drawn one itself would be 60."""
    action = {"seat": seat, "type": "discard", "tile": name(tile)}
    if riichi:
        action["riichi"] = True
    if tedashi:
        action["tedashi"] = True
    return action


def _meld_names(tiles) -> list:
    """A meld's tiles in the engine's order (the record's canonical form)."""
    return names(sorted(tiles, key=sort_key))


def _find_caller(takes, ti, discarder, tile):
    """The seat whose next take is a call on this very discard (source and tile must match).
    A pon or kan is looked for first: it is the call that wins when both are possible, and a
    matching chi string may then belong to a later discard of the same tile."""
    for letters in ("pm", "c"):
        for offset in (1, 2, 3):
            seat = (discarder + offset) % 4
            if ti[seat] >= len(takes[seat]):
                continue
            taken = takes[seat][ti[seat]]
            if not isinstance(taken, str):
                continue
            letter, position, _tiles, called = _meld_string(taken)
            if letter not in letters:
                continue
            if letter == "c":
                source = 3
            elif letter == "p":
                source = {0: 3, 1: 2, 2: 1}.get(position)
            else:
                source = {0: 3, 1: 2, 3: 1}.get(position)
            if source is not None and (seat + source) % 4 == discarder and called == tile:
                return seat
    return None


def _ending(result, seat, last_discard, hand) -> list:
    kind_text = result[0]
    if kind_text == "和了":
        wins = [result[i] for i in range(2, len(result), 2)]
        seats = []
        for info in wins:
            who, source = info[0], info[1]
            if who == source:
                return [{"seat": who, "type": "tsumo"}]
            seats.append(who)
        source = wins[0][1]
        seats.sort(key=lambda s: (s - source) % 4)
        return [{"seat": s, "type": "ron"} for s in seats]
    if kind_text in _RESULT_ABORTS:
        reason = _RESULT_ABORTS[kind_text]
        if reason == "nine_terminals":
            return [{"seat": seat, "type": "nine_terminals"}]
        if reason == "triple_ron":
            if last_discard is None:
                raise TenhouImportError("a triple ron needs a discard")
            source = last_discard[0]
            return [{"seat": (source + i) % 4, "type": "ron"} for i in (1, 2, 3)]
        return []
    if kind_text in _DRAWS:
        return []
    raise TenhouImportError(f"unknown result {kind_text!r}")
