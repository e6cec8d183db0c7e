"""The bots' playouts: scoring and trick rules of the lean simulator, checked against
the engine."""

import random

from tichu import engine as tichu
from tichu.bots import heuristic, normal, playout
from tichu.bots.arena import play_hand
from tichu.bots.lookahead import better
from tichu.engine.cards import CARD_IDS, DRAGON, mask_of
from tichu.engine.combinations import DRAGON_RANK, SINGLE


def _mask(*names):
    return mask_of(CARD_IDS[n] for n in names)


def _position(hands, **fields):
    values = dict(turn=0, top=None, top_seat=None, trick_points=0, passed=0, won=(0, 0, 0, 0),
                  out=(), calls=(None,) * 4, wish=0)
    values.update(fields)
    return playout.Position(hands, **values)


def test_a_double_victory_scores_200_plus_the_calls():
    pos = _position([0, _mask("jade-2"), 0, _mask("jade-3")], out=[0, 2], calls=("tichu", None, None, None))
    assert playout._score(pos, 0) == 300
    assert playout._score(pos, 1) == -300


def test_the_last_player_gives_its_tricks_to_the_first_out_and_its_cards_to_the_opponents():
    pos = _position([0, 0, 0, _mask("jade-K", "jade-5")], out=[1, 0, 2], won=(20, 30, 10, 25))
    # NS: 20 + 10 + 15 from West's cards; EW: 30 + 25 from West's tricks
    assert playout._score(pos, 0) == 45 - 55


def test_the_dragon_trick_goes_to_the_opponent_with_more_cards():
    hands = [_mask("jade-2", "jade-3"), _mask("star-4"), _mask("star-5"), _mask("star-6", "star-7")]
    pos = _position(hands, turn=1, top=(SINGLE, 1, DRAGON_RANK, 1 << DRAGON, 0), top_seat=0,
                    trick_points=25)
    for seat in (1, 2, 3):
        playout.play(pos, seat, None)
    assert pos.won == [0, 0, 0, 25]
    assert pos.turn == 0


def test_a_led_mahjong_makes_the_normal_wish():
    hands = [_mask("mahjong", "jade-A", "jade-2"), _mask("star-4"), _mask("star-5"), _mask("star-6")]
    pos = _position(hands)
    playout.play(pos, 0, playout.policy_move(pos, 0))
    assert pos.wish == 13


def test_playouts_mostly_reproduce_the_engines_hands_of_heuristic_bots(monkeypatch):
    # the playouts follow the heuristics; the normal bot's own turns look ahead beyond them
    monkeypatch.setattr(normal, "choose", heuristic.choose)
    rng = random.Random(3)
    same = 0
    for _ in range(20):
        deal = tichu.shuffled_deal(rng)
        final = play_hand(deal, {s: "normal" for s in "SENW"}, random.Random(1))
        state = tichu.new_game({"target": 1000}, deal)
        for action in final.log[-1][1]:
            if state.phase == "play":
                break
            state, _ = tichu.apply(state, action)
        pos = _position(state.hands, turn=state.turn, calls=final.calls)
        score = final.results[-1]["score"]
        same += playout.run(pos, 0) == score["NS"] - score["EW"]
    # they differ where a normal wish used what the player gave its partner, and where an
    # out-of-turn bomb came later than right after a play
    assert same >= 12


def test_a_move_replaces_the_normal_one_only_beyond_the_noise():
    baseline = [0, 100, -100, 0, 50, -50] * 5
    assert not better([b + 5 for b in baseline[:-1]] + [baseline[-1] - 200], baseline)
    assert better([b + 40 for b in baseline], baseline)
    assert not better(baseline, baseline)
