"""Tichu bots against an outside heuristic bot, duplicate hands (issue 39): one of our bots
against frohlfing/tichu's ``HeuristicAgent`` (src/players/heuristic_agent.py).

Each deal is played twice, our bot at North/South and then at East/West, so that the cards
cancel out; every hand is a fresh game. A hand is won by the side with the higher hand score
(a tie counts half). Intervals are 95 % normal intervals over the deal pairs. Reported per
side: calls and how many succeeded, the share of hands it went out first, the wall-clock
time of its decisions (median, p95, max), and for our bot the share of its decisions that
reached its deadline (by wall time, and by the decision's CPU time alone: on a loaded machine
the difference is the wait for a core).

    nice -n 10 .venv/bin/python bench/tichu_vs_heuristic.py --root PATH --ours expert --deals 50

``PATH`` is a checkout of https://github.com/frohlfing/tichu holding the agent and what it
imports; nothing of it is part of this repository. bench/HISTORY.md ("The Tichu expert against
frohlfing/tichu's heuristic agent") names the files, their commits and the stand-ins: no stored
commit of that repository has an agent and a probability module that fit each other (its
``calc_statistic`` is an unfinished stub returning zeros), so the agent plays with zero
statistics, which is what its own stub gives it — its rules (shortest partition, partner
play, bomb rules, Dog early, schupf and wish rules) decide; its Tichu calls never reach the
quality threshold.

The agent sees only its seat's ``view`` (tichu.engine), translated into its ``PublicState`` and
``PrivateState``; its answer is translated back into one of the view's legal actions:

* Grand Tichu: its ``announce(grand=True)``; a small Tichu: its ``announce()`` once before the
  exchange and once at its first turn with 14 cards (where its own engine asks).
* exchange: its ``schupf`` (right opponent, partner, left opponent).
* play: its ``play`` over the action space its own ``build_action_space`` lists from the
  translated state; the chosen cards name our legal play with the same cards (a pass, if
  empty), and its ``wish`` gives the Mahjong's wish. Should no legal action carry those cards
  (the rules engines disagree), it passes if it may and else plays our first legal play;
  such fallbacks are counted and reported.
* Dragon gift: its ``give_dragon_away``.
* bombs out of turn (simplification): never; its ``play`` of this commit is asked only on its
  turn (bombs it plays there are its own choice).

Our bot's deadline (tichu.bots.expert: ``max(DEADLINE_FACTOR * budget, MIN_DEADLINE)`` from the
start of ``choose``) cuts its searches; a decision counts as having hit it when its wall time
reaches that span. Counted decisions: those the game waits for (``must_decide``) and
out-of-turn bomb chances (a search may run there).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tichu.engine.cards import CARD_NAMES, RANK_NAMES, RANK_VALUES, SEAT_INDEX, SEATS  # noqa: E402

from outside_match import cli, run_match  # noqa: E402

SUIT_LETTERS = {"jade": "G", "sword": "S", "pagoda": "B", "star": "R"}
RANK_LETTERS = {"10": "Z", "J": "B", "Q": "D", "K": "K", "A": "A"}
SPECIAL_LABELS = {"dog": "Hu", "mahjong": "Ma", "dragon": "Dr", "phoenix": "Ph"}


def _label(name):
    if name in SPECIAL_LABELS:
        return SPECIAL_LABELS[name]
    suit, rank = name.split("-")
    return SUIT_LETTERS[suit] + RANK_LETTERS.get(rank, rank)


def _finish(coroutine):
    """The agent's methods are coroutines that never wait: run one to its value."""
    try:
        coroutine.send(None)
    except StopIteration as stop:
        return stop.value
    raise RuntimeError("the agent waited")


class Reference:
    """The checkout's agent and state classes, and the card translation both ways."""

    def __init__(self, root):
        sys.path.insert(0, str(Path(root).resolve()))
        from src import config
        config.LOG_LEVEL = "WARNING"
        import heuristic_shim  # noqa: F401 (names the agent imports)
        from src.lib.cards import parse_card, sum_card_points
        from src.lib.combinations import build_action_space, get_combination
        from src.players.heuristic_agent import HeuristicAgent
        from src.private_state import PrivateState
        from src.public_state import PublicState
        self.agent_class, self.public, self.private = HeuristicAgent, PublicState, PrivateState
        self.build_action_space, self.get_combination = build_action_space, get_combination
        self.points = sum_card_points
        self.to_theirs = {name: parse_card(_label(name)) for name in CARD_NAMES.values()}
        self.to_ours = {card: name for name, card in self.to_theirs.items()}
        assert len(self.to_ours) == 56

    def cards(self, names):
        return [self.to_theirs[name] for name in names]


class HeuristicSeat:
    """One seat's agent for one hand; sees that seat's view and nothing else."""

    def __init__(self, ref, seed):
        self.ref = ref
        self.agent = ref.agent_class(seed=seed)
        self.asked_tichu = set()  # the moments its small Tichu was asked: "exchange", "play"
        self.fallbacks = 0

    def states(self, seen):
        ref = self.ref
        me = SEAT_INDEX[seen["seat"]]
        pub = ref.public(table_name="bench", player_names=list(SEATS))
        priv = ref.private(player_index=me)
        priv.hand_cards = sorted(ref.cards(seen["hand"]), reverse=True)
        if seen.get("exchange"):
            priv.given_schupf_cards = tuple(ref.to_theirs[seen["exchange"][SEATS[(me + k) % 4]]]
                                            for k in (1, 2, 3))
        if seen.get("received"):
            priv.received_schupf_cards = tuple(ref.to_theirs[seen["received"][SEATS[(me + k) % 4]]]
                                               for k in (1, 2, 3))
        pub.count_hand_cards = [seen["hand_counts"][s] for s in SEATS]
        pub.announcements = [{"tichu": 1, "grand": 2}.get(seen["calls"][s], 0) for s in SEATS]
        pub.played_cards = [card for s in SEATS for card in ref.cards(seen["played"][s])]
        pub.current_turn_index = SEAT_INDEX[seen["turn"]] if seen["turn"] else -1
        if seen.get("mahjong_holder"):
            pub.start_player_index = SEAT_INDEX[seen["mahjong_holder"]]
        elif seen["phase"] == "play":
            # after the first lead the view no longer says who held the Mahjong; the agent only
            # asks whether the start player is known
            pub.start_player_index = next((SEAT_INDEX[s] for s in SEATS if "mahjong" in seen["played"][s]), me)
        wish = seen.get("wish")
        pub.wish_value = RANK_VALUES[wish] if wish else 0
        value = 0
        points = 0
        for entry in seen["trick"]:
            cards = ref.cards(entry["cards"])
            points += ref.points(cards)
            combination = ref.get_combination(list(cards), value)
            value = combination[2]
            pub.trick_combination = combination
            pub.trick_owner_index = SEAT_INDEX[entry["seat"]]
            pub.trick_cards = cards
        pub.trick_points = points
        pub.winner_index = SEAT_INDEX[seen["out"][0]] if seen["out"] else -1
        return pub, priv

    def choose(self, seen):
        legal = seen["legal_actions"]
        kinds = {a["type"] for a in legal}
        seat = seen["seat"]
        if "grand" in kinds:
            pub, priv = self.states(seen)
            return {"seat": seat, "type": "grand", "call": bool(_finish(self.agent.announce(pub, priv, grand=True)))}
        if "gift" in kinds:
            pub, priv = self.states(seen)
            return {"seat": seat, "type": "gift", "to": SEATS[_finish(self.agent.give_dragon_away(pub, priv))]}
        my_turn = seen["turn"] == seat and kinds & {"play", "pass"}
        moment = "exchange" if "exchange" in kinds else "play" if my_turn and len(seen["hand"]) == 14 else None
        if "tichu" in kinds and moment and moment not in self.asked_tichu:
            self.asked_tichu.add(moment)
            pub, priv = self.states(seen)
            if _finish(self.agent.announce(pub, priv)):
                return {"seat": seat, "type": "tichu"}
        if "exchange" in kinds:
            pub, priv = self.states(seen)
            me = SEAT_INDEX[seat]
            gives = _finish(self.agent.schupf(pub, priv))
            return {"seat": seat, "type": "exchange",
                    "give": {SEATS[(me + k) % 4]: self.ref.to_ours[card] for k, card in zip((1, 2, 3), gives)}}
        if not my_turn:
            return None  # bombs out of turn: never (see the docstring)
        return self.play(seen, legal)

    def play(self, seen, legal):
        ref = self.ref
        pub, priv = self.states(seen)
        space = ref.build_action_space(priv.combinations, pub.trick_combination, pub.wish_value)
        cards, combination = _finish(self.agent.play(pub, priv, space))
        names = {ref.to_ours[card] for card in cards}
        if not names:
            found = next((a for a in legal if a["type"] == "pass"), None)
        else:
            found = next((a for a in legal if a["type"] == "play" and set(a["cards"]) == names), None)
        if found is None:
            self.fallbacks += 1
            found = next((a for a in legal if a["type"] == "pass"), None) or next(a for a in legal if a["type"] == "play")
            return found
        if "mahjong" in names:
            pub.trick_combination = combination
            pub.played_cards = pub.played_cards + list(cards)
            priv.hand_cards = [card for card in priv.hand_cards if card not in cards]
            if priv.given_schupf_cards is not None:
                found = {**found, "wish": RANK_NAMES[_finish(self.agent.wish(pub, priv))]}
        return found


def run(root, strength, deals, budget, seed, progress):
    ref = Reference(root)
    return run_match(strength, deals, budget, seed, progress, name="heuristic",
                     outside=lambda seat, rng: HeuristicSeat(ref, rng.randrange(2**31)))


if __name__ == "__main__":
    cli(run, __doc__, 'a checkout of frohlfing/tichu with the heuristic agent')
