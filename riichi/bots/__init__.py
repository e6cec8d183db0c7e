"""Riichi bots, on their own view only (pure, no Django):

- beginner: wins when it can, otherwise discards the tile that leaves the fewest tiles to
  tenpai (shanten), ties at random; calls only pons of value honours;
- normal: adds acceptance (how many unseen tiles would bring the hand closer), riichi when
  tenpai on a wait with at least two live tiles, and folds against a riichi when far from
  tenpai: the riichi player's own discards first, then suji and honours seen;
- expert: pushes or folds by hand value (dora, red fives, value honours) and distance to
  tenpai against each riichi or well-developed open hand, folds by the waits that could
  still take a tile (the tiles a riichi let pass, suji, kabe; `danger.wait_danger`), and
  calls to speed up a hand that already has a value honour set.
"""

from riichi.bots import tiles as tk
from riichi.bots.danger import danger, passed, wait_danger
from riichi.bots.shanten import shanten


def choose_action(view: dict, strength: str, rng) -> dict | None:
    legal = view.get("legal_actions") or []
    if view.get("phase") != "play" or not legal:
        return None
    by_type = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    for winning in ("tsumo", "ron"):
        if winning in by_type:
            return by_type[winning][0]
    if "nine_terminals" in by_type:
        return by_type["nine_terminals"][0]
    if "pass" in by_type:
        return _answer(view, strength, by_type)
    return _turn(view, strength, by_type, rng)


# --- the call window ---------------------------------------------------------------------

def _answer(view, strength, by_type) -> dict:
    me = int(view["seat"])
    hand = tk.counts(view["hand"])
    opened = len(view["melds"][me])
    now = shanten(hand, opened)
    threatened = _threats(view, me)
    for pon in by_type.get("pon", ()):
        kind = tk.kind(pon["tiles"][0])
        if kind in tk.value_kinds(view, me) and not (strength != "beginner" and threatened and now >= 2):
            return pon
    if strength == "expert" and not threatened and _has_value_set(view, me, hand):
        for call in by_type.get("chi", []) + by_type.get("pon", []):
            after = list(hand)
            used = list(call["tiles"])
            used.remove(view["pending_discard"]["tile"])
            for name in used:
                after[tk.kind(name)] -= 1
            # after the call one tile goes: the best discard's shanten
            best = min(shanten(_minus(after, k), opened + 1) for k in range(34) if after[k])
            if best < now:
                return call
    return by_type["pass"][0]


def _has_value_set(view, me, hand) -> bool:
    values = tk.value_kinds(view, me)
    open_value = any(tk.kind(m["tiles"][0]) in values and m["type"] != "chi" for m in view["melds"][me])
    return open_value or any(hand[k] >= 3 for k in values)


# --- the turn ----------------------------------------------------------------------------

def _turn(view, strength, by_type, rng) -> dict:
    me = int(view["seat"])
    discards = by_type.get("discard", [])
    plain = [a for a in discards if not a.get("riichi")]
    riichi = [a for a in discards if a.get("riichi")]
    hand = tk.counts(view["hand"])
    opened = len(view["melds"][me])
    unseen = tk.unseen(view)
    options = {}
    for action in plain:
        kind = tk.kind(action["tile"])
        if kind in options and not tk.is_red(action["tile"]):
            continue  # a plain five goes before the red one of the same kind
        options[kind] = action
    scored = []
    for kind, action in options.items():
        after = _minus(hand, kind)
        away = shanten(after, opened)
        accept = _acceptance(after, opened, away, unseen) if strength != "beginner" else 0
        scored.append((kind, action, away, accept))
    if not scored:
        return discards[0] if discards else next(iter(by_type.values()))[0]
    if strength == "beginner":
        best = min(s[2] for s in scored)
        return rng.choice([s[1] for s in scored if s[2] == best])
    threats = _threats(view, me)
    now = min(s[2] for s in scored)
    folding = threats and _folds(view, me, strength, hand, now)
    if riichi and not folding:
        choice = _riichi_choice(view, riichi, hand, opened, unseen, strength)
        if choice is not None:
            return choice

    if strength == "expert":
        risk_of = _expert_risk(view, threats, unseen)
    else:
        def risk_of(kind):
            return max((danger(view, seat, kind) for seat in threats), default=0)

    def rank(entry):
        kind, action, away, accept = entry
        risk = risk_of(kind)
        keep = tk.keep_value(view, me, kind, action["tile"], hand)
        if folding:
            return (risk, away, -accept, keep)
        return (away, -accept, keep, risk)
    return min(scored, key=rank)[1]


def _riichi_choice(view, riichi, hand, opened, unseen, strength):
    """The riichi discard with the most live winning tiles, if it waits on at least two."""
    best, best_live = None, 0
    for action in riichi:
        after = _minus(hand, tk.kind(action["tile"]))
        live = sum(unseen[k] for k in range(34) if unseen[k] and shanten(_plus(after, k), opened) == -1)
        if live > best_live:
            best, best_live = action, live
    needed = 2 if strength == "normal" else 1 if view["live_left"] > 12 else 3
    return best if best_live >= needed else None


def _threats(view, me) -> list[int]:
    """The seats to defend against: riichi, and open hands with three calls."""
    return [s for s in range(4) if s != me and (view["riichi"][s] or len(view["melds"][s]) >= 3)]


def _expert_risk(view, threats, unseen):
    """Danger summed over the threats: a riichi is surely tenpai, a dealer pays half again as
    much, an open hand of three calls is often not yet tenpai or cheap."""
    weighted = []
    for seat in threats:
        weight = (1.0 if view["riichi"][seat] else 0.5) * (1.5 if seat == int(view["dealer"]) else 1.0)
        weighted.append((seat, weight, passed(view, seat)))
    return lambda kind: sum(w * wait_danger(view, seat, kind, unseen, safe) for seat, w, safe in weighted)


def _folds(view, me, strength, hand, away) -> bool:
    if strength == "normal":
        return away >= 1
    value = tk.hand_value(view, me, hand)
    if away <= 0:
        return value < 1 and view["live_left"] < 20
    if away == 1:
        return value < 3
    return True


def _acceptance(counts, opened, away, unseen) -> int:
    total = 0
    for kind in tk.neighbours(counts):
        if unseen[kind] and shanten(_plus(counts, kind), opened) < away:
            total += unseen[kind]
    return total


def _minus(counts, kind):
    after = list(counts)
    after[kind] -= 1
    return after


def _plus(counts, kind):
    after = list(counts)
    after[kind] += 1
    return after
