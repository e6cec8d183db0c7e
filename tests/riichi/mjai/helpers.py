"""What the mjai tests share: random matches of the engine that call, kan, riichi and win
often, a tracker that rebuilds a seat's table from its mjai events alone, and our legal
actions spelled as mjai answers."""

from collections import Counter

from riichi import engine
from riichi.bots import choose_action
from riichi.mjai import to_mjai

RED = {"0m": "5mr", "0p": "5pr", "0s": "5sr"}


def deal_with(rng, wanted: dict) -> dict:
    """A shuffled wall with each seat's wanted tiles (``{seat: [tile, ...]}``) swapped into
    its start hand."""
    deal = engine.shuffled_deal(rng)
    for seat, tiles in wanted.items():
        hand = deal["haipai"][str(seat)]
        keep = Counter()
        for tile in tiles:
            keep[tile] += 1
            if hand.count(tile) >= keep[tile]:
                continue
            slot = next(i for i, t in enumerate(hand) if keep[t] < hand[:i + 1].count(t) or t not in tiles)
            for key in ("haipai", "draws", "dora_indicators", "ura_indicators", "rinshan"):
                places = [h for s, h in deal["haipai"].items() if s not in map(str, wanted)] if key == "haipai" else [deal[key]]
                where = next((p for p in places if tile in p), None)
                if where is not None:
                    where[where.index(tile)], hand[slot] = hand[slot], tile
                    break
    return deal


def planted_deal(rng, seat):
    """A shuffled wall with every red five in ``seat``'s start hand, hidden from the other
    seats until played."""
    return deal_with(rng, {seat: list(RED)})


def eager_choice(state, seat, rng):
    """A win or riichi whenever there is one, calls and kans often, otherwise the normal bot's
    discard (so that hands get somewhere) or any legal action."""
    legal = engine.legal_actions(state, seat)
    for wanted in ("ron", "tsumo"):
        if rng.random() < 0.9:
            wins = [a for a in legal if a["type"] == wanted]
            if wins:
                return wins[0]
    special = [a for a in legal if a["type"] not in ("discard", "pass", "ron", "tsumo") or a.get("riichi")]
    if special and rng.random() < 0.6:
        return rng.choice(special)
    if rng.random() < 0.7:
        return choose_action(engine.view(state, seat), "normal", rng)
    return rng.choice(legal)


def random_match(rng, planted_in=None, rounds=3):
    """(state, events) pairs of a match, from its start to its end or ``rounds`` rounds."""
    deal = (lambda: planted_deal(rng, planted_in)) if planted_in is not None else (lambda: engine.shuffled_deal(rng))
    state = engine.new_game({"length": "east"}, deal())
    yield state
    while True:
        if state.phase == "game_over" or len(state.results) >= rounds:
            return
        if state.phase == "round_over":
            state = engine.next_hand(state, deal())
        else:
            seat = next(s for s in range(4) if engine.legal_actions(state, s))
            state, _ = engine.apply(state, eager_choice(state, seat, rng))
        yield state


def hidden_reds(state, seat) -> set:
    """The red fives ``seat`` may not know of: in another seat's concealed hand (a winner's is
    shown at the round's end) or still in the wall."""
    shown = set()
    if state.phase != "play" and state.last_result and state.last_result.get("revealed"):
        shown = set(state.last_result["revealed"]["hands"])
    tiles = [t for other in range(4) if other != seat and str(other) not in shown
             for t in engine.view(state, other)["hand"]]
    if state.phase == "play":
        tiles += state.deal["draws"][state.draw_pos:] + state.deal["rinshan"][state.kans:]
    return {RED[t] for t in tiles if t in RED}


def tiles_named(event) -> set:
    found = set()
    for value in event.values():
        for item in value if isinstance(value, list) else [value]:
            for tile in item if isinstance(item, list) else [item]:
                if isinstance(tile, str):
                    found.add(tile)
    return found


def as_answer(action, view) -> tuple[dict, bool]:
    """Our legal action as an mjai bot would answer it, and whether it declared reach first."""
    me = view["seat"]
    kind = action["type"]
    if kind == "discard":
        return {"type": "dahai", "actor": me, "pai": to_mjai(action["tile"])}, bool(action.get("riichi"))
    if kind in ("tsumo", "ron"):
        return {"type": "hora", "actor": me}, False
    if kind == "pass":
        return {"type": "none"}, False
    if kind == "nine_terminals":
        return {"type": "ryukyoku", "actor": me}, False
    tiles = [to_mjai(t) for t in action["tiles"]]
    if kind in ("chi", "pon") or action.get("kind") == "open":
        called = to_mjai(view["pending_discard"]["tile"])
        tiles.remove(called)
        mjai_type = "daiminkan" if kind == "kan" else kind
        return {"type": mjai_type, "actor": me, "pai": called, "consumed": tiles}, False
    if action["kind"] == "closed":
        return {"type": "ankan", "actor": me, "consumed": tiles}, False
    pon = next(m for m in view["melds"][me] if m["type"] == "pon" and not Counter(m["tiles"]) - Counter(action["tiles"]))
    consumed = [to_mjai(t) for t in pon["tiles"]]
    for t in consumed:
        tiles.remove(t)
    return {"type": "kakan", "actor": me, "pai": tiles[0], "consumed": consumed}, False


class Tracker:
    """A seat's table rebuilt from its mjai events alone, compared with its view."""

    def __init__(self):
        self.me = None
        self._new_round()

    def _new_round(self):
        self.hand = Counter()
        self.rivers = [[] for _ in range(4)]
        self.melds = [[] for _ in range(4)]
        self.counts = [0] * 4
        self.dora = []
        self.scores = None
        self.reached = [False] * 4

    def feed(self, event):
        kind = event["type"]
        actor = event.get("actor")
        if kind == "start_game":
            self.me = event["id"]
        elif kind == "start_kyoku":
            self._new_round()
            self.hand = Counter(event["tehais"][self.me])
            self.counts = [13] * 4
            self.dora = [event["dora_marker"]]
            self.scores = list(event["scores"])
        elif kind == "tsumo":
            self.counts[actor] += 1
            if actor == self.me:
                self.hand[event["pai"]] += 1
        elif kind == "dahai":
            self.counts[actor] -= 1
            self.rivers[actor].append((event["pai"], event["tsumogiri"]))
            if actor == self.me:
                self._take(event["pai"])
        elif kind == "reach":
            self.reached[actor] = True
        elif kind == "reach_accepted":
            self.scores[actor] -= 1000
        elif kind == "dora":
            self.dora.append(event["dora_marker"])
        elif kind in ("chi", "pon", "daiminkan", "ankan"):
            self.counts[actor] -= len(event["consumed"])
            self.melds[actor].append(sorted(event["consumed"] + ([event["pai"]] if "pai" in event else [])))
            if actor == self.me:
                for t in event["consumed"]:
                    self._take(t)
        elif kind == "kakan":
            self.counts[actor] -= 1
            pon = sorted(event["consumed"])
            at = self.melds[actor].index(pon)
            self.melds[actor][at] = sorted(pon + [event["pai"]])
            if actor == self.me:
                self._take(event["pai"])

    def _take(self, tile):
        assert self.hand[tile] > 0, f"the bot was told it played {tile} it does not hold"
        self.hand[tile] -= 1

    def check(self, view):
        assert +self.hand == Counter(to_mjai(t) for t in view["hand"])
        assert self.counts == view["hand_counts"]
        assert self.rivers == [[(to_mjai(e["tile"]), e["tsumogiri"]) for e in river] for river in view["rivers"]]
        assert self.melds == _melds_told(view)
        assert self.dora == [to_mjai(t) for t in view["dora_indicators"]]
        assert self.reached == view["riichi"]
        if view["phase"] == "play":
            assert self.scores == view["scores"]


def _melds_told(view) -> list:
    """The melds as the events have told them: an added kan whose tile may still be robbed
    (chankan) is told when declared, while the view shows its pon until nobody robbed it."""
    melds = [[sorted(to_mjai(t) for t in m["tiles"]) for m in seat] for seat in view["melds"]]
    pending = view.get("pending_discard")
    if pending and pending["kind"] == "chankan":
        actor, added = pending["from"], to_mjai(pending["tile"])
        kind = added.rstrip("r")
        at = next(n for n, m in enumerate(melds[actor]) if len(m) == 3 and {t.rstrip("r") for t in m} == {kind})
        melds[actor][at] = sorted(melds[actor][at] + [added])
    return melds
