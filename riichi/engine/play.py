"""The rules of a round: ``apply`` one action, and list the ``legal_actions`` of a seat.

Steps of a round: ``discard`` (the seat ``turn`` holds a drawn or called tile and must act),
``calls`` (a discard, an added kan or a closed kan waits for the seats that may call it:
each answers with its call or a pass; the best call wins once all have answered), ``over``.
Draws are implicit: when a discard passes, the next seat draws the next wall tile.
"""

from itertools import combinations

from . import settle
from .analysis import is_furiten, live_waits, robbing_waits, win_value
from .errors import IllegalAction
from .shapes import SHAPE_CACHE, discard_shape, hand_shape, near_tenpai, tenpai_discards, terminal_kinds
from .state import held_counts
from .tiles import CODES, DRAGONS, FIVE_OF_RED, KIND, NAMES, WINDS, kind, name, names, parse, sort_key

TURN_TYPES = ("discard", "tsumo", "kan", "nine_terminals")
CALL_TYPES = ("ron", "pon", "chi", "kan")
_ACTION_TYPES = TURN_TYPES + CALL_TYPES + ("pass",)  # a tuple: an unhashable type must not raise
_PRIORITY = {"ron": 3, "pon": 2, "kan": 2, "chi": 1}


def _with(values, index, value) -> list:
    """A changed copy of a per-seat list that ``State.copy`` shares between states."""
    changed = list(values)
    changed[index] = value
    return changed


def _without(tiles, removed) -> list:
    """A seat's tile list less ``removed``, as a new list: ``State.copy`` shares a seat's
    hand, melds and river between states, so they are replaced, never changed."""
    rest = list(tiles)
    for t in removed:
        rest.remove(t)
    return rest


def _meld_key(tiles) -> tuple:
    return tuple(sorted(tiles, key=sort_key))


# --- listing -----------------------------------------------------------------------------

def legal_actions(state, seat) -> list:
    """Every action ``apply`` accepts from ``seat`` now."""
    if state.phase != "play":
        return []
    if state.step == "calls":
        options = state.window["options"].get(str(seat))
        if options is None or str(seat) in state.window["answers"]:
            return []
        return [dict(a) for a in options] + [{"seat": seat, "type": "pass"}]
    if state.step != "discard" or seat != state.turn:
        return []
    return _turn_actions(state, seat)


def _turn_actions(state, seat) -> list:
    hand = state.hands[seat]
    drawn = state.drawn
    if drawn is None:  # right after a pon or chi
        counts, waited, known = held_counts(state, seat), (), None
    else:
        # the drawn tile is the hand's last: the shape of the hand before the draw was
        # memoised during the other seats' discards, and gives the counts, the waits and
        # the group statuses the riichi search starts from
        held = hand[:-1]
        before, waited, status = SHAPE_CACHE.hands.get(tuple(held)) or hand_shape(held)
        counts = list(before)
        counts[KIND[drawn]] += 1
        known = (status, KIND[drawn])
    if state.riichi[seat]:
        actions = [{"seat": seat, "type": "discard", "tile": NAMES[drawn]}]
    else:
        forbidden = state.kuikae
        distinct = sorted(set(hand))
        if distinct[-1] >= 34:  # a red five, which sorts beside its plain fives
            distinct.sort(key=sort_key)
        if forbidden:
            distinct_allowed = [t for t in distinct if KIND[t] not in forbidden]
        else:
            distinct_allowed = distinct
        actions = [{"seat": seat, "type": "discard", "tile": NAMES[t]} for t in distinct_allowed]
        riichi_kinds = _riichi_kinds(state, seat, counts, known)
        if riichi_kinds:
            for t in distinct:
                if KIND[t] in riichi_kinds:
                    actions.append({"seat": seat, "type": "discard", "tile": NAMES[t], "riichi": True})
    if waited and KIND[drawn] in waited and win_value(state, seat, drawn, tsumo=True):
        actions.append({"seat": seat, "type": "tsumo"})
    if 4 in counts or state.melds[seat]:  # a closed kan needs four, an added one a pon
        actions.extend(_own_kans(state, seat, counts))
    if state.first_turn[seat] and _may_nine_terminals(state, seat, counts):
        actions.append({"seat": seat, "type": "nine_terminals"})
    return actions


def _riichi_kinds(state, seat, counts, known=None) -> set:
    """The kinds whose discard may declare riichi (``counts``: the hand's, left unchanged;
    ``known``: the statuses of the hand before the draw and the drawn kind, see
    ``near_tenpai``)."""
    melds = state.melds[seat]
    if (state.scores[seat] < 1000 or state.live_left < 4 or state.drawn is None
            or melds and any(m[0] != "closed" for m in melds)
            or known is not None and not near_tenpai(counts, *known)):
        return set()
    tenpai_after = set()
    for k in tenpai_discards(counts):
        # the shape says tenpai; a wait on tiles the seat holds all four of does not count
        counts[k] -= 1
        if live_waits(state, seat, counts):
            tenpai_after.add(k)
        counts[k] += 1
    return tenpai_after


def _may_kan(state) -> bool:
    return state.kans < 4 and state.live_left > 0 and not state.four_kans


def _own_kans(state, seat, counts) -> list:
    if not _may_kan(state) or state.drawn is None:
        # right after a pon or chi (nothing drawn) the caller must discard first
        return []
    hand = state.hands[seat]
    actions = []
    for k in range(34) if 4 in counts else ():
        if counts[k] == 4:
            if state.riichi[seat] and not _riichi_kan_ok(state, seat, k, counts):
                continue
            tiles = [t for t in hand if kind(t) == k]
            actions.append({"seat": seat, "type": "kan", "kind": "closed", "tiles": names(_meld_key(tiles))})
    if not state.riichi[seat]:
        for meld in state.melds[seat]:
            k = KIND[meld[1][0]]
            if meld[0] == "pon" and counts[k]:
                for t in sorted({t for t in hand if kind(t) == k}, key=sort_key):
                    tiles = _meld_key(meld[1] + [t])
                    actions.append({"seat": seat, "type": "kan", "kind": "added", "tiles": names(tiles)})
    return actions


def _riichi_kan_ok(state, seat, k, counts) -> bool:
    """After riichi a closed kan must use the drawn tile and leave the waits unchanged."""
    if kind(state.drawn) != k:
        return False
    before = list(counts)
    before[k] -= 1
    after = list(counts)
    after[k] -= 4
    return live_waits(state, seat, before) == live_waits(state, seat, after) != ()


def _may_nine_terminals(state, seat, counts) -> bool:
    return (state.first_turn[seat] and not state.called_any and state.drawn is not None
            and terminal_kinds(counts) >= 9)


def _claims(state, seat, tile, discarder, counts) -> list:
    """The calls ``seat`` may make on ``discarder``'s discard ``tile`` (ron listed separately)."""
    if state.riichi[seat] or state.live_left == 0:
        return []
    k = KIND[tile]
    chi_seat = seat == (discarder + 1) % 4 and k < 27
    if counts[k] < 2 and not chi_seat:
        return []
    hand = state.hands[seat]
    found = []
    if counts[k] >= 2:
        same = sorted((t for t in hand if KIND[t] == k), key=sort_key)
        pairs = [tuple(same)] if len(same) == 2 else sorted(set(combinations(same, 2)))
        for pair in pairs:
            if _has_discard_after(len(hand), counts, pair, (k,)):
                found.append({"seat": seat, "type": "pon", "tiles": names(_meld_key(list(pair) + [tile]))})
    if counts[k] == 3 and _may_kan(state):
        found.append({"seat": seat, "type": "kan", "kind": "open", "tiles": names(_meld_key(same + [tile]))})
    if chi_seat:
        found.extend(_chi_options(state, seat, tile, counts))
    return found


def _chi_possible(counts, k) -> bool:
    """Whether the hand holds two suit neighbours that make a sequence with kind ``k``."""
    if k >= 27:
        return False
    pos = k % 9
    left2 = pos >= 2 and counts[k - 2] and counts[k - 1]
    around = 1 <= pos <= 7 and counts[k - 1] and counts[k + 1]
    right2 = pos <= 6 and counts[k + 1] and counts[k + 2]
    return bool(left2 or around or right2)


def _chi_options(state, seat, tile, counts) -> list:
    k = KIND[tile]
    pos = k % 9
    hand = state.hands[seat]
    found = []
    for low in (k - 2, k - 1, k):
        if low < k - pos or low + 2 > k - pos + 8:
            continue
        others = [x for x in (low, low + 1, low + 2) if x != k]
        if not counts[others[0]] or not counts[others[1]]:
            continue
        first = _held_tiles(hand, others[0])
        second = _held_tiles(hand, others[1])
        forbidden = _kuikae_kinds(tile, (first[0], second[0]))
        for a in first:
            for b in second:
                if _has_discard_after(len(hand), counts, (a, b), forbidden):
                    found.append({"seat": seat, "type": "chi", "tiles": names(_meld_key([a, b, tile]))})
    return found


_RED_OF_KIND = {five: red for red, five in FIVE_OF_RED.items()}


def _held_tiles(hand, k) -> list:
    """The distinct tiles of kind ``k`` (held) in ``hand``, in sort order: one, or a plain
    and a red five."""
    red = _RED_OF_KIND.get(k)
    if red is None or red not in hand:
        return [k]
    return [k, red] if k in hand else [red]


def _kuikae_kinds(tile, used) -> list:
    k = kind(tile)
    kinds = sorted(kind(t) for t in used)
    forbidden = [k]
    if kinds[0] != kinds[1]:
        if kinds[0] == k + 1 and k % 9 <= 5:
            forbidden.append(k + 3)
        if kinds[1] == k - 1 and k % 9 >= 3:
            forbidden.append(k - 3)
    return forbidden


def _has_discard_after(held, counts, used, forbidden) -> bool:
    """Whether a hand of ``counts`` (``held`` tiles) keeps a tile outside the ``forbidden``
    kinds (distinct) after a call takes the tiles ``used`` from it."""
    allowed = held
    for k in forbidden:
        allowed -= counts[k]
    for t in used:
        if KIND[t] not in forbidden:
            allowed -= 1
    return allowed > 0


# --- applying ----------------------------------------------------------------------------

def apply(state, action):
    """``(new_state, events)`` after ``action``; ``state`` itself is never changed."""
    seat, action_type = _check_shape(action)
    if state.phase == "game_over":
        raise IllegalAction("game_over")
    if state.phase != "play":
        raise IllegalAction("round_over")
    new = state.evolve()
    events = []
    if state.step == "calls":
        if action_type == "pass" or action_type in CALL_TYPES and action.get("kind", "open") == "open":
            _answer(new, seat, action, events)
        elif str(seat) in state.window["options"] and str(seat) not in state.window["answers"]:
            raise IllegalAction("cannot_call")
        else:
            raise IllegalAction("not_your_turn")
    elif action_type == "pass" or action_type in ("ron", "pon", "chi"):
        raise IllegalAction("no_call_pending")
    elif seat != state.turn:
        raise IllegalAction("not_your_turn")
    elif action_type == "discard":
        _discard(new, seat, action, events)
    elif action_type == "tsumo":
        _tsumo(new, seat, events)
    elif action_type == "kan":
        _declare_kan(new, seat, action, events)
    else:
        _nine_terminals(new, seat, events)
    return new, events


def _check_shape(action):
    if not isinstance(action, dict):
        raise IllegalAction("bad_action", detail="an action must be an object")
    seat = action.get("seat")
    if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
        raise IllegalAction("bad_seat", seat=str(seat))
    action_type = action.get("type")
    if action_type not in _ACTION_TYPES:
        raise IllegalAction("unknown_action", action_type=str(action_type))
    return seat, action_type


def _tiles_of(action, count) -> list:
    tiles = action.get("tiles")
    if not isinstance(tiles, list) or len(tiles) != count:
        raise IllegalAction("bad_meld", detail=f"{count} tiles expected")
    out = []
    for text in tiles:
        t = parse(text)
        if t is None:
            raise IllegalAction("unknown_tile", tile=str(text))
        out.append(t)
    return out


def _discard(state, seat, action, events):
    text = action.get("tile")
    tile = CODES.get(text) if isinstance(text, str) else None  # ``parse``, inline
    if tile is None:
        raise IllegalAction("unknown_tile", tile=str(action.get("tile")))
    riichi = action.get("riichi", False)
    if not isinstance(riichi, bool):
        raise IllegalAction("bad_action", detail="riichi must be true or false")
    if tile not in state.hands[seat]:
        raise IllegalAction("not_in_hand", tile=name(tile))
    if state.riichi[seat] and tile != state.drawn:
        raise IllegalAction("riichi_must_discard_drawn")
    if KIND[tile] in state.kuikae:
        raise IllegalAction("kuikae")
    if riichi:
        if state.riichi[seat]:
            raise IllegalAction("riichi_already")
        if KIND[tile] not in _riichi_kinds(state, seat, held_counts(state, seat)):
            raise IllegalAction(_riichi_refusal(state, seat))
    tedashi = "tedashi" in action and _tedashi(state, seat, tile, action)
    held = state.hands[seat]
    hand = held[:]
    hand.remove(tile)
    state.hands[seat] = hand
    if state.drawn is not None:
        # the hand left is asked for by the next call window: its shape follows from the
        # one before the draw (the hand's last tile), memoised during the other seats' turns
        before = held[:-1]
        discard_shape(hand, SHAPE_CACHE.hands.get(tuple(before)) or hand_shape(before),
                      KIND[held[-1]], KIND[tile])
    state.river[seat] = state.river[seat] + [[tile, tile == state.drawn and not tedashi, riichi, False]]
    record = {"seat": seat, "type": "discard", "tile": NAMES[tile]}
    if riichi:
        record["riichi"] = True
        state.riichi = _with(state.riichi, seat, 2 if state.first_turn[seat] and not state.called_any else 1)
        state.riichi_pending = seat
    if tedashi:
        record["tedashi"] = True
    state.actions.append(record)
    events.append(dict(record))
    # shared between states (see ``State.copy``): replaced, and only when they change
    if state.ippatsu[seat]:
        state.ippatsu = _with(state.ippatsu, seat, False)
    if state.furiten_temp[seat]:
        state.furiten_temp = _with(state.furiten_temp, seat, False)
    if state.first_turn[seat]:
        state.first_turn = _with(state.first_turn, seat, False)
    if state.kuikae:
        state.kuikae = []
    state.drawn = None
    state.after_kan = False
    if state.pending_dora:
        state.dora_shown += state.pending_dora
        state.pending_dora = 0
        events.append({"type": "dora", "indicators": names(state.dora_indicators())})
    if not state.called_any and len(state.river[0]) == 1 and _four_winds(state):
        _deposit_riichi(state)
        settle.abort(state, "four_winds")
        events.append({"type": "round_over", "result": "abort:four_winds"})
        return
    _open_window(state, "discard", seat, tile, events)


def _tedashi(state, seat, tile, action) -> bool:
    """Whether a discard equal to the drawn tile is another copy from the hand (a Tenhou log
    tells the two apart; a table never does, so its records leave the field out)."""
    tedashi = action.get("tedashi", False)
    if not isinstance(tedashi, bool):
        raise IllegalAction("bad_action", detail="tedashi must be true or false")
    if tedashi and tile != state.drawn:
        return False
    if tedashi and state.hands[seat].count(tile) < 2:
        raise IllegalAction("bad_action", detail="tedashi needs a second copy of the drawn tile")
    return tedashi


def _riichi_refusal(state, seat) -> str:
    """The error code saying why this riichi discard is refused."""
    if any(m[0] != "closed" for m in state.melds[seat]):
        return "riichi_open_hand"
    if state.scores[seat] < 1000:
        return "riichi_points"
    if state.live_left < 4:
        return "riichi_wall"
    return "riichi_not_tenpai"


def _four_winds(state) -> bool:
    if state.called_any or len(state.river[0]) != 1 or any(len(r) != 1 for r in state.river):
        return False
    first = {kind(r[0][0]) for r in state.river}
    return len(first) == 1 and first.pop() in WINDS


def _open_window(state, window_kind, from_seat, tile, events):
    """Offer ``tile`` to the other seats; resolve at once when nobody may call it."""
    k = KIND[tile]
    hands = state.hands
    memoised = SHAPE_CACHE.hands.get  # ``hand_shape``'s memo, read here without the call
    discard = window_kind == "discard"
    options = {}
    waiting = []
    for i in (1, 2, 3):
        seat = (from_seat + i) % 4
        hand = hands[seat]
        counts, shape_waits, _ = memoised(tuple(hand)) or hand_shape(hand)
        if k not in shape_waits and window_kind != "ankan":
            # most seats can do nothing with a tile: no wait on it, no pair of it, no chi
            if not discard or counts[k] < 2 and (i != 1 or not _chi_possible(counts, k)):
                continue
            wait_kinds = ()
        elif discard:
            wait_kinds = live_waits(state, seat, counts)
        else:
            wait_kinds = robbing_waits(state, seat, window_kind == "ankan")
        seat_options = []
        if k in wait_kinds:
            waiting.append(seat)
            if not is_furiten(state, seat, wait_kinds) and win_value(
                    state, seat, tile, tsumo=False, chankan=not discard):
                seat_options.append({"seat": seat, "type": "ron"})
        if discard:
            seat_options.extend(_claims(state, seat, tile, from_seat, counts))
        if seat_options:
            options[str(seat)] = seat_options
    if not options:
        # nobody may call: the window closes at once (the usual case, so no window is built),
        # and most often nothing else is due either: the next seat draws
        if (discard and not waiting and state.riichi_pending is None and not state.four_kans
                and state.live_left):
            state.window = None  # a review's reopened window (``reopen_window``) ends here too
            _draw(state, (from_seat + 1) % 4, events)
        else:
            _close_window(state, window_kind, from_seat, tile, waiting, {}, events)
        return
    state.window = {"kind": window_kind, "from": from_seat, "tile": tile, "options": options,
                    "answers": {}, "waiting": waiting}
    state.step = "calls"
    events.append({"type": "call_window", "seats": sorted(int(s) for s in options)})


def _answer(state, seat, action, events):
    window = state.window
    key = str(seat)
    if key not in window["options"]:
        raise IllegalAction("cannot_call")
    if key in window["answers"]:
        raise IllegalAction("already_answered")
    action_type = action["type"]
    if action_type == "pass":
        chosen = {"seat": seat, "type": "pass"}
    elif action_type == "ron" and not any(o["type"] == "ron" for o in window["options"][key]):
        raise IllegalAction("furiten" if KIND[window["tile"]] in live_waits(state, seat) else "not_a_win")
    else:
        chosen = _matching_option(window["options"][key], action)
    window["answers"][key] = chosen
    if len(window["answers"]) == len(window["options"]):
        _resolve(state, events)


def _matching_option(options, action):
    action_type = action["type"]
    if action_type == "ron":
        return next(option for option in options if option["type"] == "ron")
    count = 4 if action_type == "kan" else 3
    wanted = _meld_key(_tiles_of(action, count))
    for option in options:
        if option["type"] == action_type and _meld_key([parse(t) for t in option["tiles"]]) == wanted:
            return option
    raise IllegalAction("cannot_call")


def _resolve(state, events):
    window = state.window
    _close_window(state, window["kind"], window["from"], window["tile"], window["waiting"],
                  window["answers"], events)


def _close_window(state, window_kind, from_seat, tile, waiting, answers, events):
    """The call window on ``tile`` is answered: the best call, or a ron, or the next draw."""
    # in turn order from the discarder
    rons = [s for s in ((from_seat + 1) % 4, (from_seat + 2) % 4, (from_seat + 3) % 4)
            if answers.get(str(s), {}).get("type") == "ron"] if answers else []
    for seat in waiting:
        if seat not in rons:
            state.furiten_temp = _with(state.furiten_temp, seat, True)
            if state.riichi[seat]:
                state.furiten_riichi = _with(state.furiten_riichi, seat, True)
    if rons:
        if not state.rules["double_ron"]:
            # head bump: only the first in turn order from the discarder wins
            rons = rons[:1]
        if len(rons) == 3:
            for seat in rons:
                state.actions.append({"seat": seat, "type": "ron"})
            settle.abort(state, "triple_ron")
            events.append({"type": "round_over", "result": "abort:triple_ron"})
            return
        chankan = window_kind != "discard"
        wins = []
        for seat in rons:
            state.actions.append({"seat": seat, "type": "ron"})
            wins.append((seat, win_value(state, seat, tile, tsumo=False, chankan=chankan)))
        settle.settle_wins(state, wins, from_seat)
        events.append({"type": "round_over", "result": "ron", "deltas": state.results[-1]["deltas"]})
        return
    if window_kind != "discard":
        state.window = None
        _complete_kan(state, from_seat, window_kind, tile, events)
        return
    if state.riichi_pending is not None and _deposit_riichi(state) and sum(1 for r in state.riichi if r) == 4:
        settle.abort(state, "four_riichi")
        events.append({"type": "round_over", "result": "abort:four_riichi"})
        return
    if state.four_kans:
        settle.abort(state, "four_kans")
        events.append({"type": "round_over", "result": "abort:four_kans"})
        return
    calls = [a for a in answers.values() if a["type"] != "pass"] if answers else ()
    state.window = None
    if calls:
        call = max(calls, key=lambda a: _PRIORITY[a["type"]])
        _execute_call(state, call, from_seat, tile, events)
    elif state.live_left == 0:
        settle.exhaustive_draw(state)
        events.append({"type": "round_over", "result": state.results[-1]["result"],
                       "deltas": state.results[-1]["deltas"]})
    else:
        _draw(state, (from_seat + 1) % 4, events)


def _deposit_riichi(state) -> bool:
    seat = state.riichi_pending
    if seat is None:
        return False
    state.riichi_pending = None
    state.scores = _with(state.scores, seat, state.scores[seat] - 1000)
    state.sticks += 1
    state.ippatsu = _with(state.ippatsu, seat, True)
    return True


def _draw(state, seat, events):
    if state.draw_pos >= len(state.wall["draws"]):
        raise IllegalAction("wall_exhausted")
    tile = state.wall["draws"][state.draw_pos]
    state.draw_pos += 1
    _take(state, seat, tile, after_kan=False)
    events.append({"type": "draw", "seat": seat})


def _draw_rinshan(state, seat, events):
    if state.kans >= len(state.wall["rinshan"]):
        raise IllegalAction("wall_exhausted")
    tile = state.wall["rinshan"][state.kans]
    state.kans += 1
    state.kan_seats = _with(state.kan_seats, seat, state.kan_seats[seat] + 1)
    if state.kans == 4 and sum(1 for n in state.kan_seats if n) > 1:
        state.four_kans = True
    _take(state, seat, tile, after_kan=True)
    events.append({"type": "draw", "seat": seat, "rinshan": True})


def _take(state, seat, tile, after_kan):
    state.hands[seat] = state.hands[seat] + [tile]
    state.drawn = tile
    state.after_kan = after_kan
    state.turn = seat
    state.step = "discard"
    if state.kuikae:
        state.kuikae = []


def _execute_call(state, call, from_seat, tile, events):
    seat = call["seat"]
    tiles = [parse(t) for t in call["tiles"]]
    used = list(tiles)
    used.remove(tile)
    state.hands[seat] = _without(state.hands[seat], used)
    call_type = "open" if call["type"] == "kan" else call["type"]
    state.melds[seat] = state.melds[seat] + [[call_type, tiles, tile, from_seat]]
    river = state.river[from_seat]
    state.river[from_seat] = river[:-1] + [river[-1][:3] + [True]]
    state.called_any = True
    state.ippatsu = [False] * 4
    state.actions.append(dict(call))
    events.append(dict(call))
    _check_pao(state, seat, from_seat, kind(tile))
    if call_type == "open":
        state.pending_dora += 1
        _draw_rinshan(state, seat, events)
        return
    state.turn = seat
    state.step = "discard"
    state.drawn = None
    state.after_kan = False
    state.kuikae = _kuikae_kinds(tile, used) if call_type == "chi" else [kind(tile)]


def _check_pao(state, seat, from_seat, k):
    """The discarder who lets a seat complete its third dragon or fourth wind set is liable."""
    for group, needed in ((DRAGONS, 3), (WINDS, 4)):
        if k in group:
            sets = sum(1 for m in state.melds[seat] if m[0] != "chi" and kind(m[1][0]) in group)
            if sets == needed:
                state.pao = _with(state.pao, seat, from_seat)


def _tsumo(state, seat, events):
    if state.step != "discard" or state.drawn is None:
        raise IllegalAction("not_a_win")
    value = win_value(state, seat, state.drawn, tsumo=True)
    if not value:
        raise IllegalAction("not_a_win")
    state.actions.append({"seat": seat, "type": "tsumo"})
    settle.settle_wins(state, [(seat, value)], None)
    events.append({"type": "round_over", "result": "tsumo", "deltas": state.results[-1]["deltas"]})


def _declare_kan(state, seat, action, events):
    kan_kind = action.get("kind")
    if kan_kind not in ("closed", "added"):
        raise IllegalAction("cannot_kan")
    tiles = _tiles_of(action, 4)
    wanted = {"seat": seat, "type": "kan", "kind": kan_kind, "tiles": names(_meld_key(tiles))}
    if wanted not in _own_kans(state, seat, held_counts(state, seat)):
        raise IllegalAction("cannot_kan")
    state.actions.append(wanted)
    events.append(dict(wanted))
    k = kind(tiles[0])
    if kan_kind == "closed":
        state.hands[seat] = _without(state.hands[seat], tiles)
        state.melds[seat] = state.melds[seat] + [["closed", list(_meld_key(tiles)), None, seat]]
        _open_window(state, "ankan", seat, tiles[0], events)
        return
    pon = next(m for m in state.melds[seat] if m[0] == "pon" and kind(m[1][0]) == k)
    added = list(tiles)
    for t in pon[1]:
        added.remove(t)
    state.hands[seat] = _without(state.hands[seat], added[:1])
    _open_window(state, "chankan", seat, added[0], events)


def _complete_kan(state, seat, window_kind, tile, events):
    """A closed or added kan nobody robbed: new dora (closed at once, added after the next
    discard) and the replacement draw."""
    k = kind(tile)
    if window_kind == "chankan":
        melds = state.melds[seat] = list(state.melds[seat])
        for i, meld in enumerate(melds):
            if meld[0] == "pon" and kind(meld[1][0]) == k:
                melds[i] = ["added", list(_meld_key(meld[1] + [tile])), meld[2], meld[3]]
        state.dora_shown += state.pending_dora
        state.pending_dora = 1
    else:
        state.dora_shown += state.pending_dora + 1
        state.pending_dora = 0
    state.called_any = True
    state.ippatsu = [False] * 4
    state.step = "discard"
    _draw_rinshan(state, seat, events)


def _nine_terminals(state, seat, events):
    if state.step != "discard" or not _may_nine_terminals(state, seat, held_counts(state, seat)):
        raise IllegalAction("not_nine_terminals")
    state.actions.append({"seat": seat, "type": "nine_terminals"})
    settle.abort(state, "nine_terminals")
    events.append({"type": "round_over", "result": "abort:nine_terminals"})


def reopen_window(state):
    """A copy of ``state`` whose pending call window is offered anew to the seats' hands as they
    are now, no one having answered: a review's sampled deal gives the other seats new hands,
    and with them new options."""
    new = state.evolve()
    window = new.window
    _open_window(new, window["kind"], window["from"], window["tile"], [])
    return new
