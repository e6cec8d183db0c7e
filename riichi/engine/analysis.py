"""What a seat's hand can do: its waits, furiten, and the value of a win."""

from .scoring import score_hand
from .shapes import is_win, kokushi_waits, waits
from .state import held_counts, round_wind, seat_wind
from .tiles import kind


def meld_counts(state, seat) -> list:
    counts = [0] * 34
    for meld in state.melds[seat]:
        for t in meld[1]:
            counts[kind(t)] += 1
    return counts


def live_waits(state, seat, counts=None) -> tuple:
    """The kinds a 3n+1 hand waits on, leaving out a kind the seat itself holds all four of
    (Tenhou counts such a wait as noten)."""
    if counts is None:
        counts = held_counts(state, seat)
    found = waits(counts)
    if not found:
        return found
    melded = meld_counts(state, seat)
    return tuple(k for k in found if counts[k] + melded[k] < 4)


def is_tenpai(state, seat) -> bool:
    return bool(live_waits(state, seat))


def discarded_kinds(state, seat) -> set:
    return {kind(entry[0]) for entry in state.river[seat]}


def is_furiten(state, seat, wait_kinds) -> bool:
    if state.furiten_temp[seat] or state.furiten_riichi[seat]:
        return True
    river = discarded_kinds(state, seat)
    return any(k in river for k in wait_kinds)


def robbing_waits(state, seat, closed_kan: bool) -> tuple:
    """Waits that may rob a kan: any for an added kan, kokushi only for a closed one."""
    counts = held_counts(state, seat)
    return kokushi_waits(counts) if closed_kan else live_waits(state, seat, counts)


def win_value(state, seat, tile, tsumo: bool, chankan: bool = False):
    """The scoring of ``seat`` winning on ``tile`` (in hand for tsumo), or ``None`` without yaku."""
    concealed = list(state.hands[seat])
    if not tsumo:
        concealed.append(tile)
    counts = [0] * 34
    for t in concealed:
        counts[kind(t)] += 1
    if not is_win(counts):
        return None
    untouched = state.first_turn[seat] and not state.called_any
    flags = {
        "tsumo": tsumo,
        "riichi": state.riichi[seat] == 1,
        "double_riichi": state.riichi[seat] == 2,
        "ippatsu": state.ippatsu[seat],
        "rinshan": tsumo and state.after_kan,
        "chankan": chankan,
        "haitei": tsumo and not state.after_kan and state.live_left == 0,
        "houtei": not tsumo and not chankan and state.live_left == 0,
        "tenhou": tsumo and untouched and seat == state.dealer,
        "chiihou": tsumo and untouched and seat != state.dealer,
    }
    return score_hand(
        state.rules, concealed, state.melds[seat], tile, seat_wind(state, seat),
        round_wind(state), state.dora_indicators(), state.ura_indicators(), flags,
    )
