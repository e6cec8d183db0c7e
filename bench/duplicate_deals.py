"""Duplicate deals, for the Tichu bot benches: sides A and B play each deal twice, A at
North/South and then at East/West, so that the cards cancel out; every hand is a fresh game.
A hand is won by the side with the higher hand score (a tie counts half). Intervals are 95 %
normal intervals over the deal pairs: the two hands of a pair are correlated, the pairs are
independent."""

import math
import time

from tichu.bots.actions import must_decide
from tichu.engine import apply, new_game, shuffled_deal, view
from tichu.engine.cards import SEATS

FINISHED = ("hand_over", "game_over")
COUNTS = ("calls", "calls_made", "grand", "grand_made", "first_out", "double_victories")


def mean_ci(values):
    """The mean of ``values`` and its 95 % normal interval: (mean, low, high)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def _quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def _asking_order(state):
    # out-of-turn seats first, so that a bomb can land before the player in turn moves
    if state.turn is None:
        return SEATS
    return tuple(SEATS[(state.turn + step) & 3] for step in (1, 2, 3, 0))


def play_hand(deal, decide, names):
    """One hand of ``deal`` in a fresh game, as ``tichu.bots.arena.play_hand`` but with any bot
    at any seat: ``decide(seat, view)`` returns that seat's action or None. Returns the hand's
    result; ``names[seat]`` names the bot there should it decline a decision the game waits for."""
    state = new_game({"target": 1000}, deal)
    while state.phase not in FINISHED:
        for seat in _asking_order(state):
            seen = view(state, seat)
            if not seen["legal_actions"]:
                continue
            action = decide(seat, seen)
            if action is None:
                if must_decide(seen):
                    raise AssertionError(f"{names[seat]} at {seat} declined {seen['legal_actions']}")
                continue
            state, _ = apply(state, action)  # the engine refuses an illegal action
            break
        else:
            state, _ = apply(state, {"type": "collect"})
    return state.results[-1]


class DuplicateMatch:
    """Sides A and B over their deals: per deal pair, A's share of the hands won and its points a
    hand over B; per side, its calls and how many succeeded, its first outs and double victories,
    and in ``times`` the seconds of each decision it was asked for (the caller times them)."""

    def __init__(self):
        self.wins, self.diffs = [], []
        self.counts = {side: dict.fromkeys(COUNTS, 0) for side in "AB"}
        self.times = {side: [] for side in "AB"}
        self.started = time.time()

    def play(self, deals, deal_rng, play, after_pair):
        """Plays ``deals`` deals drawn from ``deal_rng``: ``play(deal, team_of)`` plays one hand,
        ``team_of[seat]`` the side at each seat, and returns its result. ``after_pair()``
        runs after each deal's two hands."""
        for _ in range(deals):
            deal = shuffled_deal(deal_rng)
            wins = diffs = 0.0
            for a_team, b_team in (("NS", "EW"), ("EW", "NS")):
                team_of = {seat: "A" if seat in a_team else "B" for seat in SEATS}
                result = play(deal, team_of)
                diff = result["score"][a_team] - result["score"][b_team]
                wins += 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
                diffs += diff
                self._count(result, team_of)
            self.wins.append(wins / 2)
            self.diffs.append(diffs / 2)
            after_pair()

    def _count(self, result, team_of):
        first = self.counts[team_of[result["out"][0]]]
        first["first_out"] += 1
        first["double_victories"] += result["double_victory"]
        for seat, call in result["calls"].items():
            key = "calls" if call == "tichu" else "grand"
            self.counts[team_of[seat]][key] += 1
            self.counts[team_of[seat]][key + "_made"] += result["called_ok"][seat]

    def hands(self):
        return 2 * len(self.wins)

    def seconds(self):
        return round(time.time() - self.started, 1)

    def progress(self, a="A", b="B"):
        """A line on the deals so far, for the impatient."""
        w, d = mean_ci(self.wins), mean_ci(self.diffs)
        return (f"{len(self.wins)} deals, {time.time() - self.started:.0f} s: {a} wins {w[0]:.3f} "
                f"[{w[1]:.3f}, {w[2]:.3f}], {a}-{b} {d[0]:+.1f} [{d[1]:+.1f}, {d[2]:+.1f}]")

    def a_results(self, prefix):
        """Side A's share of the hands won and its points a hand, with their intervals, the keys
        named by ``prefix``."""
        win, diff = mean_ci(self.wins), mean_ci(self.diffs)
        return {f"{prefix}_hands_won": round(win[0], 4),
                f"{prefix}_hands_won_ci95": [round(win[1], 4), round(win[2], 4)],
                f"{prefix}_points_per_hand": round(diff[0], 1),
                f"{prefix}_points_per_hand_ci95": [round(diff[1], 1), round(diff[2], 1)]}

    def side_report(self, side):
        counts, times, hands = self.counts[side], self.times[side], self.hands()
        return {
            "tichu_calls": counts["calls"], "tichu_made": counts["calls_made"],
            "grand_calls": counts["grand"], "grand_made": counts["grand_made"],
            "first_out_share": round(counts["first_out"] / hands, 3),
            "double_victory_share": round(counts["double_victories"] / hands, 3),
            "decisions": len(times),
            "decision_median_ms": round(1000 * _quantile(times, 0.5), 1),
            "decision_p95_ms": round(1000 * _quantile(times, 0.95), 1),
            "decision_max_ms": round(1000 * max(times, default=0), 1),
        }
