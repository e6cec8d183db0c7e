"""Clocks as pure functions of a table's clock record, the pending decisions and "now".

The record is a JSON dict on the table row, times as Unix seconds:
  decisions  {seat: {"kind", "started", "deadline"}}  who must decide, and until when
  reserve    {seat: seconds left}                       reserve mode only
  window     {"kind", "at", "waived"}: a timed window (Window in games.contract), when it closes,
             and the seats that said "go on" (a waivable window), or None
  offline    {seat: since}                              seats with no open page
  paused     {"since", "remaining": {seat: s}, "window": s} or None
  resume_at  end of the 10 s countdown after everyone is back, or None
  dropped    seats whose pages went down with their server process (`games.server_drops`)

Nothing here reads a clock or a database: callers pass `now`, and tests pass any time.
"""

from dataclasses import dataclass, field

from games.contract import Decision, TimingTable


@dataclass(frozen=True)
class Timing:
    """A table's clocks: the platform's settings and the game's timing table."""

    mode: str = "strikes"
    strike_seconds: float = 45
    reserve_seconds: float = 60
    offline_strike_seconds: float = 45
    offline_expel_seconds: float = 135
    blip_seconds: float = 3
    resume_seconds: float = 10
    table: TimingTable = field(default_factory=lambda: TimingTable(decisions={}))

    def decision(self, kind: str) -> Decision:
        return self.table.decisions.get(kind) or Decision()

    def limit(self, kind: str) -> float:
        decision = self.decision(kind)
        if self.mode == "strikes":
            return self.strike_seconds if decision.strike_limit is None else decision.strike_limit
        return decision.reserve_limit

    def window_seconds(self, kind: str) -> float:
        return self.table.windows[kind].seconds


def new_clock(timing: Timing, seats: tuple) -> dict:
    return {
        "decisions": {},
        "reserve": {seat: timing.reserve_seconds for seat in seats} if timing.mode == "reserve" else {},
        "window": None,
        "offline": {},
        "paused": None,
        "resume_at": None,
    }


def after_action(clock: dict, pending: dict, action: dict | None, now: float, timing: Timing,
                 window: str | None, survives=lambda seat, action: False) -> dict:
    """The clock after an action (None: the game just started) left `pending` decisions and
    perhaps a timed `window` open; `survives(seat, action)` says whether a seat's running
    decision goes on through the action (the game's rule)."""
    clock = _copy(clock)
    paused = clock["paused"]
    # While paused, a new decision waits with its whole time, as if it began at the pause.
    start = paused["since"] if paused else now
    old = clock["decisions"]
    new = {}
    for seat, kind in pending.items():
        kept = old.get(seat)
        if kept and kept["kind"] == kind and action is not None and survives(seat, action):
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
    old_window = clock.get("window")
    if window is None:
        clock["window"] = None
        if paused:
            paused["window"] = None
    elif paused:
        same = old_window is not None and old_window["kind"] == window
        if paused.get("window") is None or not same:
            paused["window"] = timing.window_seconds(window)
        clock["window"] = {**old_window, "at": None} if same else {"kind": window, "at": None}
    elif old_window is None or old_window["kind"] != window:
        clock["window"] = {"kind": window, "at": now + timing.window_seconds(window)}
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
    window = clock.get("window")
    if window is not None and window["at"] is not None:
        paused["window"] = max(0.0, window["at"] - since)
        clock["window"] = {**window, "at": None}


def went_on(clock: dict, seats) -> dict:
    """These seats said "go on" in the open window."""
    clock = _copy(clock)
    window = clock["window"]
    clock["window"] = {**window, "waived": sorted(set(window.get("waived", ())) | set(seats))}
    return clock


def waived(clock: dict) -> frozenset[str]:
    """The seats that said "go on" in the open window."""
    return frozenset((clock.get("window") or {}).get("waived", ()))


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
    clock["paused"] = {"since": since, "remaining": {}, "window": None}
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
    if paused.get("window") is not None and clock.get("window") is not None:
        clock["window"] = {**clock["window"], "at": now + paused["window"]}
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
    if clock["resume_at"] is not None:
        clock["resume_at"] += seconds
    window = clock.get("window")
    if window is not None and window["at"] is not None:
        clock["window"] = {**window, "at": window["at"] + seconds}
    for seat in clock["offline"]:
        clock["offline"][seat] += seconds
    for dropped in clock["dropped"].values():
        if dropped["back"] is not None:
            dropped["back"] += seconds
    if clock["paused"]:
        clock["paused"]["since"] += seconds
    return clock


def due(clock: dict, now: float, timing: Timing) -> tuple | None:
    """The one thing the server must do now, if any: ("window"|"strike"|"timeout"|
    "offline_strike"|"reserve_out"|"expel"|"pause"|"resume", seat or None). Earliest first.
    "window": the open window closed; "timeout": a decision whose kind has an action of its
    own on expiry (games.contract.Decision.on_expiry) ran out."""
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
        window = clock.get("window")
        if window is not None and window["at"] is not None and now >= window["at"]:
            candidates.append((window["at"], "window", None))
        for seat, decision in clock["decisions"].items():
            if decision["deadline"] is not None and now >= decision["deadline"]:
                if timing.decision(decision["kind"]).on_expiry is not None:
                    kind = "timeout"
                else:
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
        window = clock.get("window")
        if window is not None and window["at"] is not None:
            times.append(window["at"])
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
