"""Tichu's clocks: its decisions (the Grand Tichu question, the exchange, a play, the
Dragon's gift) and the bomb window after everyone passed, read from the public view."""

from django.conf import settings

from games.contract import Decision, TimingTable, Window


def timing(options: dict) -> TimingTable:
    play = Decision(reserve_limit=settings.CLOCK_RESERVE_PLAY_SECONDS)
    return TimingTable(
        decisions={
            "grand": play,
            "play": play,
            "exchange": Decision(reserve_limit=settings.CLOCK_RESERVE_EXCHANGE_SECONDS),
            "gift": Decision(reserve_limit=settings.CLOCK_RESERVE_GIFT_SECONDS),
        },
        # The seed rule: after all passed, anyone may still bomb for a few seconds; then the
        # server collects the trick, sooner once everyone who could bomb said "go on".
        windows={"bomb": Window(seconds=options["bomb_window"], action={"type": "collect"}, waivable=True)},
    )


def pending_decisions(view: dict) -> dict:
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


def decision_survives(seat: str, action: dict) -> bool:
    """Calls, and other seats' simultaneous choices or strikes, leave a seat's clock running;
    anything that moves the play starts a new one."""
    kind = action.get("type")
    if kind == "tichu":
        return True
    return kind in ("grand", "exchange", "strike") and action.get("seat") != seat


def window(view: dict) -> str | None:
    return "bomb" if view.get("bomb_window") else None


def window_waivers(view: dict) -> frozenset[str]:
    """Who may still bomb the trick on the table: everyone holding cards but its top player."""
    if not view.get("bomb_window"):
        return frozenset()
    top = view["trick"][-1]["seat"]
    return frozenset(seat for seat, count in view["hand_counts"].items() if count and seat != top)
