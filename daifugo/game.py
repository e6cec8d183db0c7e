"""Daifugo as the platform sees it (games.registry.Game): four or five individuals, played
as practice or in private rooms only — never listed, never rated."""

from django.conf import settings
from django.utils.translation import ngettext
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from daifugo import bots, commands as frames, engine, presenter, review, stats
from daifugo.engine.cards import ALL_SEATS as SEATS, seats_for
from gamekit.match import expelled_seat, settled_as
from games.contract import Decision, Outcome, Side, TimingTable
from games.registry import Game, is_int

def seats_in_play(options: dict) -> tuple[str, ...]:
    return seats_for(options.get("players", 4))


def valid_options(o: dict) -> bool:
    return (
        is_int(o["players"]) and o["players"] in (4, 5)
        and is_int(o["hands"]) and o["hands"] in (4, 8)
        and isinstance(o["revolution"], bool)
    )


def format_line(options: dict) -> str:
    players = ngettext("%(n)s player", "%(n)s players", options["players"]) % {"n": options["players"]}
    hands = ngettext("%(n)s hand", "%(n)s hands", options["hands"]) % {"n": options["hands"]}
    return f"{players} · {hands}"


def timing(options: dict) -> TimingTable:
    decision = Decision(reserve_limit=settings.CLOCK_RESERVE_PLAY_SECONDS)
    return TimingTable(decisions={"play": decision, "exchange": decision})


def pending_decisions(view: dict) -> dict:
    """The give-backs of the exchange (once the forced cards arrived), then the player in turn."""
    if view["phase"] == "exchange":
        return {row["to"]: "exchange" for row in view["exchange"] if row["given"] and not row["returned"]}
    if view["phase"] == "play" and view["turn"] is not None:
        return {view["turn"]: "play"}
    return {}


def outcome(table, view: dict, players: dict, active_seconds: float) -> Outcome:
    totals = view["totals"]
    end = view.get("end") or {}
    leaver = end.get("seat")
    order = list(totals)
    return Outcome(
        game="daifugo",
        game_id=table.pk,
        sides=tuple(Side(players=(players[p].user_id,), points=totals[p],
                         place=1 + sum(t > totals[p] for t in totals.values())) for p in order),
        reason=settled_as(end),
        leaver=order.index(leaver) if leaver else None,
        weight=1.0,
        progressed=True,
        rated=False,
        has_bots=table.has_bots,
        expelled=players[expelled_seat(end)].user_id if expelled_seat(end) else None,
    )


DAIFUGO = Game(
    key="daifugo",
    label=_("Daifugo"),
    seats=SEATS,
    record_format="daifugo-record/1",
    engine=engine,
    bots=bots,
    shuffle=lambda rng, options: engine.shuffled_deal(rng, len(seats_in_play(options))),
    default_options={"players": 4, "hands": 4, "revolution": False, "private": True, "rated": False,
                     "clock": "strikes"},
    valid_options=valid_options,
    format_line=format_line,
    engine_options=("players", "hands", "revolution"),
    seats_in_play=seats_in_play,
    public=False,  # private rooms only, never rated (spec/daifugo.md)
    table_form="daifugo.forms.DaifugoRoomForm",
    timing=timing,
    pending_decisions=pending_decisions,
    present=presenter.present,
    commands=frames.COMMANDS,
    action_for=frames.action_for,
    learn_pages=(("daifugo:rules", pgettext_lazy("learn", "Daifugo rules")),),
    learn_urls="daifugo.urls",
    style_kinds=("card_back", "felt", "face_theme"),
    stylesheets=("cards/table.css", "daifugo/daifugo.css"),
    record_options=lambda record: {"players": record["players"], "hands": record["hands_total"],
                                   "revolution": record["revolution"]},
    clear_labels={"previous": _("Previous trick"), "next": _("Next trick"),
                  "keys": _("Keys: ← → step, Shift+← → trick, ↑ ↓ hand")},
    table_clear=lambda view: not view.get("trick"),  # a trick ends when it clears
    replay_present=lambda context, view: presenter.present(context, view, None),
    review=review.review,
    record_stats=stats.record_stats,
    stat_lines=stats.stat_lines,
    outcome=outcome,
)
