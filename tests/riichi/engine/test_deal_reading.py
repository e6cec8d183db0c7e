"""A round's wall is read alike by the quick path (a whole, well-formed set) and the checks."""

import random

from riichi.engine import IllegalAction, shuffled_deal
from riichi.engine.options import normalize
from riichi.engine import state
from riichi.engine.state import _checked_deal, parse_deal


def outcome(read, deal, rules):
    try:
        return read(deal, rules)
    except IllegalAction as error:
        return error.code, error.message


def broken_deals(deal, rng) -> list:
    seat, other = rng.sample("0123", 2)
    haipai = deal["haipai"]

    def with_hand(tiles):
        return dict(deal, haipai=dict(haipai, **{seat: tiles}))

    return [
        with_hand(haipai[seat][:12]), with_hand(haipai[seat] + ["1m"]),
        with_hand(haipai[seat][:12] + haipai[other][:1]), with_hand(haipai[seat][:12] + ["8z"]),
        with_hand(haipai[seat][:12] + [5]), with_hand(haipai[seat][:12] + [[]]),
        with_hand(tuple(haipai[seat])), with_hand(haipai[seat][:12] + ["0m"]),
        dict(deal, haipai={s: h for s, h in haipai.items() if s != seat}),
        dict(deal, haipai=dict(haipai, X=[])), dict(deal, draws=deal["draws"][:-1]),
        dict(deal, draws=deal["draws"] + ["1m"]), dict(deal, dora_indicators=[]),
        dict(deal, rinshan=deal["rinshan"][:3] + deal["draws"][:1]),
        {k: v for k, v in deal.items() if k != "ura_indicators"}, dict(deal, extra=1),
        dict(deal, draws=tuple(deal["draws"])), list(deal.items()), None,
    ]


def test_a_deal_is_read_alike_by_the_quick_path_and_the_checks():
    """Both must agree on every deal, good or broken, with red fives on and off (a deal with
    red fives at a table without them is broken)."""
    rng = random.Random(39)
    for n in range(150):
        red = n % 2 == 0
        deal = shuffled_deal(rng, red)
        for rules in (normalize({"red_fives": True}), normalize({"red_fives": False})):
            assert outcome(parse_deal, deal, rules) == outcome(_checked_deal, deal, rules)
            for bad in broken_deals(deal, rng):
                assert outcome(parse_deal, bad, rules) == outcome(_checked_deal, bad, rules)


def test_a_whole_wall_takes_the_quick_path(monkeypatch):
    deal = shuffled_deal(random.Random(1))
    rules = normalize({})
    checked = _checked_deal(deal, rules)

    def unwanted(deal, rules):
        raise AssertionError("the checks ran")

    monkeypatch.setattr(state, "_checked_deal", unwanted)
    assert parse_deal(deal, rules) == checked
