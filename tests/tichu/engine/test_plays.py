"""The fast play lister (``plays``: rank tables, keys, runs built rank by rank) against the
obvious enumeration: every subset of the hand, classified by ``combinations.readings``."""

import copy
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import memos
from gamekit.memos import Memo
from tichu.engine import apply, from_json, legal, legal_actions, listed, plays, rules, to_json
from tichu.engine.cards import CARD_IDS, CARD_NAMES, DOG, DRAGON, MAHJONG, PHOENIX, RANK_NAMES, cards_of, mask_of
from tichu.engine.combinations import (DOG_LEAD, PAIR, PAIRS, SINGLE, STRAIGHT, TRIPLE, beats, is_bomb,
                                              phoenix_single_rank, readings)
from tichu.engine.plays import all_leads, answer_groups, answers, bombs, has_bomb

from .helpers import table

# Few ranks, so that bombs, full houses and long runs come up often in hands of a dozen cards.
POOL = [MAHJONG, DOG, PHOENIX, DRAGON] + [rank * 4 + suit for rank in range(2, 10) for suit in range(4)]
POOL += [rank * 4 + suit for rank in (13, 14) for suit in range(2)]
hands = st.lists(st.sampled_from(POOL), min_size=1, max_size=12, unique=True)


def reference_leads(cards):
    """Every reading of every subset of the cards."""
    found = set()
    for size in range(1, len(cards) + 1):
        for chosen in combinations(cards, size):
            found.update(readings(list(chosen), mask_of(chosen)))
    return found


def reference_answers(cards, top):
    found = set()
    for combo in reference_leads(cards):
        if combo[0] == SINGLE and combo[3] == 1 << PHOENIX:
            rank = phoenix_single_rank(top)
            if rank is None:
                continue
            combo = (SINGLE, 1, rank, combo[3], 0)
        if combo[0] != DOG_LEAD and beats(combo, top):
            found.add(combo)
    return found


def tops(draw_cards):
    """Combinations that can lie on the table: any reading of some cards, a Phoenix single
    half a rank above any single."""
    options = [c for c in reference_leads(draw_cards) if c[0] != DOG_LEAD]
    options += [(SINGLE, 1, rank, 1 << PHOENIX, 0) for rank in range(3, 29, 2)]
    return options


@settings(max_examples=300)
@given(hands)
def test_the_quick_bomb_test_agrees_with_the_bomb_search(cards):
    assert has_bomb(mask_of(cards)) == bool(bombs(mask_of(cards)))


def test_the_quick_bomb_test_finds_fours_and_straight_flushes_only():
    def hand(*names):
        return mask_of(CARD_IDS[name] for name in names)
    assert has_bomb(hand("jade-7", "sword-7", "pagoda-7", "star-7"))
    assert not has_bomb(hand("jade-7", "sword-7", "pagoda-7", "star-8", "phoenix"))
    assert has_bomb(hand("star-2", "star-3", "star-4", "star-5", "star-6"))
    assert has_bomb(hand("jade-10", "jade-J", "jade-Q", "jade-K", "jade-A"))
    assert not has_bomb(hand("star-2", "star-3", "star-4", "star-5", "jade-6", "mahjong"))
    assert not has_bomb(hand("star-2", "star-3", "star-4", "star-5", "star-7"))


@given(st.sets(st.integers(1, 14)), st.integers(-1, 15))
def test_the_ranks_above_a_rank_are_read_from_rank_bits_in_order(ranks, above):
    bits = sum(1 << 4 * rank for rank in ranks)
    assert plays._ranks_above(bits, above) == tuple(sorted(r for r in ranks if r > above))


@settings(max_examples=150, deadline=None)
@given(hands)
def test_every_lead_of_a_hand_is_listed_once(cards):
    listed = all_leads(mask_of(cards))
    assert len(listed) == len(set(listed))
    assert set(listed) == reference_leads(cards)


@settings(max_examples=150, deadline=None)
@given(hands, st.lists(st.sampled_from(POOL), min_size=1, max_size=6, unique=True), st.data())
def test_every_answer_to_a_combination_is_listed_once(cards, top_cards, data):
    top = data.draw(st.sampled_from(tops(top_cards)))
    listed = answers(mask_of(cards), top)
    assert len(listed) == len(set(listed))
    assert set(listed) == reference_answers(cards, top)
    assert set(bombs(mask_of(cards), top)) == {c for c in reference_answers(cards, top) if is_bomb(c)}


# Runs of every length on the table: random tops of a few cards rarely are long runs, and
# the lister builds a run's first ranks from tables, so each length needs its own check.
run_tops = st.one_of(
    st.integers(5, 10).flatmap(lambda n: st.builds(lambda top: (STRAIGHT, n, top, 0, 0),
                                                   st.integers(n, 14))),
    st.integers(2, 6).flatmap(lambda n: st.builds(lambda top: (PAIRS, 2 * n, top, 0, 0),
                                                  st.integers(n + 1, 14))))


@st.composite
def run_hands(draw):
    """A hand with a run of consecutive ranks (one or two cards each), maybe more cards."""
    low = draw(st.integers(2, 6))
    cards = set()
    for rank in range(low, draw(st.integers(low + 4, 10))):
        cards.update(rank * 4 + suit for suit in draw(st.sets(st.integers(0, 3), min_size=1, max_size=2)))
    cards.update(draw(st.lists(st.sampled_from(POOL), max_size=3)))
    return sorted(cards)


@settings(max_examples=200, deadline=None)
@given(st.one_of(hands, run_hands()), run_tops)
def test_every_answer_to_a_long_run_is_listed_once(cards, top):
    listed = answers(mask_of(cards), top)
    assert len(listed) == len(set(listed))
    assert set(listed) == reference_answers(cards, top)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(POOL[1:]), min_size=1, max_size=10, unique=True))
def test_legal_actions_name_exactly_the_listed_leads(cards):
    """The action dicts (cached per key) say the same plays as the combinations."""
    names = [CARD_NAMES[c] for c in cards]
    state = table(S=names + ["mahjong"])
    listed = {(frozenset(a["cards"]), a.get("phoenix"))
              for a in legal_actions(state, "S") if a["type"] == "play"}
    expected = {(frozenset(CARD_NAMES[c] for c in cards_of(combo[3])), RANK_NAMES.get(combo[4]))
                for combo in reference_leads(cards + [MAHJONG])}
    assert listed == expected


def test_listed_actions_are_shared_and_left_unchanged_by_apply():
    """Listed play dicts are reused between listings (read-only by contract): applying one,
    or a copy with a wish, must not change what the next listing says."""
    state = table(S=["mahjong", "jade-2", "sword-3", "star-4", "jade-5", "phoenix", "jade-K"])
    listed = legal_actions(state, "S")
    before = copy.deepcopy(listed)
    for action in listed:
        if action["type"] == "play":
            apply(state, dict(action, wish="7") if "mahjong" in action["cards"] else action)
    again = legal_actions(state, "S")
    assert again == before
    assert all(a is b for a, b in zip(again, listed) if a["type"] == "play")


@settings(max_examples=150, deadline=None)
@given(hands)
def test_a_lead_makes_new_actions_only_for_plays_not_made_at_import(cards):
    """``listed.fresh_plays`` takes every single, pair and triple (and the Dog) from
    ``listed.MADE`` and makes every other play; a play it makes keeps its group, whose
    reading is the one ``apply`` would work out of the play's cards."""
    for kind, length, rank, keys in plays.lead_groups(mask_of(cards), remember=False):
        for key in keys:
            assert (key in listed.MADE[0]) == (kind in listed._MADE_KINDS)
            if kind not in listed._MADE_KINDS:
                assert rules._key_reading(key) == (kind, length, rank, key & plays.CARD_BITS,
                                                   key >> plays.PHOENIX_SHIFT)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(POOL[1:]), min_size=1, max_size=10, unique=True))
def test_a_listed_action_and_its_plain_copy_apply_alike(cards):
    """``apply`` takes listed actions at their word (no parsing); a plain dict copy is read in
    full. Both must give the same state, record and events, Phoenix readings included."""
    state = table(S=[CARD_NAMES[c] for c in cards] + ["mahjong"])
    for action in legal_actions(state, "S"):
        assert apply(state, action) == apply(state, dict(action))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(POOL[1:]), min_size=1, max_size=10, unique=True), st.data())
def test_a_listing_is_the_same_whichever_of_its_plays_were_listed_before(cards, data):
    """``legal_actions`` looks up the shared action of each play and builds only the missing
    ones: a listing whose plays were partly seen before equals one built afresh."""
    names = [CARD_NAMES[c] for c in cards] + ["mahjong"]
    seen = data.draw(st.lists(st.sampled_from(names), unique=True))
    legal._ACTIONS[0].clear()
    plays._LEADS.clear()
    if seen:
        legal_actions(table(S=seen), "S")
    partly = legal_actions(table(S=names), "S")
    legal._ACTIONS[0].clear()
    plays._LEADS.clear()
    assert partly == legal_actions(table(S=names), "S")


@settings(max_examples=200, deadline=None)
@given(hands, st.lists(st.sampled_from(POOL), min_size=1, max_size=1), st.data())
def test_the_answers_to_a_single_are_its_singles_in_order(cards, top_cards, data):
    """``legal_actions`` lists the answers to a single from ``listed.single_answers`` (bombs
    aside): the same plays, in the same order, as the singles ``answer_groups`` lists, and
    the same actions as any other listing of those plays."""
    top = data.draw(st.sampled_from([c for c in tops(top_cards) if c[0] == SINGLE]))
    hand = mask_of(c for c in cards if not 1 << c & top[3])
    expected = [key for group in answer_groups(hand, top) if group[0] == SINGLE
                for key in group[3]]
    seat = data.draw(st.integers(0, 3))
    answered = listed.single_answers(seat, hand, top[2])
    assert [action.key for action in answered] == expected
    assert answered == [listed.play(seat, key) for key in expected]
    assert all(action.seat_index == seat for action in answered)


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands, run_hands()), st.data())
def test_the_leads_of_fewer_cards_are_the_leads_that_avoid_the_cards_gone(cards, data):
    """``legal_actions`` lists a seat's next lead by filtering its last one (the hand only
    shrinks during a hand): that is right only because ``plays`` lists the leads of a
    smaller hand in the same order as they come in the larger hand's listing."""
    hand = mask_of(cards)
    kept = mask_of(data.draw(st.lists(st.sampled_from(cards), unique=True)))
    gone = hand & ~kept
    assert [key for group in plays._lead_groups(hand) for key in group[3] if not key & gone] \
        == [key for group in plays._lead_groups(kept) for key in group[3]]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(POOL[1:]), min_size=2, max_size=12, unique=True), st.data())
def test_a_lead_filtered_from_the_seats_last_lead_equals_one_listed_afresh(cards, data):
    names = [CARD_NAMES[c] for c in cards] + ["mahjong"]
    kept = ["mahjong"] + data.draw(st.lists(st.sampled_from(names[:-1]), min_size=1, unique=True))
    listed.LAST_LEADS[0].clear()
    before = table(S=names)
    legal_actions(before, "S")
    after = before.evolve()  # the same hand (deal), later: South holds only ``kept``
    after.hands = (mask_of(CARD_IDS[n] for n in kept),) + before.hands[1:]
    filtered = legal_actions(after, "S")
    assert listed.LAST_LEADS[0][before.deal[0]][0] == after.hands[0]
    listed.LAST_LEADS[0].clear()
    plays._LEADS.clear()
    assert filtered == legal_actions(table(S=kept), "S")


def test_tables_side_by_side_keep_their_own_last_leads():
    """Two tables' hands listed in turn each filter their next lead from their own last one
    (keyed by the seat's deal of the hand, not by the seat alone)."""
    listed.LAST_LEADS[0].clear()
    one = table(S=["mahjong", "jade-2", "sword-2", "star-3", "jade-4", "jade-5", "jade-6"])
    two = table(S=["mahjong", "pagoda-9", "star-9", "star-10", "jade-J", "jade-Q", "jade-K"])
    legal_actions(one, "S")
    legal_actions(two, "S")
    assert set(listed.LAST_LEADS[0]) == {one.deal[0], two.deal[0]}
    later = one.evolve()
    later.hands = (one.hands[0] & ~mask_of([CARD_IDS["jade-6"]]),) + one.hands[1:]
    listing = legal_actions(later, "S")
    assert listed.LAST_LEADS[0][one.deal[0]][0] == later.hands[0]
    plays._LEADS.clear()
    listed.LAST_LEADS[0].clear()
    assert listing == legal_actions(later, "S")


def test_every_load_of_a_hand_finds_the_seats_last_lead():
    """A server loads a hand's state from JSON for every move and every page: the seat's
    last lead is kept under the deal's content, so every load of the hand finds it, a seat's
    next lead is filtered from it, and the seat keeps one entry for the hand however often
    it is listed (keyed by the deal's identity, each load used to add one that no later
    listing could find)."""
    cards = ["mahjong", "jade-2", "sword-2", "star-3", "jade-4", "jade-5", "jade-6", "dragon"]
    listed.LAST_LEADS[0].clear()
    stored = to_json(table(S=cards))
    for _ in range(5):
        legal_actions(from_json(stored), "S")
    assert len(listed.LAST_LEADS[0]) == 1
    later = from_json(stored)
    later.hands = (later.hands[0] & ~mask_of([CARD_IDS["dragon"]]),) + later.hands[1:]
    filtered = legal_actions(later, "S")
    assert listed.LAST_LEADS[0][later.deal[0]][0] == later.hands[0]
    listed.LAST_LEADS[0].clear()
    plays._LEADS.clear()
    assert filtered == legal_actions(later, "S")
    listed.LAST_LEADS[0].clear()


def test_a_seats_first_lead_of_a_hand_is_remembered_only_when_listed_again():
    """A hand's first lead is searched without filling the lead cache (its groups would
    outlive the hand); listed a second time, the same hand is remembered, and the listings
    are the same."""
    cards = ["mahjong", "jade-2", "sword-2", "star-3", "jade-4", "jade-5", "jade-6"]
    state = table(S=cards)
    listed.LAST_LEADS[0].clear()
    plays._LEADS.clear()
    first = legal_actions(state, "S")
    assert state.hands[0] not in plays._LEADS
    again = legal_actions(state, "S")
    assert state.hands[0] in plays._LEADS
    assert first == again == legal_actions(table(S=cards), "S")
    listed.LAST_LEADS[0].clear()
    plays._LEADS.clear()


def test_a_hand_that_ends_forgets_its_last_leads():
    """The seats' last leads of a hand go when it ends, so that its play dicts do not
    outlive it."""
    state = table(S=["jade-2"], E=["jade-3"], out=("N", "W"))
    lead = legal_actions(state, "S")
    assert state.deal[0] in listed.LAST_LEADS[0]
    after, _ = apply(state, lead[-1])  # South goes out third: the hand is over
    assert after.phase in ("hand_over", "game_over")
    assert all(state.deal[seat] not in last_leads
               for seat, last_leads in enumerate(listed.LAST_LEADS))


def test_a_seats_new_hand_starts_its_play_cache_afresh():
    """The plays cached for a seat are dropped when its lead shows a new hand (a card its
    last lead did not hold); the singles stay, and a listing is the same either way."""
    first = table(S=["mahjong", "jade-2", "sword-2", "star-3", "jade-4", "jade-5", "jade-6"])
    second = table(S=["mahjong", "pagoda-9", "star-9", "star-10", "jade-J", "jade-Q", "jade-K"])
    listed.LAST_LEADS[0].clear()
    legal_actions(first, "S")
    listed_again = legal_actions(second, "S")
    kept = set(legal._ACTIONS[0]) - set(listed.SINGLES[0])
    assert kept == {action.key for action in listed_again if action["type"] == "play"
                    and len(action["cards"]) > 1}
    legal._ACTIONS[0].clear()
    listed.LAST_LEADS[0].clear()
    plays._LEADS.clear()
    assert legal_actions(second, "S") == listed_again


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands, run_hands()), st.sampled_from([PAIR, TRIPLE]), st.integers(1, 14),
       st.integers(0, 3))
def test_the_answers_to_a_pair_or_a_triple_are_its_sets_in_order(cards, kind, rank, seat):
    """``legal_actions`` lists the answers to a pair or a triple from ``listed.set_answers``
    (bombs aside): the same plays, in the same order, as ``answer_groups`` lists."""
    hand = mask_of(cards)
    top = (kind, kind + 1, rank, 0, 0)  # the cards of the top do not matter here
    expected = [key for group in answer_groups(hand, top) if group[0] == kind for key in group[3]]
    answered = listed.set_answers(seat, hand, kind, rank)
    assert [action.key for action in answered] == expected
    assert answered == [listed.play(seat, key) for key in expected]
    assert all(action.seat_index == seat for action in answered)


class _ChangedUnderfoot(Memo):
    """A full LAST_LEADS memo that another thread changes while this one looks for its oldest key."""

    def __iter__(self):
        keys = iter(list(super().keys()))
        self.pop(next(iter(list(super().keys()))))  # the other thread takes the oldest first
        self[object()] = None  # and adds its own
        return keys


def test_a_full_last_leads_changed_by_another_thread_does_not_fail_a_listing(monkeypatch):
    full = _ChangedUnderfoot((index, None) for index in range(listed.LAST_LEADS_LIMIT))
    full.name, full.limit, full.oldest_first = "changed underfoot", listed.LAST_LEADS_LIMIT, True
    monkeypatch.setattr(listed, "LAST_LEADS", (full,) + listed.LAST_LEADS[1:])
    hand = ["mahjong", "jade-2", "sword-2", "star-3", "jade-4", "jade-5", "jade-6"]
    listing = legal_actions(table(S=hand), "S")
    plays._LEADS.clear()
    monkeypatch.undo()
    listed.LAST_LEADS[0].clear()
    assert listing == legal_actions(table(S=hand), "S")


def test_every_memo_of_the_engine_is_bounded_keyed_by_value_and_listed():
    """The engine's memos are the kit's (gamekit.memos): a listing fills them, `clear_all`
    empties them all, and the same listing after that is the same."""
    state = table(S=["mahjong", "jade-2", "sword-2", "star-3", "jade-4", "jade-5", "jade-6"])
    first = legal_actions(state, "S")
    apply(state, first[0])
    names = set(memos.MEMOS)
    assert {"tichu.leads", "tichu.parsed_cards", "tichu.readings", "tichu.last_leads.S", "tichu.plays.S"} <= names
    assert all(isinstance(m, memos.Memo) and m.limit > 0 for m in memos.MEMOS.values())
    memos.clear_all()
    assert memos.sizes()["tichu.last_leads.S"] == 0
    assert legal_actions(state, "S") == first
