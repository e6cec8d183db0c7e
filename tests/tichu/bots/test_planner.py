"""The hand planner: its best partition of a hand, and the memo that holds the plans."""

from gamekit import memos
from tichu.bots import planner
from tichu.engine.cards import CARD_IDS, mask_of
from tichu.engine.combinations import PAIR, STRAIGHT


def _plan(*names):
    return planner.plan_of(mask_of(CARD_IDS[n] for n in names), 0)


def test_a_straight_and_a_pair_are_planned_as_two_combinations():
    plan = _plan("jade-3", "sword-4", "star-5", "jade-6", "pagoda-7", "star-K", "jade-K")
    assert sorted(step[0] for step in plan) == sorted([STRAIGHT, PAIR])


def test_the_plans_memo_is_bounded_listed_and_the_same_plan_comes_back_after_a_clear(monkeypatch):
    hand = ("jade-2", "sword-2", "star-5", "jade-6", "pagoda-7", "star-8", "jade-9", "dragon")
    first = _plan(*hand)
    plans = memos.MEMOS["tichu.bots.plans"]
    assert len(plans) > 0
    memos.clear_all()
    assert len(plans) == 0
    monkeypatch.setattr(plans, "limit", 3)
    assert _plan(*hand) == first
    assert len(plans) <= 3
