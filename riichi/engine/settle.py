"""Ending a round: payments for wins and draws, the next dealer, and the end of the match."""

from .analysis import is_tenpai
from .options import RETURN_SCORE, last_round
from .tiles import TERMINALS_AND_HONOURS, kind, names, sort_key


def settle_wins(state, wins, discarder):
    """Pay out ``wins`` (``[(seat, value)]`` in turn order from the discarder; one entry for a
    tsumo, with ``discarder`` None). Honba and sticks go to the first winner."""
    deltas = [0, 0, 0, 0]
    details = []
    dealer = state.dealer
    for n, (seat, value) in enumerate(wins):
        honba = state.honba if n == 0 else 0
        liable = state.pao[seat] if value["pao_han"] else None
        pay = _payments(value, seat, dealer, discarder, honba, liable)
        gain = sum(pay)
        if n == 0:
            gain += 1000 * state.sticks
        own = [-p for p in pay]
        own[seat] = gain
        deltas = [d + o for d, o in zip(deltas, own)]
        # each winner's own payments and the hand's price, as a Tenhou log lists them
        details.append({"seat": seat, "from": discarder, "pao": liable, "han": value["han"],
                        "fu": value["fu"], "yaku": value["yaku"], "yaku_han": value["yaku_han"],
                        "yakuman": value["yakuman"], "main": value["main"],
                        "additional": value["additional"], "deltas": own})
    state.sticks = 0
    dealer_won = any(seat == dealer for seat, _ in wins)
    revealed = {"hands": {str(seat): names(sorted(state.hands[seat], key=sort_key)) for seat, _ in wins}}
    if any(state.riichi[seat] for seat, _ in wins):
        revealed["ura_indicators"] = names(state.ura_indicators())
    end_round(state, "tsumo" if discarder is None else "ron", deltas, dealer_won, details, won=True)
    state.last_result["revealed"] = revealed


def _payments(value, seat, dealer, discarder, honba, liable) -> list:
    """What each seat pays the winner. With a liable seat (pao) its yakuman's share of the
    hand is paid as the rules say (all of a tsumo; half of a ron, the discarder the other
    half) and the liable seat pays the honba; any other yakuman in the hand is paid as usual."""
    pay = [0, 0, 0, 0]
    if discarder is not None:
        pay[discarder] = value["main"]
    else:
        for other in range(4):
            if other != seat:
                pay[other] = value["main"] if other == dealer or seat == dealer else value["additional"]
    if liable is None or liable == discarder:
        for other in range(4):
            if pay[other]:
                pay[other] += (300 if discarder is not None else 100) * honba
        return pay
    share, whole = value["pao_han"], value["han"]
    if discarder is not None:
        liable_part = value["main"] * share // whole
        pay[discarder] = value["main"] - liable_part // 2
        pay[liable] = liable_part // 2 + 300 * honba
        return pay
    liable_total = sum(p * share // whole for p in pay)
    pay = [p - p * share // whole for p in pay]
    pay[liable] += liable_total + 300 * honba
    return pay


def _is_nagashi(state, seat) -> bool:
    river = state.river[seat]
    return bool(river) and all(kind(e[0]) in TERMINALS_AND_HONOURS and not e[3] for e in river)


def exhaustive_draw(state):
    dealer = state.dealer
    tenpai = [is_tenpai(state, s) for s in range(4)]
    nagashi = [s for s in range(4) if _is_nagashi(state, s)]
    deltas = [0, 0, 0, 0]
    if nagashi:
        for seat in nagashi:
            for other in range(4):
                if other != seat:
                    pay = 4000 if other == dealer or seat == dealer else 2000
                    deltas[other] -= pay
                    deltas[seat] += pay
        result = "nagashi"
    else:
        count = sum(tenpai)
        if 0 < count < 4:
            for s in range(4):
                deltas[s] = 3000 // count if tenpai[s] else -3000 // (4 - count)
        result = "draw"
    details = [{"tenpai": tenpai, "nagashi": nagashi}]
    end_round(state, result, deltas, tenpai[dealer], details, won=False)


def abort(state, reason):
    end_round(state, "abort:" + reason, [0, 0, 0, 0], True, [], won=False, aborted=True)


def places(scores) -> list:
    """Place (1-4) per seat; equal scores rank the seat nearer the first dealer higher."""
    order = sorted(range(4), key=lambda s: (-scores[s], s))
    result = [0] * 4
    for place, seat in enumerate(order):
        result[seat] = place + 1
    return result


def end_round(state, result, deltas, dealer_stays, details, won, aborted=False):
    # both lists are shared between states (copy does not copy them), so they are replaced
    state.results = state.results + [{"result": result, "deltas": list(deltas), "round": state.round_no,
                                      "honba": state.honba, "sticks": state.round_sticks}]
    # the actions themselves are shared: no state changes an action once it is listed
    state.log = state.log + [{**state.deal, "actions": list(state.actions)}]
    state.scores = [state.scores[s] + deltas[s] for s in range(4)]
    next_round = state.round_no if dealer_stays else state.round_no + 1
    next_honba = 0 if won and not dealer_stays else state.honba + 1
    state.last_result = {"result": result, "deltas": list(deltas), "details": details,
                         "next_round": next_round, "next_honba": next_honba}
    state.step = "over"
    state.window = None
    if _match_over(state, dealer_stays, aborted, next_round):
        _finish(state)
    else:
        state.phase = "round_over"


def _match_over(state, dealer_stays, aborted, next_round) -> bool:
    scores = state.scores
    if state.rules["tobi"] and any(s < 0 for s in scores):
        return True
    last = last_round(state.rules)
    if state.round_no < last:
        return False
    dealer = state.dealer
    if dealer_stays and not aborted and places(scores)[dealer] == 1 and scores[dealer] >= RETURN_SCORE:
        return True
    # a dealer repeat outranks the 30,000 test, in the last hand and in the West extension alike
    if dealer_stays:
        return False
    return max(scores) >= RETURN_SCORE or next_round > last + 4


def _finish(state):
    scores = list(state.scores)
    place = places(scores)
    top = place.index(1)
    scores[top] += 1000 * state.sticks
    state.sticks = 0
    state.scores = scores
    uma = state.rules["uma"]
    tenths = [(scores[s] - RETURN_SCORE) // 100 + uma[place[s] - 1] * 10 + (200 if place[s] == 1 else 0)
              for s in range(4)]
    state.final = {"scores": scores, "places": place, "results": [t / 10 for t in tenths]}
    state.phase = "game_over"
