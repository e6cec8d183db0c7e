"""Tichu engine throughput: complete random hands per second and full legal-lead listings
per second. Pure Python, one process. Run: ``.venv/bin/python bench/engine_throughput.py``.

Random hands: a fresh shuffled deal each hand; every pending decision (Grand Tichu, exchange,
play or pass, Dragon gift) is taken by its seat choosing uniformly among
``legal_actions`` — the public API, dicts and card names included; the server's ``collect``
closes each bomb window; the exchange template is filled with 3 random cards. A pick is
``legal[int(rng.random() * len(legal))]``: uniform like ``rng.choice`` (to within 2**-53 of
each action's share) in 0.26-0.30 µs instead of 0.44-0.47 µs here, so that less of the
rate is the players' own.

``--interleaved N`` also measures N such games advanced round-robin, one action at a time
(as a server process serving many tables, or bots interleaving games, uses the engine):
hands per second with the engine's caches shared by all N tables.

Lead listings are measured twice: with the engine's per-hand lead cache warm, and cold
(cache cleared before every listing, so the combinations are found afresh each time).

Rates are per second of this process's CPU time (``time.process_time``), so that other load
on a shared machine distorts them less than wall time would.

``--compare ROOT`` measures this checkout's engine against the one of another checkout
(``git worktree add /tmp/old COMMIT``) in one process, in alternating short samples, so that
both see the same load: random hands as paired chunks (both engines play the same seeded
hands; the same hands as long as both list the same actions in the same order), with
``--interleaved N`` also N interleaved tables as paired chunks of 20,000 actions, cold lead
listings as alternating 0.25 s samples. It prints medians and the median of the paired
ratios; on a shared machine single full runs vary more than the differences between
engine versions.
"""

import argparse
import importlib
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tichu import engine as tichu  # noqa: E402

COLLECT = {"type": "collect"}
LEAD_HAND = ["phoenix", "mahjong", "jade-2", "sword-3", "star-4", "jade-5", "pagoda-5", "sword-6",
             "star-6", "jade-7", "pagoda-7", "sword-10", "star-10", "jade-A"]
BOMB_HAND = ["phoenix", "mahjong", "jade-2", "jade-3", "jade-4", "jade-5", "pagoda-5", "jade-6",
             "star-6", "jade-7", "pagoda-7", "sword-7", "star-7", "jade-A"]


class Bench:
    """The benchmark's players and listings, bound to one engine package (this checkout's,
    or another's for ``--compare``). The hot loops read the engine's functions from the
    closure, as fast as module globals."""

    def __init__(self, engine):
        apply, legal_actions, new_game = engine.apply, engine.legal_actions, engine.new_game
        shuffled_deal = engine.shuffled_deal
        cards = importlib.import_module(engine.__name__ + ".cards")
        legal = importlib.import_module(engine.__name__ + ".legal")
        self.plays = importlib.import_module(engine.__name__ + ".plays")
        legal_plays, play_action = legal.legal_plays, legal.play_action
        CARD_IDS, SEAT_INDEX, SEATS, mask_of = cards.CARD_IDS, cards.SEAT_INDEX, cards.SEATS, cards.mask_of
        self.legal_actions, self.CARD_IDS, self.mask_of = legal_actions, CARD_IDS, mask_of

        def lead_state(names):
            """The first lead of a hand in which South holds exactly ``names`` (with the
            Mahjong). Each seat's last three cards are the ones it receives in the exchange."""
            rest = [n for n in CARD_IDS if n not in names]
            full = {"S": list(names), "E": rest[0:14], "N": rest[14:28], "W": rest[28:42]}

            def given(giver, receiver):
                return full[receiver][-((SEAT_INDEX[giver] - SEAT_INDEX[receiver]) % 4)]

            deal = {s: full[s][:11] + [given(s, o) for o in SEATS if o != s] for s in SEATS}
            state = new_game({"target": 1000}, deal)
            for seat in SEATS:
                state, _ = apply(state, {"seat": seat, "type": "grand", "call": False})
            for seat in SEATS:
                give = {o: given(seat, o) for o in SEATS if o != seat}
                state, _ = apply(state, {"seat": seat, "type": "exchange", "give": give})
            assert state.hands[0] == mask_of(CARD_IDS[n] for n in names) and state.turn == 0
            return state

        def random_listed_action(state, rng) -> dict:
            """The deciding seat's pick among ``legal_actions``, the exchange filled with 3
            random cards."""
            if state.phase == "play":
                seat = SEATS[state.turn if state.gift_by is None else state.gift_by]
            elif state.phase == "grand":
                seat = SEATS[state.grand.index(None)]
            else:
                seat = SEATS[state.exchange.index(None)]
            legal = legal_actions(state, seat)
            action = legal[int(rng.random() * len(legal))]  # uniform, as rng.choice, at less cost
            if action["type"] == "exchange":
                action = {"seat": seat, "type": "exchange",
                          "give": dict(zip(action["to"], rng.sample(action["hand"], 3)))}
            return action

        def random_hand(rng) -> int:
            state = new_game({"target": 1000}, shuffled_deal(rng))
            actions = 0
            while state.phase not in ("hand_over", "game_over"):
                action = COLLECT if state.window else random_listed_action(state, rng)
                state, _ = apply(state, action)
                actions += 1
            return actions

        def random_hand_internal(rng) -> int:
            """The same random players, choosing among the engine's internal play list
            (``legal.legal_plays``: combination tuples plus "may pass") and naming only the
            chosen play's cards, as a bot would."""
            state = new_game({"target": 1000}, shuffled_deal(rng))
            actions = 0
            while state.phase not in ("hand_over", "game_over"):
                if state.window:
                    action = COLLECT
                elif state.phase == "play" and state.gift_by is None:
                    seat = state.turn
                    combos, may_pass = legal_plays(state, seat)
                    pick = int(rng.random() * (len(combos) + may_pass))
                    if pick == len(combos):
                        action = {"seat": SEATS[seat], "type": "pass"}
                    else:
                        action = play_action(SEATS[seat], combos[pick])
                else:
                    action = random_listed_action(state, rng)
                state, _ = apply(state, action)
                actions += 1
            return actions

        def interleaved(tables, rng):
            """``tables`` games of random hands advanced round-robin, one action at a time,
            as a server process serving many tables does (each finished hand is replaced by
            a new game with a fresh deal). Returns ``advance(steps)``: the hands finished
            in those steps. Each table starts a random number of actions into its hand, so
            that the tables do not finish their hands together."""
            states = []
            for _ in range(tables):
                state = new_game({"target": 1000}, shuffled_deal(rng))
                for _ in range(int(rng.random() * 130)):  # about a hand's worth at most
                    state, _ = apply(state, COLLECT if state.window
                                     else random_listed_action(state, rng))
                    if state.phase in ("hand_over", "game_over"):
                        state = new_game({"target": 1000}, shuffled_deal(rng))
                states.append(state)
            at = [0]

            def advance(steps):
                finished = 0
                index = at[0]
                for _ in range(steps):
                    state = states[index]
                    action = COLLECT if state.window else random_listed_action(state, rng)
                    state, _ = apply(state, action)
                    if state.phase in ("hand_over", "game_over"):
                        state = new_game({"target": 1000}, shuffled_deal(rng))
                        finished += 1
                    states[index] = state
                    index = (index + 1) % tables
                at[0] = index
                return finished
            return advance

        self.lead_state = lead_state
        self.random_hand = random_hand
        self.interleaved = interleaved
        self.random_hand_internal = random_hand_internal

    def cold_listing(self, names):
        """One listing of the hand's lead via ``legal_actions``, the lead cache cleared."""
        state = self.lead_state(names)
        leads, legal_actions = self.plays._LEADS, self.legal_actions

        def run():
            leads.clear()
            legal_actions(state, "S")
        return run


def hands_per_second(play, seconds=5.0, seed=1):
    rng = random.Random(seed)
    hands = actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        actions += play(rng)
        hands += 1
    elapsed = time.process_time() - started
    return hands / elapsed, actions / hands


def interleaved_per_second(bench, tables, seconds=5.0, seed=1):
    """Hands per second of ``tables`` games advanced round-robin (``Bench.interleaved``)."""
    advance = bench.interleaved(tables, random.Random(seed))
    hands = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        hands += advance(2_000)
    return hands / (time.process_time() - started)


def _rate(list_once, seconds):
    runs = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        list_once()
        runs += 1
    return runs / (time.process_time() - started)


def listings_per_second(bench, names, seconds=2.0):
    """Listings per second of one hand's lead: (via legal_actions, internal), each once with
    the engine's per-hand lead cache warm (what a table re-rendering a position, or a bot
    revisiting a hand, gets) and once cold (the lead computed afresh every time)."""
    state = bench.lead_state(names)
    count = len(bench.legal_actions(state, "S"))
    hand = bench.mask_of(bench.CARD_IDS[n] for n in names)
    plays = bench.plays

    def cold(list_once):
        def run():
            plays._LEADS.clear()
            list_once()
        return run

    api = lambda: bench.legal_actions(state, "S")  # noqa: E731
    raw = lambda: plays.all_leads(hand)  # noqa: E731
    return {"api warm": _rate(api, seconds), "api cold": _rate(cold(api), seconds),
            "internal warm": _rate(raw, seconds), "internal cold": _rate(cold(raw), seconds),
            "count": count}


_TEMPORARY = []


def other_engine(root):
    """The Tichu engine of another checkout, importable beside this one's: a package
    ``checkout`` in a temporary directory linking to the checkout's ``tichu`` app (or, for a
    revision before the game apps, its ``games``, where the engine was games/engines/tichu)."""
    _TEMPORARY.append(tempfile.TemporaryDirectory(prefix="tichu-compare-"))  # removed at exit
    home = Path(_TEMPORARY[-1].name)
    root = Path(root).resolve()
    (home / "checkout").mkdir()
    (home / "checkout" / "__init__.py").write_text("")
    sys.path.insert(0, str(home))
    if (root / "tichu" / "engine").is_dir():
        (home / "checkout" / "tichu").symlink_to(root / "tichu")
        return importlib.import_module("checkout.tichu.engine")
    (home / "checkout" / "games").symlink_to(root / "games")
    return importlib.import_module("checkout.games.engines.tichu")


def compare(root, rounds=20, hands=60, tables=0):
    """This engine against the one at ``root``, in alternating samples (see the module
    docstring)."""
    benches = {"this": Bench(tichu), "other": Bench(other_engine(root))}
    print(f"Python {sys.version.split()[0]}; this = {ROOT}, other = {root}; {rounds} rounds")
    if tables:
        compare_interleaved(benches, tables, rounds)
    times = {name: [] for name in benches}
    for index in range(rounds):
        order = list(benches) if index % 2 == 0 else list(benches)[::-1]
        for name in order:
            rng = random.Random(index)
            started = time.process_time()
            for _ in range(hands):
                benches[name].random_hand(rng)
            times[name].append(time.process_time() - started)
    _report(f"random hands, legal_actions ({hands} hands a sample)", " hands/s",
            {name: [hands / t for t in spent] for name, spent in times.items()})
    for label, names in (("lead listing", LEAD_HAND), ("lead listing, with bombs", BOMB_HAND)):
        runs = {name: bench.cold_listing(names) for name, bench in benches.items()}
        rates = {name: [] for name in benches}
        for index in range(rounds):
            order = list(benches) if index % 2 == 0 else list(benches)[::-1]
            for name in order:
                rates[name].append(_rate(runs[name], 0.25))
        _report(f"{label} via legal_actions, cold (0.25 s a sample)", "/s", rates)


def compare_interleaved(benches, tables, rounds, steps=20_000):
    """Interleaved tables (``Bench.interleaved``) of both engines in alternating samples of
    ``steps`` actions; both play the same games (same seed, same listings)."""
    advances = {name: bench.interleaved(tables, random.Random(1))
                for name, bench in benches.items()}
    rates = {name: [] for name in benches}
    for index in range(rounds):
        order = list(benches) if index % 2 == 0 else list(benches)[::-1]
        for name in order:
            started = time.process_time()
            finished = advances[name](steps)
            rates[name].append(finished / (time.process_time() - started))
    _report(f"{tables} interleaved tables ({steps:,} actions a sample)", " hands/s", rates)


def _report(label, unit, rates):
    this, other = rates["this"], rates["other"]
    ratio = statistics.median(a / b for a, b in zip(this, other))
    print(f"{label}: this median {statistics.median(this):,.0f}{unit} (best {max(this):,.0f}), "
          f"other median {statistics.median(other):,.0f}{unit} (best {max(other):,.0f}); "
          f"this / other, median of paired samples: {ratio:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", metavar="ROOT",
                        help="measure against the engine of another checkout, alternating")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--interleaved", metavar="N", type=int, default=0,
                        help="also N tables advanced round-robin, one action at a time")
    args = parser.parse_args()
    if args.compare:
        compare(args.compare, args.rounds, tables=args.interleaved)
        return
    bench = Bench(tichu)
    print(f"Python {sys.version.split()[0]}")
    if args.interleaved:
        rate = interleaved_per_second(bench, args.interleaved)
        print(f"{args.interleaved} interleaved tables, legal_actions: {rate:,.0f} hands/s")
    rate, per_hand = hands_per_second(bench.random_hand)
    print(f"random hands, legal_actions: {rate:,.0f} hands/s ({per_hand:.0f} actions per hand)")
    rate, per_hand = hands_per_second(bench.random_hand_internal)
    print(f"random hands, legal_plays: {rate:,.0f} hands/s ({per_hand:.0f} actions per hand)")
    for label, names in (("lead listing", LEAD_HAND), ("lead listing, with bombs", BOMB_HAND)):
        r = listings_per_second(bench, names)
        print(f"{label} ({r['count']} actions): via legal_actions {r['api cold']:,.0f}/s cold, "
              f"{r['api warm']:,.0f}/s warm; internal {r['internal cold']:,.0f}/s cold, "
              f"{r['internal warm']:,.0f}/s warm")


if __name__ == "__main__":
    main()
