"""The course of a match: dealer repeat, agari-yame and tenpai-yame, the West extension,
tobi, and the final result with uma, oka and the sticks left on the table."""

from riichi.engine import new_game
from riichi.engine.state import start_round

from .helpers import deal, play, run_out, tsumo

TENHOU = "123m456m789m123p4p"  # with a drawn 4p: the dealer's blessing of heaven
NOTEN = ["19m19p19s123456z8m", "28m28p28s123z5557z", "37m37p37s5s123z666z", "46m46p5p46s123z444z"]


def at_round(round_no, scores, options=None, sticks=0, **wall):
    state = new_game(options or {}, deal())
    state.round_no = round_no
    state.scores = list(scores)
    state.sticks = sticks
    start_round(state, deal(**wall))
    return state


def dealer_tenhou(round_no, scores, **kw):
    dealer = round_no % 4
    return play(at_round(round_no, scores, hands={dealer: TENHOU}, draws="4p", **kw), tsumo(dealer))


def noten_hands(tenpai=()):
    hands = {s: NOTEN[s] for s in range(4)}
    for seat in tenpai:
        hands[seat] = "34m234p456p678s22s" if seat != 3 else "67m234p456p678s33s"
    return hands


def test_the_dealer_wins_and_keeps_the_deal_with_one_more_honba():
    state = dealer_tenhou(0, [25000] * 4)
    assert state.phase == "round_over"
    assert state.last_result["next_round"] == 0 and state.last_result["next_honba"] == 1


def test_agari_yame_when_the_dealer_wins_the_last_hand_in_first_place():
    state = dealer_tenhou(7, [25000] * 4)
    assert state.phase == "game_over"
    assert state.final["scores"] == [9000, 9000, 9000, 73000]
    # equal scores: the seat nearer the first dealer ranks higher
    assert state.final["places"] == [2, 3, 4, 1]
    assert state.final["results"] == [-16.0, -26.0, -36.0, 78.0]


def test_a_dealer_win_in_the_last_hand_while_not_first_plays_on():
    state = dealer_tenhou(7, [200000, 20000, 20000, 20000])
    assert state.phase == "round_over" and state.last_result["next_round"] == 7


def test_tenpai_yame_when_the_dealer_is_tenpai_and_first_at_the_last_draw():
    state = run_out(at_round(7, [19000, 20000, 20000, 39000], sticks=2, hands=noten_hands([3]), draws="7z"))
    assert state.results[-1]["deltas"] == [-1000, -1000, -1000, 3000]
    assert state.phase == "game_over"
    # the sticks left on the table go to first place
    assert state.final["scores"] == [18000, 19000, 19000, 44000]
    assert sum(state.final["results"]) == 0


def test_without_30000_after_the_last_hand_the_match_goes_into_west():
    state = run_out(at_round(7, [25000] * 4, hands=noten_hands(), draws="7z"))
    assert state.results[-1]["deltas"] == [0, 0, 0, 0]
    assert state.phase == "round_over" and state.last_result["next_round"] == 8


def test_in_west_the_match_ends_as_soon_as_someone_has_30000():
    state = run_out(at_round(8, [28000, 28000, 22000, 22000], hands=noten_hands([1]), draws="7z"))
    assert state.phase == "game_over" and state.final["scores"][1] == 31000


def test_a_dealer_repeat_outranks_the_30000_test_in_the_west_extension():
    # as in a real Tenhou match: West 1 drawn, the last-placed dealer tenpai, another on 30,900
    state = run_out(at_round(8, [17200, 31900, 25400, 25500], hands=noten_hands([0]), draws="7z"))
    assert state.scores == [20200, 30900, 24400, 24500]
    assert state.phase == "round_over"
    assert state.last_result["next_round"] == 8 and state.last_result["next_honba"] == 1


def test_a_dealer_repeat_outranks_the_30000_test_in_the_last_hand():
    state = run_out(at_round(7, [25400, 31900, 25500, 17200], hands=noten_hands([3]), draws="7z"))
    assert state.scores == [24400, 30900, 24500, 20200]
    assert state.phase == "round_over" and state.last_result["next_round"] == 7


def test_in_west_without_30000_play_goes_on_but_ends_after_west_4():
    state = run_out(at_round(8, [25000] * 4, hands=noten_hands(), draws="7z"))
    assert state.phase == "round_over"
    state = run_out(at_round(11, [25000] * 4, hands=noten_hands(), draws="7z"))
    assert state.phase == "game_over"


def test_east_only_ends_after_east_4():
    state = run_out(at_round(3, [31000, 23000, 23000, 23000], {"length": "east"}, hands=noten_hands(),
                             draws="7z"))
    assert state.phase == "game_over"


def test_tobi_ends_the_match_when_a_score_goes_below_zero():
    state = run_out(at_round(0, [35000, 500, 35000, 29500], hands=noten_hands([0]), draws="7z"))
    assert state.scores[1] == -500 and state.phase == "game_over"
    state = run_out(at_round(0, [35000, 500, 35000, 29500], {"tobi": False}, hands=noten_hands([0]),
                             draws="7z"))
    assert state.phase == "round_over"


def test_uma_option_10_30():
    state = dealer_tenhou(7, [25000] * 4, options={"uma": [30, 10, -10, -30]})
    assert state.final["results"] == [-11.0, -31.0, -51.0, 93.0]
