"""Tichu as the platform sees it (games.registry.Game): four seats in two teams, rated."""

from django.utils.translation import gettext, gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.registry import Game, is_int
from tichu import commands as frames, outcome, presenter, review, stats, timing
from tichu.faq import faq_url_for


class Tichu(Game):
    key = "tichu"
    label = _("Tichu")
    stylesheet = "tichu/tichu.css"
    engine_module = "tichu.engine"
    bots_module = "tichu.bots"
    seats = ("S", "E", "N", "W")
    teams = (("S", "N"), ("E", "W"))
    record_format = "tichu-record/1"
    default_options = {"target": 1000, "rated": True, "private": False, "clock": "strikes", "bomb_window": 3}
    engine_options = ("target",)
    rated = True
    clocks = ("strikes", "reserve")
    commands = frames.COMMANDS
    table_form = "tichu.forms.TableForm"
    learn_urls = "tichu.urls"
    style_kinds = ("card_back", "felt", "face_theme")
    learn_pages = (
        ("tichu:quick", pgettext_lazy("learn", "Tichu in two minutes")),
        ("tichu:rules", pgettext_lazy("learn", "Tichu rules")),
        ("tichu:faq", pgettext_lazy("learn", "Tichu FAQ")),
    )

    def valid_options(self, o: dict) -> bool:
        return (
            o["target"] in (1000, 500)
            and is_int(o["bomb_window"])
            and 1 <= o["bomb_window"] <= 10
        )

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
        return faq_url_for(code)

    def tournament_points(self, outcome, side) -> int:
        # A win 2, with a double victory of the winners in it 3; a loss nothing.
        if side.place != 1:
            return 0
        return 3 if side.bonuses else 2

    def tournament_rule(self, options: dict) -> str:
        return gettext("A win scores 2 points, or 3 if the winners made a double victory in the game; "
                       "a loss scores nothing.")

    def outcome(self, table, view, players, active_seconds):
        return outcome.outcome(table, view, players, active_seconds)

    def record_stats(self, record: dict) -> dict[str, dict[str, int]]:
        return stats.record_stats(record)

    def stat_lines(self, totals: dict, games: int) -> list[tuple[str, str]]:
        return stats.stat_lines(totals, games)

    def record_options(self, record: dict) -> dict:
        return {"target": record["target"]}

    clear_labels = {"previous": _("Previous trick"), "next": _("Next trick"),
                    "keys": _("Keys: ← → step, Shift+← → trick, ↑ ↓ hand")}

    def table_clear(self, view: dict) -> bool:
        return not view.get("trick")  # a trick ends when it clears

    def replay_present(self, context: dict, view: dict) -> None:
        presenter.replay_present(context, view)

    reviewable = True

    def review(self, record: dict, seat: str, seed: int, progress=None) -> list[dict]:
        return review.review(record, seat, seed, progress)
