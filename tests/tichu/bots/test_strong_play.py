"""Positions a strong player never gets wrong, answered by the normal and the expert bot
through their public entry point from the engine's own view of a real state."""

import random

import pytest

from tichu import engine as tichu
from tichu.bots import choose_action
from tichu.bots.knowledge import Knowledge
from tichu.bots.sampling import sample_hands
from tichu.engine.cards import RANK_MASKS

from .positions import position

STRONG = ("normal", "expert")
BOMB = ["jade-8", "sword-8", "pagoda-8", "star-8"]


def decide(state, strength, seat="S"):
    """At the default budget: a strong player's answer, not a hurried one's."""
    return choose_action(tichu.view(state, seat), strength, random.Random(0))


def apply_decision(state, action):
    """The decision goes through the engine: it must be legal there."""
    return tichu.apply(state, action)[0]


@pytest.mark.parametrize("strength", STRONG)
def test_it_cashes_its_sure_winner_before_its_last_card(strength):
    # only a bomb beats a pair of Aces: lead it, then go out with the 4
    state = position({"S": ["jade-A", "star-A", "jade-4"], "E": ["sword-A", "pagoda-A", "jade-9"]},
                     counts={"N": 6, "W": 6})
    action = decide(state, strength)
    assert sorted(action["cards"]) == ["jade-A", "star-A"]
    after = apply_decision(state, action)
    assert after.hands[0].bit_count() == 1


@pytest.mark.parametrize("strength", STRONG)
def test_it_leads_its_dragon_when_the_rest_is_one_card(strength):
    state = position({"S": ["dragon", "jade-3"]}, counts={"E": 8, "N": 8, "W": 8})
    assert decide(state, strength)["cards"] == ["dragon"]


@pytest.mark.parametrize("strength", STRONG)
def test_it_does_not_bomb_its_partner_who_is_going_out(strength):
    # out of turn: no bomb on the partner's Ace, whatever the search thinks of the points
    state = position({"S": ["jade-Q", "sword-K", *BOMB], "N": ["star-3"]}, turn="E",
                     trick=[("W", ["jade-K"]), ("N", ["jade-A"])], counts={"E": 2, "W": 5})
    assert decide(state, strength) is None
    # in turn: no overtaking either
    state = position({"S": ["jade-Q", "dragon", *BOMB], "N": ["star-3"]}, turn="S",
                     trick=[("W", ["jade-K"]), ("N", ["jade-A"])], passed=["E"],
                     counts={"E": 2, "W": 5})
    assert decide(state, strength)["type"] == "pass"


@pytest.mark.parametrize("strength", STRONG)
def test_it_fulfils_the_wish_when_it_must(strength):
    state = position({"S": ["jade-7", "sword-9", "star-K", "jade-2", "sword-3"]}, turn="S",
                     trick=[("E", ["jade-5"])], wish=7, counts={"N": 8, "W": 8, "E": 8})
    action = decide(state, strength)
    assert action["cards"] == ["jade-7"]
    apply_decision(state, action)


@pytest.mark.parametrize("strength", STRONG)
def test_it_gives_the_dragon_trick_to_the_opponent_not_about_to_go_out(strength):
    state = position({"S": ["jade-4", "star-9"], "E": ["jade-J", "sword-J"]}, turn=None,
                     trick=[("W", ["pagoda-K"]), ("S", ["dragon"])], counts={"N": 6, "W": 11},
                     gift_by="S")
    action = decide(state, strength)
    assert action == {"seat": "S", "type": "gift", "to": "W"}
    assert apply_decision(state, action).won[3] & RANK_MASKS[13]


FOUR_CONTROLS_NO_LOSERS = ["dragon", "phoenix", "jade-A", "star-A", "mahjong", "jade-2", "sword-3",
                           "star-4", "pagoda-5", "jade-6", "sword-K", "pagoda-K", "star-Q", "jade-Q"]


@pytest.mark.parametrize("strength", STRONG)
def test_it_calls_tichu_on_four_controls_and_no_losers(strength):
    state = position({"S": FOUR_CONTROLS_NO_LOSERS}, counts={"E": 14, "N": 14, "W": 14})
    action = decide(state, strength)
    assert action == {"seat": "S", "type": "tichu"}
    assert apply_decision(state, action).calls[0] == "tichu"


def test_an_opponent_who_could_not_follow_the_wish_is_never_dealt_the_wished_rank():
    # E passed on a 3 while a 10 was wished, so E holds no 10: every sample respects that
    state = position({"S": ["jade-4", "star-9", "sword-J", "pagoda-Q", "jade-K"]}, turn="N",
                     trick=[("W", ["mahjong"]), ("S", ["jade-3"])], passed=["E"], wish=10,
                     counts={"E": 9, "N": 12, "W": 7})
    memory = {}
    know = Knowledge(tichu.view(state, "S"), memory)
    tens = RANK_MASKS[10]
    assert know.lacks[1] == tens
    for seed in range(30):
        hands = sample_hands(know, random.Random(seed))
        assert not hands[1] & tens
        assert [h.bit_count() for h in hands] == [5, 9, 12, 7]
    # the lesson outlives the trick: a later view of the hand still knows it
    later = position({"S": ["jade-4", "star-9", "sword-J", "pagoda-Q", "jade-K"]}, turn="S",
                     counts={"E": 9, "N": 11, "W": 7})
    assert Knowledge(tichu.view(later, "S"), memory).lacks[1] == tens


def test_a_bot_kept_no_memory_still_knows_who_could_not_follow_an_earlier_wish():
    # as at a table, where a bot is shown only the view of the moment: a trick ago E played a
    # 7 on the Mahjong and N a Queen on it while a 9 was wished, and the view says so
    from tests.tichu.engine.helpers import collect, pass_, play, table

    state = table(S=["mahjong", "jade-A", "jade-4"], E=["jade-7", "jade-3", "star-2"],
                  N=["jade-Q", "star-5", "star-8"], W=["jade-J", "sword-2", "sword-6"])
    state = play(state, "S", "mahjong", wish="9")
    state = play(state, "E", "jade-7")
    state = play(state, "N", "jade-Q")
    for seat in ("W", "S", "E"):
        state = pass_(state, seat)
    state = collect(state)
    know = Knowledge(tichu.view(state, "W"))
    assert know.lacks[1] == know.lacks[2] == RANK_MASKS[9] and not know.lacks[0] | know.lacks[3]
