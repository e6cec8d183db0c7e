"""Daifugo as the platform sees it (games.registry.Game): four or five individuals, played
as practice or in private rooms only — never listed, never rated."""

import random

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from daifugo import commands as frames, presenter, review, stats
from gamekit.match import expelled_seat, settled_as
from games.contract import Decision, Outcome, Side, TimingTable
from games.registry import Game, is_int


class Daifugo(Game):
    key = "daifugo"
    label = _("Daifugo")
    stylesheet = "daifugo/daifugo.css"
    engine_module = "daifugo.engine"
    bots_module = "daifugo.bots"
    seats = ("1", "2", "3", "4", "5")
    record_format = "daifugo-record/1"
    default_options = {"players": 4, "hands": 4, "revolution": False, "private": True, "rated": False,
                       "clock": "strikes"}
    engine_options = ("players", "hands", "revolution")
    public = False  # private rooms only, never rated (spec/daifugo.md)
    commands = frames.COMMANDS
    table_form = "daifugo.forms.DaifugoRoomForm"
    learn_urls = "daifugo.urls"
    style_kinds = ("card_back", "felt", "face_theme")
    learn_pages = (("daifugo:rules", pgettext_lazy("learn", "Daifugo rules")),)

    def seats_for(self, options: dict) -> tuple[str, ...]:
        return self.seats[: options.get("players", 4)]

    def deal(self, rng: random.Random, options: dict) -> dict:
        return self.engine.shuffled_deal(rng, len(self.seats_for(options)))

    def valid_options(self, o: dict) -> bool:
        return (
            is_int(o["players"]) and o["players"] in (4, 5)
            and is_int(o["hands"]) and o["hands"] in (4, 8)
            and isinstance(o["revolution"], bool)
        )

    def timing(self, options: dict) -> TimingTable:
        decision = Decision(reserve_limit=settings.CLOCK_RESERVE_PLAY_SECONDS)
        return TimingTable(decisions={"play": decision, "exchange": decision})

    def pending_decisions(self, view: dict) -> dict:
        """The give-backs of the exchange (once the forced cards arrived), then the player in turn."""
        if view["phase"] == "exchange":
            return {row["to"]: "exchange" for row in view["exchange"] if row["given"] and not row["returned"]}
        if view["phase"] == "play" and view["turn"] is not None:
            return {view["turn"]: "play"}
        return {}

    def present(self, context, view, seat) -> None:
        presenter.present(context, view, seat)

    def action_for(self, cmd, frame):
        return frames.action_for(cmd, frame)

    def outcome(self, table, view: dict, players: dict, active_seconds: float) -> Outcome:
        totals = view["totals"]
        end = view.get("end") or {}
        leaver = end.get("seat")
        order = list(totals)
        return Outcome(
            game=self.key,
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

    def record_stats(self, record: dict) -> dict[str, dict[str, int]]:
        return stats.record_stats(record)

    def stat_lines(self, totals: dict, games: int) -> list[tuple[str, str]]:
        return stats.stat_lines(totals, games)

    def record_options(self, record: dict) -> dict:
        return {"players": record["players"], "hands": record["hands_total"], "revolution": record["revolution"]}

    clear_labels = {"previous": _("Previous trick"), "next": _("Next trick"),
                    "keys": _("Keys: ← → step, Shift+← → trick, ↑ ↓ hand")}

    def table_clear(self, view: dict) -> bool:
        return not view.get("trick")  # a trick ends when it clears

    def replay_present(self, context: dict, view: dict) -> None:
        presenter.present(context, view, None)

    reviewable = True

    def review(self, record: dict, seat: str, seed: int, progress=None) -> list[dict]:
        return review.review(record, seat, seed, progress)
