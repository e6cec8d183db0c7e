"""Riichi Mahjong as the platform sees it (games.registry.Game): four individuals, seats
"0" (the first dealer, East 1) to "3" counter-clockwise, rated when the table says so."""

import json

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.registry import Game, is_int
from riichi import bots, commands as frames, operator_bots, outcome, presenter, replay, review, stats, table_engine
from riichi import timing, toggles
from riichi.faq import help_url
from riichi.forms import UMA_CHOICES
from riichi.ranks import RiichiLadder

RULE_FLAGS = ("red_fives", "kuitan", "double_ron", "double_yakuman", "kiriage", "tobi")
LADDER = RiichiLadder()


def valid_options(o: dict) -> bool:
    return (
        o["length"] in ("east", "hanchan")
        and all(isinstance(o[flag], bool) for flag in RULE_FLAGS)
        and o["uma"] in UMA_CHOICES.values()
        and is_int(o["min_rank"]) and 0 <= o["min_rank"] < len(LADDER.ranks)
    )


def format_line(options: dict) -> str:
    return gettext("East only") if options["length"] == "east" else gettext("Hanchan")


def operator_bot_decision(state, seat: str, bot: str, rng) -> dict | None:
    # The match is named by its first deal, which no other match shares.
    first = state.game.log[0] if state.game.log else state.game.deal
    match = json.dumps(first["haipai"], sort_keys=True)
    return operator_bots.decide(bot, match, state.game, int(seat))


RIICHI = Game(
    key="riichi",
    label=_("Riichi Mahjong"),
    seats=("0", "1", "2", "3"),
    record_format="riichi-record/1",
    engine=table_engine,
    bots=bots,
    own_bots=lambda: tuple(operator_bots.configured()),
    own_bot_decision=operator_bot_decision,
    shuffle=lambda rng, options: table_engine.shuffled_deal(rng, options["red_fives"]),
    opening_actions=toggles.opening_actions,
    default_options={"length": "hanchan", "red_fives": True, "kuitan": True, "double_ron": True,
                     "double_yakuman": False, "kiriage": False, "uma": [15, 5, -5, -15], "tobi": True,
                     "rated": True, "private": False, "clock": "strikes", "min_rank": 0},
    valid_options=valid_options,
    format_line=format_line,
    engine_options=("length",) + RULE_FLAGS + ("uma",),
    rated=True,
    # Strikes only: a call window of a few seconds has no sensible reserve clock.
    clocks=("strikes",),
    table_form="riichi.forms.RiichiTableForm",
    timing=timing.timing,
    pending_decisions=timing.pending_decisions,
    decision_survives=timing.decision_survives,
    window=timing.window,
    window_waivers=timing.window_waivers,
    # Only the seat that may call a discard sees its call clock: it would say who could call.
    private_decisions=frozenset({"call"}),
    present=presenter.present,
    commands=frames.COMMANDS,
    action_for=frames.action_for,
    help_url=help_url,
    learn_pages=(
        ("riichi:rules", pgettext_lazy("learn", "Riichi rules")),
        ("riichi:yaku", pgettext_lazy("learn", "Yaku list")),
        ("riichi:scoring", pgettext_lazy("learn", "Scoring table")),
        ("riichi:options", pgettext_lazy("learn", "Table options")),
        ("riichi:ranks", pgettext_lazy("learn", "Ranks")),
    ),
    learn_urls="riichi.urls",
    style_kinds=("tile_back", "felt"),
    styles_module="riichi.styles",
    stylesheets=("riichi/riichi.css",),
    record_options=lambda record: record.get("rules"),
    record_hands=replay.round_actions,
    replay_states=replay.round_states,
    # No trick: a "trick" of the viewer is a discard and the call window it opens.
    table_clear=lambda view: "pending_discard" not in view,
    replay_present=lambda context, view: presenter.present(context, view, None),
    review=review.review,
    record_stats=stats.record_stats,
    stat_lines=stats.stat_lines,
    # tenhou.net/6 JSON: what Tenhou's viewer and the review tools (mjai-reviewer, ...) read
    record_exports={"tenhou": "riichi.tenhou.export_tenhou"},
    rank_ladder=LADDER,
    outcome=outcome.outcome,
)
