"""Riichi Mahjong as the platform sees it (games.registry.Game): four individuals, seats
"0" (the first dealer, East 1) to "3" counter-clockwise, rated when the table says so."""

import json
import random

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.registry import Game, is_int
from riichi import commands as frames, operator_bots, outcome, presenter, replay, review, stats, timing, toggles
from riichi.faq import help_url
from riichi.forms import UMA_CHOICES
from riichi.ranks import RiichiLadder

RULE_FLAGS = ("red_fives", "kuitan", "double_ron", "double_yakuman", "kiriage", "tobi")


class Riichi(Game):
    key = "riichi"
    label = _("Riichi Mahjong")
    stylesheet = "riichi/riichi.css"
    engine_module = "riichi.table_engine"
    bots_module = "riichi.bots"
    seats = ("0", "1", "2", "3")
    record_format = "riichi-record/1"
    # tenhou.net/6 JSON: what Tenhou's viewer and the review tools (mjai-reviewer, ...) read
    record_exports = {"tenhou": "riichi.tenhou.export_tenhou"}
    default_options = {"length": "hanchan", "red_fives": True, "kuitan": True, "double_ron": True,
                       "double_yakuman": False, "kiriage": False, "uma": [15, 5, -5, -15], "tobi": True,
                       "rated": True, "private": False, "clock": "strikes", "min_rank": 0}
    engine_options = ("length",) + RULE_FLAGS + ("uma",)
    rated = True
    # Strikes only: a call window of a few seconds has no sensible reserve clock.
    clocks = ("strikes",)
    rank_ladder = RiichiLadder()
    commands = frames.COMMANDS
    table_form = "riichi.forms.RiichiTableForm"
    learn_urls = "riichi.urls"
    style_kinds = ("tile_back", "felt")
    styles_module = "riichi.styles"
    # Only the seat that may call a discard sees its call clock: it would say who could call.
    private_decisions = frozenset({"call"})
    learn_pages = (
        ("riichi:rules", pgettext_lazy("learn", "Riichi rules")),
        ("riichi:yaku", pgettext_lazy("learn", "Yaku list")),
        ("riichi:scoring", pgettext_lazy("learn", "Scoring table")),
        ("riichi:options", pgettext_lazy("learn", "Table options")),
        ("riichi:ranks", pgettext_lazy("learn", "Ranks")),
    )

    def deal(self, rng: random.Random, options: dict) -> dict:
        return self.engine.shuffled_deal(rng, options["red_fives"])

    def own_bots(self) -> tuple[str, ...]:
        return tuple(operator_bots.configured())

    def bot_decision(self, state, seat: str, bot: str, rng: random.Random) -> dict | None:
        if bot not in operator_bots.configured():
            return super().bot_decision(state, seat, bot, rng)
        # The match is named by its first deal, which no other match shares.
        first = state.game.log[0] if state.game.log else state.game.deal
        match = json.dumps(first["haipai"], sort_keys=True)
        return operator_bots.decide(bot, match, state.game, int(seat))

    def valid_options(self, o: dict) -> bool:
        return (
            o["length"] in ("east", "hanchan")
            and all(isinstance(o[flag], bool) for flag in RULE_FLAGS)
            and o["uma"] in UMA_CHOICES.values()
            and is_int(o["min_rank"]) and 0 <= o["min_rank"] < len(self.rank_ladder.ranks)
        )

    def server_actions(self, state) -> list[dict]:
        return self.engine.server_actions(state)

    def opening_actions(self, seats) -> list[dict]:
        return toggles.opening_actions(seats)

    def timing(self, options: dict):
        return timing.timing(options)

    def pending_decisions(self, view: dict) -> dict:
        return timing.pending_decisions(view)

    def decision_survives(self, seat: str, action: dict) -> bool:
        return timing.decision_survives(seat, action)

    def window(self, view: dict) -> str | None:
        return timing.window(view)

    def window_waivers(self, view: dict) -> frozenset[str]:
        return timing.window_waivers(view)

    def present(self, context, view, seat) -> None:
        presenter.present(context, view, seat)

    def action_for(self, cmd, frame):
        return frames.action_for(cmd, frame)

    def help_url(self, code: str) -> str | None:
        return help_url(code)

    def outcome(self, table, view, players, active_seconds):
        return outcome.outcome(table, view, players, active_seconds)

    def record_stats(self, record: dict) -> dict[str, dict[str, float]]:
        return stats.record_stats(record)

    def stat_lines(self, totals: dict, games: int) -> list[tuple[str, str]]:
        return stats.stat_lines(totals, games)

    def record_options(self, record: dict) -> dict:
        return record.get("rules")

    def record_hands(self, record: dict) -> list[list[dict]]:
        return replay.round_actions(record)

    def hand_states(self, record: dict, hand: int) -> list:
        return replay.round_states(record, hand)

    def table_clear(self, view: dict) -> bool:
        # No trick: a "trick" of the viewer is a discard and the call window it opens.
        return "pending_discard" not in view

    def replay_present(self, context: dict, view: dict) -> None:
        presenter.present(context, view, None)

    reviewable = True

    def review(self, record: dict, seat: str, seed: int, progress=None) -> list[dict]:
        return review.review(record, seat, seed, progress)
