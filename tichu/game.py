"""Tichu as the platform sees it (games.registry.Game): four seats in two teams, rated."""

from django.utils.translation import gettext, gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.registry import Game, is_int
from tichu import bots, commands as frames, engine, outcome, presenter, review, stats, timing
from tichu.faq import faq_url_for


def valid_options(o: dict) -> bool:
    return o["target"] in (1000, 500) and is_int(o["bomb_window"]) and 1 <= o["bomb_window"] <= 10


def tournament_points(result, side) -> int:
    # A win 2, with a double victory of the winners in it 3; a loss nothing.
    if side.place != 1:
        return 0
    return 3 if side.bonuses else 2


def tournament_rule(options: dict) -> str:
    return gettext("A win scores 2 points, or 3 if the winners made a double victory in the game; "
                   "a loss scores nothing.")


def format_line(options: dict) -> str:
    return gettext("to %(target)s") % {"target": options["target"]}


def no_trick(view: dict) -> bool:
    return not view.get("trick")  # a trick ends when it clears


TICHU = Game(
    key="tichu",
    label=_("Tichu"),
    seats=("S", "E", "N", "W"),
    teams=(("S", "N"), ("E", "W")),
    record_format="tichu-record/1",
    engine=engine,
    bots=bots,
    default_options={"target": 1000, "rated": True, "private": False, "clock": "strikes", "bomb_window": 3},
    valid_options=valid_options,
    format_line=format_line,
    engine_options=("target",),
    rated=True,
    clocks=("strikes", "reserve"),
    table_form="tichu.forms.TableForm",
    timing=timing.timing,
    pending_decisions=timing.pending_decisions,
    decision_survives=timing.decision_survives,
    window=timing.window,
    window_waivers=timing.window_waivers,
    present=presenter.present,
    commands=frames.COMMANDS,
    action_for=frames.action_for,
    help_url=faq_url_for,
    learn_pages=(
        ("tichu:quick", pgettext_lazy("learn", "Tichu in two minutes")),
        ("tichu:rules", pgettext_lazy("learn", "Tichu rules")),
        ("tichu:faq", pgettext_lazy("learn", "Tichu FAQ")),
    ),
    learn_urls="tichu.urls",
    style_kinds=("card_back", "felt", "face_theme"),
    stylesheets=("cards/table.css", "tichu/tichu.css"),
    record_options=lambda record: {"target": record["target"]},
    clear_labels={"previous": _("Previous trick"), "next": _("Next trick"),
                  "keys": _("Keys: ← → step, Shift+← → trick, ↑ ↓ hand")},
    table_clear=no_trick,
    replay_present=presenter.replay_present,
    review=review.review,
    record_stats=stats.record_stats,
    stat_lines=stats.stat_lines,
    tournament_points=tournament_points,
    scoring_rule=tournament_rule,
    outcome=outcome.outcome,
)
