"""The post-game review of a Daifugo seat on crafted positions late in a hand: leading one of
a pair when the three others hold a single card each is marked (the pair goes out at once),
leading a single 2 before the other 2 instead of the pair is not (both go out at once); the
verdict never depends on the others' hidden cards; a whole game's review covers the exchange."""

import random

from daifugo import engine, review
from daifugo.bots import review as judging
from daifugo.bots.arena import play_game
from daifugo.engine.cards import CARD_NAMES


def position(mine: list, others: list) -> dict:
    """Seat 1 to lead with `mine`; seats 2-4 hold one card each of `others`; every other
    card was played earlier this hand."""
    held = set(mine) | set(others)
    played = [name for name in CARD_NAMES if name not in held]
    state = engine.from_json({
        "players": 4, "hands_total": 4, "revolution_rule": False, "hand_no": 0, "totals": [0] * 4,
        "results": [], "phase": "play", "hands": [mine] + [[card] for card in others], "ranking": [],
        "exchange": [], "turn": 0, "top": None, "trick": [], "passed": [], "reversed": False, "out": [],
        "played": [[n % 4, [name]] for n, name in enumerate(played)], "strikes": [0] * 4, "winner": None,
        "end": None, "log": []})
    return engine.view(state, "1")


def judged(view, cards):
    return judging.judge("play", view, {"seat": "1", "type": "play", "cards": cards}, judging.seeded(1, 0, 0))


def test_breaking_the_pair_that_goes_out_is_marked():
    verdict = judged(position(["club-5", "diamond-5"], ["heart-K", "spade-9", "heart-4"]), ["club-5"])
    assert verdict["flagged"] and verdict["best"]["cards"] == ["club-5", "diamond-5"]
    assert verdict["best_score"] == 3 and verdict["cost"] >= 0.5


def test_a_two_alone_instead_of_the_pair_of_twos_is_not_marked():
    verdict = judged(position(["club-2", "spade-2"], ["heart-K", "spade-9", "heart-4"]), ["spade-2"])
    assert not verdict["flagged"] and verdict["cost"] == 0 and verdict["score"] == verdict["best_score"] == 3


def test_the_verdict_is_the_same_whatever_the_others_hold():
    seen = [judged(position(["club-5", "diamond-5"], others), ["club-5"])
            for others in (["heart-K", "spade-9", "heart-4"], ["heart-4", "heart-K", "spade-9"])]
    assert seen[0] == seen[1]


def test_a_whole_game_is_reviewed_with_the_exchange():
    state = play_game({"players": 4, "hands": 4, "revolution": False}, dict.fromkeys("1234", "normal"), random.Random(2))
    record = engine.build_record(state)
    kinds = {seat: {d["kind"] for d in review.review(record, seat, seed=0)} for seat in "1234"}
    assert all("play" in k for k in kinds.values())
    # from the second hand the President and the Vice-President give back cards
    assert sum("exchange" in k for k in kinds.values()) >= 2
