"""The post-game review of the choices besides plays (Grand Tichu, the exchange, Tichu calls,
the Dragon gift), on records built through the engine: a blatant blunder of each kind is
marked with the better choice, a sound choice is not, and no verdict depends on a card the
seat could not see."""

import random
from functools import cache

from hypothesis import Phase, assume, given, settings, strategies as st

from tichu import engine as tichu
from tichu import review
from tichu.engine.cards import CARD_IDS, SEATS

SEED = 1
# a review takes seconds: a few deals, and a failure reported as found rather than shrunk
PROPERTY = settings(max_examples=3, deadline=None, derandomize=True,
                    phases=[Phase.explicit, Phase.reuse, Phase.generate])
HOPELESS = ["jade-2", "sword-3", "pagoda-4", "star-6", "jade-7", "sword-8", "pagoda-9", "star-J",
            "jade-3", "sword-5", "star-10"]


def deal_for(after: dict) -> tuple:
    """The deal and the exchange that give each seat ``after`` (14 cards): each seat receives
    the last 3 of its cards, from the other seats in seat order."""
    gives = {seat: {} for seat in SEATS}
    for seat in SEATS:
        for giver, card in zip([s for s in SEATS if s != seat], after[seat][11:]):
            gives[giver][seat] = card
    deal = {seat: after[seat][:11] + [gives[seat][to] for to in SEATS if to != seat] for seat in SEATS}
    return deal, gives


def record(after: dict, actions=(), *, grand=False, tichu_in_exchange=False) -> dict:
    deal, gives = deal_for(after)
    state = tichu.new_game({"target": 1000}, deal)
    for seat in SEATS:
        state, _ = tichu.apply(state, {"seat": seat, "type": "grand", "call": grand and seat == "S"})
    if tichu_in_exchange:
        state, _ = tichu.apply(state, {"seat": "S", "type": "tichu"})
    for seat in SEATS:
        state, _ = tichu.apply(state, {"seat": seat, "type": "exchange", "give": gives[seat]})
    for action in actions:
        state, _ = tichu.apply(state, action)
    return tichu.build_record(state)


def filled(south: list, placed: dict, seed: int = 3) -> dict:
    """South's 14 cards and the rest dealt at random, ``placed`` (seat -> {index: card}) put
    where a test needs them."""
    fixed = {card for cards in placed.values() for card in cards.values()}
    rest = [c for c in CARD_IDS if c not in south and c not in fixed]
    random.Random(seed).shuffle(rest)
    after = {"S": south}
    for seat in ("E", "N", "W"):
        hand, rest = rest[:14 - len(placed.get(seat, {}))], rest[14 - len(placed.get(seat, {})):]
        for index, card in sorted(placed.get(seat, {}).items()):
            hand.insert(index, card)
        after[seat] = hand
    return after


def verdicts(rec, kind) -> list:
    return [d for d in review.review(rec, "S", seed=SEED) if d["kind"] == kind]


def test_a_grand_tichu_on_a_hopeless_hand_is_marked_and_declining_it_is_not():
    after = filled(HOPELESS + ["jade-5", "jade-6", "jade-8"], {})
    [called] = verdicts(record(after, grand=True), "grand")
    assert called["flagged"] and called["best"] == {"type": "grand", "call": False}
    assert called["cost"] >= 100  # a lost Grand Tichu is 200 points
    [declined] = verdicts(record(after), "grand")
    assert not declined["flagged"] and declined["best"] == {"type": "grand", "call": False}


def test_a_tichu_called_on_a_hopeless_hand_is_marked():
    after = filled(HOPELESS + ["jade-5", "jade-6", "jade-8"], {})
    [called] = verdicts(record(after, tichu_in_exchange=True), "tichu")
    assert called["flagged"] and called["best"] == {"type": "tichu", "call": False} and called["cost"] >= 50


# South's Dragon goes to East in the exchange (or a low card does), with everything else as is
STRONG = ["dragon", "phoenix", "jade-A", "sword-A", "star-K", "pagoda-K", "jade-Q", "sword-J",
          "star-10", "jade-9", "pagoda-8", "sword-7", "star-6", "jade-5"]


def test_the_dragon_passed_to_an_opponent_is_marked_and_a_low_card_is_not():
    gave_dragon = filled(STRONG[1:] + ["star-2"], {"E": {11: "dragon"}, "N": {11: "sword-3"}, "W": {11: "jade-4"}})
    [blunder] = verdicts(record(gave_dragon), "exchange")
    assert blunder["played"]["give"]["E"] == "dragon" and blunder["flagged"] and blunder["cost"] >= 20
    assert "dragon" not in blunder["best"]["give"].values()
    gave_low = filled(STRONG, {"E": {11: "star-2"}, "N": {11: "sword-3"}, "W": {11: "jade-4"}})
    [sound] = verdicts(record(gave_low), "exchange")
    assert sound["played"]["give"] == {"E": "star-2", "N": "sword-3", "W": "jade-4"} and not sound["flagged"]


# South leads a straight from the Mahjong, East wins the next trick with an Ace and sheds an
# 11-card straight, and South's Dragon takes East's next lead: East holds one card (an Ace),
# West thirteen, and South two (a pair it leads next, going out first). Given to West, the
# trick's 50 points come back to South whenever West finishes last; given to East, never.
GIFT_S = ["mahjong", "jade-2", "sword-3", "pagoda-4", "star-5", "jade-6", "sword-7", "pagoda-8", "star-9",
          "jade-10", "star-3", "dragon", "pagoda-9", "jade-9"]
GIFT_E = ["pagoda-3", "jade-4", "sword-5", "pagoda-6", "jade-7", "sword-8", "sword-9", "sword-10", "jade-J",
          "jade-Q", "sword-K", "jade-A", "pagoda-5", "pagoda-A"]


def gift_hands(hidden=None) -> dict:
    """The hands of the gift story; ``hidden`` reorders the cards South never sees (North's
    and West's unplayed cards that did not come from South, East's last Ace)."""
    rest = [c for c in CARD_IDS if c not in GIFT_S + GIFT_E and c not in ("star-10", "pagoda-K")]
    random.Random(5).shuffle(rest)
    north, west, east = ["star-10"] + rest[:13], ["pagoda-K"] + rest[13:26], list(GIFT_E)
    slots = [(north, i) for i in range(1, 11)] + [(west, i) for i in range(1, 11)] + [(east, 13)]
    if hidden is not None:
        cards = [hand[i] for hand, i in slots]
        for (hand, i), j in zip(slots, hidden):
            hand[i] = cards[j]
    return {"S": list(GIFT_S), "E": east, "N": north, "W": west}


def gift_record(to: str, hidden=None) -> dict:
    def passes(*seats):
        return [{"seat": s, "type": "pass"} for s in seats]

    def play(seat, cards):
        return {"seat": seat, "type": "play", "cards": cards}

    collect = {"type": "collect"}
    actions = ([play("S", GIFT_S[:10]), *passes("E", "N", "W"), collect,
                play("S", ["star-3"]), play("E", ["jade-A"]), *passes("N", "W", "S"), collect,
                play("E", GIFT_E[:11]), *passes("N", "W", "S"), collect,
                play("E", ["pagoda-5"]), play("N", ["star-10"]), play("W", ["pagoda-K"]), play("S", ["dragon"]),
                *passes("E", "N", "W"), collect, {"seat": "S", "type": "gift", "to": to}])
    return record(gift_hands(hidden), actions)


def test_the_dragon_trick_given_to_the_opponent_about_to_go_out_is_marked():
    [blunder] = verdicts(gift_record("E"), "gift")
    assert blunder["flagged"] and blunder["best"] == {"type": "gift", "to": "W"} and blunder["cost"] >= 20
    [sound] = verdicts(gift_record("W"), "gift")
    assert not sound["flagged"] and sound["best"] == {"type": "gift", "to": "W"}


def test_not_calling_tichu_is_judged_once_at_the_first_card_played():
    judged = review.review(gift_record("W"), "S", seed=SEED)
    calls = [d for d in judged if d["kind"] == "tichu"]
    # South passes with all 14 cards at no point here; its first card is the opening straight
    assert [(d["step"], d["played"]) for d in calls] == [(8, {"type": "tichu", "call": False})]
    assert [d["kind"] for d in judged if d["step"] == 8] == ["tichu", "play"]


@cache
def gift_review() -> list:
    return review.review(gift_record("E"), "S", seed=SEED)


@PROPERTY
@given(st.permutations(range(21)))
def test_every_verdict_is_the_same_for_every_hidden_deal_south_could_not_tell_apart(hidden):
    assume(hidden != sorted(hidden))  # another deal than the one of the baseline
    assert review.review(gift_record("E", hidden), "S", seed=SEED) == gift_review()


@PROPERTY
@given(st.permutations(range(34)))
def test_the_grand_tichu_verdict_reads_only_the_first_eight_cards(hidden):
    assume(hidden != sorted(hidden))
    south = HOPELESS + ["jade-5", "jade-6", "jade-8"]
    after = filled(south, {})
    # South's own last six cards are as hidden from it as the others' when it decides
    pool = [(seat, i) for seat in ("S",) for i in range(8, 11)] + [
        (seat, i) for seat in ("E", "N", "W") for i in range(11)]
    shuffled = {seat: list(cards) for seat, cards in after.items()}
    cards = [after[seat][i] for seat, i in pool]
    for (seat, i), j in zip(pool, hidden):
        shuffled[seat][i] = cards[j]
    assert verdicts(record(shuffled, grand=True), "grand") == verdicts(record(after, grand=True), "grand")
