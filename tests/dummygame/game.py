"""The dummy game as the platform sees it: two to four seats, individual placements or two
teams (A+C against B+D), a simultaneous decision and a timed window."""

from gamekit.match import expelled_seat, settled_as
from games.commands import version_of
from games.contract import Decision, Outcome, Side, TimingTable, Window
from games.errors import TableError
from games.registry import Game, is_int
from tests.dummygame import bots, engine

SEATS = ("A", "B", "C", "D")


def seats_in_play(options: dict) -> tuple[str, ...]:
    return SEATS[: options.get("players", 2)]


def valid_options(o: dict) -> bool:
    return (is_int(o["players"]) and o["players"] in (2, 4) and is_int(o["target"]) and 1 <= o["target"] <= 9
            and isinstance(o["teams"], bool) and (not o["teams"] or o["players"] == 4))


def timing(options: dict) -> TimingTable:
    return TimingTable(decisions={"pick": Decision(reserve_limit=20)},
                       windows={"raise": Window(seconds=2, action={"type": "close"})})


def pending_decisions(view: dict) -> dict:
    if view["phase"] != "pick":
        return {}
    return {seat: "pick" for seat, done in view["picked"].items() if not done}


def present(context, view, seat) -> None:
    if view is None:
        return
    for row in context["seats"]:
        row["info"].update(picked=view["picked"][row["position"]], strikes=view["strikes"][row["position"]])
    context["scores"] = view["scores"]


def action_for(cmd, frame):
    if cmd == "raise":
        return {"type": "raise"}, version_of(frame)
    try:
        n = int(frame.get("n"))
    except (TypeError, ValueError):
        raise TableError("bad_frame") from None
    return {"type": "pick", "n": n}, None


def outcome(table, view: dict, players: dict, active_seconds: float) -> Outcome:
    end = view.get("end") or {}
    leaver = end.get("seat")
    scores = view["scores"]
    if table.options["teams"]:
        groups = [("A", "C"), ("B", "D")]
    else:
        groups = [(seat,) for seat in seats_in_play(table.options)]
    points = [sum(scores[s] for s in group) for group in groups]
    places = [1 + sum(p > mine for p in points) for mine in points]
    side_of = {seat: i for i, group in enumerate(groups) for seat in group}
    if leaver is not None and settled_as(end) == "abandonment":
        places = [len(groups) if i == side_of[leaver] else 1 for i in range(len(groups))]
    return Outcome(
        game="dummy", game_id=table.pk,
        sides=tuple(Side(players=tuple(players[s].user_id for s in group), place=place, points=p)
                    for group, place, p in zip(groups, places, points)),
        reason=settled_as(end), leaver=side_of[leaver] if leaver else None,
        weight=1.0, progressed=True, rated=bool(table.options.get("rated")), has_bots=table.has_bots,
        expelled=players[expelled_seat(end)].user_id if expelled_seat(end) else None,
    )


DUMMY = Game(
    key="dummy",
    label="Dummy",
    seats=SEATS,
    record_format="dummy-record/1",
    engine=engine,
    bots=bots,
    default_options={"players": 2, "target": 2, "teams": False, "rated": False, "private": False,
                     "clock": "strikes"},
    valid_options=valid_options,
    format_line=lambda options: f"first to {options['target']} rounds",
    engine_options=("players", "target"),
    seats_in_play=seats_in_play,
    rated=True,
    clocks=("strikes", "reserve"),
    table_form="tests.dummygame.forms.DummyForm",
    timing=timing,
    pending_decisions=pending_decisions,
    decision_survives=lambda seat, action: action.get("type") in ("pick", "strike") and action.get("seat") != seat,
    window=lambda view: "raise" if view["window"] else None,
    present=present,
    commands=frozenset({"pick", "raise"}),
    action_for=action_for,
    help_url=lambda code: f"/dummy-rules/#{code}",
    outcome=outcome,
)
