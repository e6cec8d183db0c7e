"""Seats whose pages went down with their daphne process, in the table's clock record, as pure
functions like `games.clocks` (callers pass "now"):

  dropped  {seat: {"since", "back"}}  since: the process's last word; back: when beat first saw
                                      a web process alive again, or None

A dropped seat pauses the game like an outage: its clock and everyone's stop from `since`, and
it gets no offline time. When its page is back (`clocks.connected`) the game resumes with the
usual countdown. A player who does not come back within the rejoin time after the service is
back is offline from the moment they could have been back."""

from games.clocks import _copy, _freeze


def drop(clock: dict, seat: str, since: float) -> dict:
    clock = _copy(clock)
    # An outage shift after `since` has already given that time back to every clock.
    since = max(since, clock.get("outage_until") or since)
    clock["dropped"][seat] = {"since": since, "back": None}
    if clock["paused"] is None:
        clock["paused"] = {"since": since, "remaining": {}, "collect": None}
        _freeze(clock, since)
    clock["resume_at"] = None
    return clock


def service_back(clock: dict, now: float) -> dict:
    """A web process is alive: the dropped seats' players can come back from now on."""
    clock = _copy(clock)
    for dropped in clock["dropped"].values():
        if dropped["back"] is None:
            dropped["back"] = now
    return clock


def overdue(clock: dict, now: float, rejoin_seconds: float) -> list[str]:
    """Dropped seats whose rejoin time after the service was back has run out."""
    return [seat for seat, dropped in clock.get("dropped", {}).items()
            if dropped["back"] is not None and now - dropped["back"] >= rejoin_seconds]


def left(clock: dict, seat: str) -> dict:
    """The dropped seat's player did not come back: offline since the service was back (the game
    stays paused; the offline rules take over)."""
    clock = _copy(clock)
    clock["offline"].setdefault(seat, clock["dropped"].pop(seat)["back"])
    return clock


def outage_shifted(clock: dict, now: float) -> dict:
    """Note when an outage shift gave the time back, so that a drop found later is not paused
    from before it a second time."""
    return {**clock, "outage_until": now}
