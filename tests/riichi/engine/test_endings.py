"""How a round ends: haitei/houtei, exhaustive draw with tenpai payments, nagashi mangan,
the abortive draws, pao, honba."""

from riichi.engine import legal_actions, new_game
from riichi.engine.tiles import TERMINALS_AND_HONOURS, full_set, kind, name, parse

from .helpers import deal, discard, play, pon, ron, run_out, settle, start, tsumo, tsumogiri

PINFU_25M = "34m234p456p678s22s"
NOTEN_DEALER = "19m19p19s123456z8m"


def last_tile_for(state, tile):
    """Make the next live-wall draw the last one, and that tile."""
    draws = list(state.wall["draws"])
    draws[69] = parse(tile)
    state.wall = {**state.wall, "draws": draws}
    state.draw_pos = 69
    return state


def test_haitei_tsumo_on_the_last_live_tile():
    state = start(hands={0: "19m19p19s123456z", 1: PINFU_25M}, draws="8m")
    state = last_tile_for(state, "2m")
    state.first_turn = [False] * 4  # the wall's last tile is nobody's first draw
    state = settle(play(state, discard(0, "8m")))
    assert state.live_left == 0 and state.turn == 1
    state = play(state, tsumo(1))
    assert "Haitei Raoyue" in state.last_result["details"][0]["yaku"]


def test_houtei_ron_on_the_last_discard_which_nobody_may_pon_or_chi():
    state = start(hands={0: "19m19p19s123456z", 1: "2m3579p13579s12z", 2: PINFU_25M.replace("22s", "55s")},
                  draws="8m")
    state = last_tile_for(state, "3m")
    state = settle(play(state, discard(0, "8m")))
    state = play(state, discard(1, "2m"))
    options = legal_actions(state, 2)
    assert {"seat": 2, "type": "ron"} in options
    assert not [a for a in options if a["type"] in ("chi", "pon")]
    state = play(state, ron(2))
    assert "Houtei Raoyui" in state.last_result["details"][0]["yaku"]


def test_exhaustive_draw_pays_3000_to_the_tenpai_seats_and_the_deal_passes_when_the_dealer_is_noten():
    state = run_out(start(hands={0: NOTEN_DEALER, 1: PINFU_25M}, draws="4z"))
    result = state.results[-1]
    assert result["result"] == "draw" and result["deltas"] == [-1000, 3000, -1000, -1000]
    assert state.last_result["next_round"] == 1 and state.last_result["next_honba"] == 1


def test_a_tenpai_dealer_keeps_the_deal_after_an_exhaustive_draw():
    state = run_out(start(hands={0: PINFU_25M, 1: NOTEN_DEALER}, draws="4z"))
    assert state.results[-1]["deltas"] == [3000, -1000, -1000, -1000]
    assert state.last_result["next_round"] == 0 and state.last_result["next_honba"] == 1


def _nagashi_deal():
    every = [name(t) for t in full_set(True)]
    yaochu = [t for t in every if kind(parse(t)) in TERMINALS_AND_HONOURS]
    simples = [t for t in every if t not in yaochu]
    draws = []
    for i in range(70):
        draws.append(yaochu.pop() if i % 4 == 1 else simples.pop())
    return deal(draws=draws)


def test_nagashi_mangan_is_paid_as_a_mangan_tsumo_without_honba():
    state = new_game({}, _nagashi_deal())
    state.honba, state.sticks, state.round_sticks = 1, 1, 1
    state = run_out(state)
    result = state.results[-1]
    assert result["result"] == "nagashi"
    assert result["deltas"] == [-4000, 8000, -2000, -2000]
    assert state.sticks == 1 and state.last_result["next_honba"] == 2


def test_nine_terminals_on_the_first_draw_before_any_call():
    state = start(hands={0: "19m19p19s1234z567m"}, draws="6s")
    assert {"seat": 0, "type": "nine_terminals"} in legal_actions(state, 0)
    state = play(state, {"seat": 0, "type": "nine_terminals"})
    assert state.results[-1]["result"] == "abort:nine_terminals"
    assert state.last_result["next_round"] == 0 and state.last_result["next_honba"] == 1


def test_four_winds_discarded_in_the_first_go_around():
    hands = {s: "1z" + ["2345m6789p234s5s", "2345p6789s234m5m", "2345s6789m234p5p", "678m678p678s34m3p"][s]
             for s in range(4)}
    state = start(hands=hands, draws="9m 9p 9s 7z")
    state = play(state, discard(0, "1z"), discard(1, "1z"), discard(2, "1z"), discard(3, "1z"))
    assert state.results[-1]["result"] == "abort:four_winds"


def test_four_riichi_abort_once_the_fourth_riichi_discard_passes():
    hands = {0: "123m456m789m123p4p", 1: "123m456m789m123s4s", 2: "123p456p789p123s5s", 3: "123p456s789s789p6p"}
    state = start(hands=hands, draws="1z 2z 3z 4z")
    for seat, tile in enumerate(("1z", "2z", "3z", "4z")):
        state = settle(play(state, discard(seat, tile, riichi=True)))
    assert state.results[-1]["result"] == "abort:four_riichi"
    assert state.sticks == 4 and state.scores == [24000] * 4


DAISANGEN = {0: "5z6z2468m2468s23z", 1: "55z66z77z56p99p123m", 2: "7z1357p1357s1357m"}


def _daisangen_until_tenpai(later_draws, honba=0, hands=DAISANGEN):
    """Seat 1 pons White and Green, then Red from seat 2: pao; it waits on 4p/7p."""
    state = start(hands=hands, draws="9m 9s 3s 8p 9p " + later_draws)
    state.honba = honba
    state = play(state, discard(0, "5z"), pon(1, "555z"), discard(1, "1m"))
    state = settle(play(state, tsumogiri(state, 2)))
    state = settle(play(state, tsumogiri(state, 3)))
    state = play(state, discard(0, "6z"), pon(1, "666z"), discard(1, "2m"))
    state = play(state, discard(2, "7z"), pon(1, "777z"), discard(1, "3m"))
    assert state.pao[1] == 2
    return settle(state)


def test_pao_the_seat_that_fed_the_third_dragon_pays_all_of_a_tsumo():
    state = _daisangen_until_tenpai("1s 2s 3s 4p")
    for _ in range(3):
        state = settle(play(state, tsumogiri(state, state.turn)))
    state = play(state, tsumo(1))
    assert state.results[-1]["deltas"] == [0, 32000, -32000, 0]


def test_pao_on_a_ron_of_the_feeder_itself_is_all_the_feeder_s():
    state = _daisangen_until_tenpai("4p")
    state = play(state, tsumogiri(state, 2), ron(1))
    assert state.results[-1]["deltas"] == [0, 32000, -32000, 0]


def test_pao_on_a_ron_splits_the_yakuman_between_the_feeder_and_the_discarder():
    state = _daisangen_until_tenpai("1s 4p")
    state = settle(play(state, tsumogiri(state, 2)))
    state = play(state, tsumogiri(state, 3), ron(1))
    assert state.results[-1]["deltas"] == [0, 32000, -16000, -16000]


def test_pao_on_a_ron_the_feeder_pays_the_honba():
    state = _daisangen_until_tenpai("1s 4p", honba=2)
    state = settle(play(state, tsumogiri(state, 2)))
    state = play(state, tsumogiri(state, 3), ron(1))
    assert state.results[-1]["deltas"] == [0, 32600, -16600, -16000]


def test_pao_on_a_tsumo_the_feeder_pays_everything_with_the_honba():
    state = _daisangen_until_tenpai("1s 2s 3s 4p", honba=1)
    for _ in range(3):
        state = settle(play(state, tsumogiri(state, state.turn)))
    state = play(state, tsumo(1))
    assert state.results[-1]["deltas"] == [0, 32300, -32300, 0]


def test_pao_covers_only_its_own_yakuman_in_a_double_yakuman():
    # daisangen (pao) and tsuuiisou: 64000, of which the daisangen's 32000 is split
    hands = {**DAISANGEN, 1: "55z66z77z111z4z123m"}
    state = _daisangen_until_tenpai("1s 4z", hands=hands)
    state = settle(play(state, tsumogiri(state, 2)))
    state = play(state, tsumogiri(state, 3), ron(1))
    assert state.results[-1]["deltas"] == [0, 64000, -16000, -48000]


def test_honba_adds_300_to_a_ron_and_100_from_each_on_a_tsumo():
    state = start(hands={0: "19m19p19s123456z", 1: PINFU_25M}, draws="5m", dora="1z")
    state.honba = 2
    state = play(state, discard(0, "5m"), ron(1))
    assert state.results[-1]["deltas"] == [-2600, 2600, 0, 0]
    state = start(hands={0: "19m19p19s123456z", 1: PINFU_25M}, draws="8m 9m 9p 9s 1z 2m", dora="1z")
    state.honba = 2
    for seat in (0, 1, 2, 3, 0):
        state = settle(play(state, tsumogiri(state, seat)))
    state = play(state, tsumo(1))
    # menzen tsumo, pinfu, tanyao: 3 han 20 fu (700/1300), plus 200 from each
    assert state.results[-1]["deltas"] == [-1500, 3300, -900, -900]
