"""Clocks as pure functions of a table's clock record, the pending decisions and "now".

The record is a JSON dict on the table row, times as Unix seconds:
  decisions  {seat: {"kind", "started", "deadline"}}  who must decide, and until when
  reserve    {seat: seconds left}                       reserve mode only
  collect_at time the bomb window closes, or None
  offline    {seat: since}                              seats with no open page
  paused     {"since", "remaining": {seat: s}, "collect": s} or None
  resume_at  end of the 10 s countdown after everyone is back, or None
  dropped    seats whose pages went down with their server process (`games.server_drops`)

Nothing here reads a clock or a database: callers pass `now`, and tests pass any time.
"""

from dataclasses import dataclass, field

@dataclass(frozen=True)
class Timing:
    mode: str = "strikes"
    strike_seconds: float = 45
    limits: dict = field(default_factory=lambda: {"play": 30, "grand": 30, "exchange": 45, "gift": 20})
    reserve_seconds: float = 60
    bomb_window: float = 3
    offline_strike_seconds: float = 45
    offline_expel_seconds: float = 135
    blip_seconds: float = 3
    resume_seconds: float = 10

    def limit(self, kind: str) -> float:
        return self.strike_seconds if self.mode == "strikes" else self.limits[kind]


def pending_tichu(view: dict) -> dict:
    """Whose decision the Tichu table waits for, read from the public view."""
    phase = view["phase"]
    if phase == "grand":
        return {seat: "grand" for seat, done in view["grand_decided"].items() if not done}
    if phase == "exchange":
        return {seat: "exchange" for seat, done in view["exchange_chosen"].items() if not done}
    if phase != "play":
        return {}
    if view["gift_by"]:
        return {view["gift_by"]: "gift"}
    if view["bomb_window"] or view["turn"] is None:
        return {}
    return {view["turn"]: "play"}


def pending_daifugo(view: dict) -> dict:
    """Whose decision a Daifugo table waits for: the give-backs of the exchange (once the
    forced cards arrived), then the player in turn."""
    if view["phase"] == "exchange":
        return {row["to"]: "exchange" for row in view["exchange"] if row["given"] and not row["returned"]}
    if view["phase"] == "play" and view["turn"] is not None:
        return {view["turn"]: "play"}
    return {}


def new_clock(timing: Timing, seats: tuple) -> dict:
    return {
        "decisions": {},
        "reserve": {seat: timing.reserve_seconds for seat in seats} if timing.mode == "reserve" else {},
        "collect_at": None,
        "offline": {},
        "paused": None,
        "resume_at": None,
    }


def _persists(seat: str, action: dict) -> bool:
    """Does `seat`'s pending decision survive `action`? Calls, and other seats' simultaneous
    choices or strikes, leave it running; anything that moves the play starts a new one."""
    kind = action.get("type")
    if kind == "tichu":
        return True
    return kind in ("grand", "exchange", "strike") and action.get("seat") != seat


def after_action(clock: dict, pending: dict, action: dict | None, now: float, timing: Timing,
                 window: bool) -> dict:
    """The clock after an action (None: the game just started) left `pending` decisions."""
    clock = _copy(clock)
    paused = clock["paused"]
    # While paused, a new decision waits with its whole time, as if it began at the pause.
    start = paused["since"] if paused else now
    old = clock["decisions"]
    new = {}
    for seat, kind in pending.items():
        kept = old.get(seat)
        if kept and kept["kind"] == kind and action is not None and _persists(seat, action):
            new[seat] = kept
            continue
        new[seat] = {"kind": kind, "started": start,
                     "deadline": start + timing.limit(kind) + clock["reserve"].get(seat, 0)}
        if paused:
            paused["remaining"][seat] = new[seat]["deadline"] - start
            new[seat]["deadline"] = None
    for seat, decision in old.items():
        if new.get(seat) is not decision:
            _charge_reserve(clock, seat, decision, now, timing)
            if paused and new.get(seat) is None:
                paused["remaining"].pop(seat, None)
    clock["decisions"] = new
    if not window:
        clock["collect_at"] = None
        if paused:
            paused["collect"] = None
    elif paused:
        paused["collect"] = paused["collect"] if paused["collect"] is not None else timing.bomb_window
    elif clock["collect_at"] is None:
        clock["collect_at"] = now + timing.bomb_window
    return clock


def _charge_reserve(clock: dict, seat: str, decision: dict, now: float, timing: Timing) -> None:
    if seat in clock["reserve"] and decision["deadline"] is not None:
        over = now - decision["started"] - timing.limit(decision["kind"])
        clock["reserve"][seat] = max(0.0, clock["reserve"][seat] - max(0.0, over))


def _freeze(clock: dict, since: float) -> None:
    """Stop every running deadline at `since`, keeping what was left of it."""
    paused = clock["paused"]
    for seat, decision in clock["decisions"].items():
        if decision["deadline"] is not None:
            paused["remaining"][seat] = max(0.0, decision["deadline"] - max(since, decision["started"]))
            decision["deadline"] = None
    if clock["collect_at"] is not None:
        paused["collect"] = max(0.0, clock["collect_at"] - since)
        clock["collect_at"] = None


def disconnected(clock: dict, seat: str, now: float) -> dict:
    clock = _copy(clock)
    clock["offline"].setdefault(seat, now)
    return clock


def connected(clock: dict, seat: str, now: float, timing: Timing) -> dict:
    clock = _copy(clock)
    clock["offline"].pop(seat, None)
    clock["dropped"].pop(seat, None)
    if clock["paused"] and not clock["offline"] and not clock["dropped"]:
        clock["resume_at"] = now + timing.resume_seconds
    return clock


def pause(clock: dict, timing: Timing) -> dict:
    """The game stops from the moment the first player went offline."""
    clock = _copy(clock)
    since = min(clock["offline"].values())
    clock["paused"] = {"since": since, "remaining": {}, "collect": None}
    clock["resume_at"] = None
    _freeze(clock, since)
    return clock


def resume(clock: dict, now: float, timing: Timing) -> dict:
    """Everyone is back and the countdown is over: every clock goes on with what it had left."""
    clock = _copy(clock)
    paused = clock["paused"]
    for seat, left in paused["remaining"].items():
        decision = clock["decisions"].get(seat)
        if decision is not None:
            # Moving the start keeps reserve accounting exact: the pause used no time.
            decision["started"] += now - paused["since"]
            decision["deadline"] = now + left
    if paused["collect"] is not None:
        clock["collect_at"] = now + paused["collect"]
    clock["paused"] = None
    clock["resume_at"] = None
    return clock


def shift(clock: dict, seconds: float) -> dict:
    """An outage of the service itself: every running time moves on by the gap."""
    clock = _copy(clock)
    for decision in clock["decisions"].values():
        decision["started"] += seconds
        if decision["deadline"] is not None:
            decision["deadline"] += seconds
    for key in ("collect_at", "resume_at"):
        if clock[key] is not None:
            clock[key] += seconds
    for seat in clock["offline"]:
        clock["offline"][seat] += seconds
    for dropped in clock["dropped"].values():
        if dropped["back"] is not None:
            dropped["back"] += seconds
    if clock["paused"]:
        clock["paused"]["since"] += seconds
    return clock


def due(clock: dict, now: float, timing: Timing) -> tuple | None:
    """The one thing the server must do now, if any: ("collect"|"strike"|"offline_strike"|
    "reserve_out"|"expel"|"pause"|"resume", seat or None). Earliest first."""
    candidates = []
    for seat, since in clock["offline"].items():
        offline_for = now - since
        if offline_for >= timing.offline_expel_seconds:
            candidates.append((since + timing.offline_expel_seconds, "expel", seat))
        else:
            owed = int(offline_for // timing.offline_strike_seconds)
            given = clock.get("offline_strikes", {}).get(seat, 0)
            if owed > given:
                candidates.append((since + (given + 1) * timing.offline_strike_seconds, "offline_strike", seat))
        if not clock["paused"] and offline_for >= timing.blip_seconds:
            candidates.append((since + timing.blip_seconds, "pause", None))
    if clock["paused"]:
        if clock["resume_at"] is not None and now >= clock["resume_at"]:
            candidates.append((clock["resume_at"], "resume", None))
    else:
        if clock["collect_at"] is not None and now >= clock["collect_at"]:
            candidates.append((clock["collect_at"], "collect", None))
        for seat, decision in clock["decisions"].items():
            if decision["deadline"] is not None and now >= decision["deadline"]:
                kind = "strike" if timing.mode == "strikes" else "reserve_out"
                candidates.append((decision["deadline"], kind, seat))
    if not candidates:
        return None
    _, kind, seat = min(candidates, key=lambda c: (c[0], c[1]))
    return kind, seat


def next_deadline(clock: dict, timing: Timing) -> float | None:
    """When `due` will next have something to say (for beat's index and the precise task)."""
    times = []
    for seat, since in clock["offline"].items():
        given = clock.get("offline_strikes", {}).get(seat, 0)
        times.append(min(since + (given + 1) * timing.offline_strike_seconds, since + timing.offline_expel_seconds))
        if not clock["paused"]:
            times.append(since + timing.blip_seconds)
    if clock["paused"]:
        if clock["resume_at"] is not None:
            times.append(clock["resume_at"])
    else:
        if clock["collect_at"] is not None:
            times.append(clock["collect_at"])
        times += [d["deadline"] for d in clock["decisions"].values() if d["deadline"] is not None]
    return min(times) if times else None


def note_offline_strike(clock: dict, seat: str) -> dict:
    clock = _copy(clock)
    strikes = clock.setdefault("offline_strikes", {})
    strikes[seat] = strikes.get(seat, 0) + 1
    return clock


def _copy(clock: dict) -> dict:
    return {
        **clock,
        "decisions": {s: dict(d) for s, d in clock["decisions"].items()},
        "reserve": dict(clock["reserve"]),
        "offline": dict(clock["offline"]),
        "offline_strikes": dict(clock.get("offline_strikes", {})),
        "dropped": {s: dict(d) for s, d in clock.get("dropped", {}).items()},
        "paused": None if clock["paused"] is None else {
            **clock["paused"], "remaining": dict(clock["paused"]["remaining"])},
    }
