"""Scoring a finished hand and deciding the game."""

from .cards import SEATS, TEAMS, points_of, team_of

CALL_BONUS = {"tichu": 100, "grand": 200}
DOUBLE_VICTORY = 200


def is_double_victory(out) -> bool:
    return len(out) == 2 and team_of(out[0]) == team_of(out[1])


def hand_result(state) -> dict:
    """The replay-shaped result of the hand that just ended in ``state``."""
    out = state.out
    score = [0, 0]
    card_points = [0, 0]
    double = is_double_victory(out)
    if double:
        score[team_of(out[0])] = DOUBLE_VICTORY
    else:
        last = next(seat for seat in range(4) if seat not in out)
        piles = list(state.won)
        piles[out[0]] |= piles[last]
        piles[last] = 0
        for seat in range(4):
            card_points[team_of(seat)] += points_of(piles[seat])
        card_points[1 - team_of(last)] += points_of(state.hands[last])
        score = list(card_points)
    calls = {}
    called_ok = {}
    for seat in range(4):
        call = state.calls[seat]
        if call:
            success = out[0] == seat
            calls[SEATS[seat]] = call
            called_ok[SEATS[seat]] = success
            score[team_of(seat)] += CALL_BONUS[call] if success else -CALL_BONUS[call]
    return {
        "out": [SEATS[seat] for seat in out],
        "double_victory": double,
        "card_points": {TEAMS[0]: card_points[0], TEAMS[1]: card_points[1]},
        "calls": calls,
        "called_ok": called_ok,
        "score": {TEAMS[0]: score[0], TEAMS[1]: score[1]},
    }


def winner_of(totals, target):
    """The winning team once a team has reached the target; a tie plays on."""
    if max(totals) >= target and totals[0] != totals[1]:
        return TEAMS[0] if totals[0] > totals[1] else TEAMS[1]
    return None
