"""Scoring a winning hand through the ``mahjong`` package, configured for the table's rules.

The package's defaults are not ours (no red fives, no open tanyao, double yakuman on), so
every option is set explicitly here. Results are memoised in ``SCORE_CACHE`` keyed by the
complete input as values; ``SCORE_CACHE.clear()`` resets it.
"""

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

from gamekit.memos import memo

from .tiles import FIVE_OF_RED, kind

FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
         "houtei", "tenhou", "chiihou")
PAO_YAKU = {"Daisangen", "DaiSuushii"}
_MELD_TYPES = {"chi": Meld.CHI, "pon": Meld.PON, "open": Meld.KAN, "closed": Meld.KAN,
               "added": Meld.SHOUMINKAN}


SCORE_CACHE = memo("riichi.scores", 50_000)


def optional_rules(rules) -> OptionalRules:
    return OptionalRules(
        has_open_tanyao=rules["kuitan"],
        has_aka_dora=rules["red_fives"],
        has_double_yakuman=rules["double_yakuman"],
        kazoe_limit=HandConstants.KAZOE_LIMITED,
        kiriage=rules["kiriage"],
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,
    )


class _Indexer:
    """Hands out distinct 136-format indices; a red five takes copy 0, which the package reads as red."""

    def __init__(self, red_fives: bool):
        self.next = [0] * 34
        if red_fives:
            for five in FIVE_OF_RED.values():
                self.next[five] = 1

    def __call__(self, tile: int) -> int:
        if tile >= 34:
            return FIVE_OF_RED[tile] * 4
        copy = self.next[tile]
        self.next[tile] = copy + 1
        return tile * 4 + copy


def score_hand(rules, concealed, melds, win_tile, seat_wind, round_wind, dora, ura, flags):
    """The value of a complete hand, or ``None`` when it has no yaku.

    ``concealed`` includes the winning tile; ``melds`` are ``[type, tiles, called, from]``;
    ``flags`` is a dict over ``FLAGS``. Returns ``{"han", "fu", "main", "additional",
    "yaku", "yaku_han", "yakuman", "pao_han"}`` where ``main``/``additional`` are the package's payments
    without honba or sticks and ``pao_han`` the part of ``han`` from yakuman that carry
    liability (daisangen, daisuushii).
    """
    key = (
        rules["kuitan"], rules["red_fives"], rules["double_yakuman"], rules["kiriage"],
        tuple(sorted(concealed)), win_tile,
        tuple((m[0], tuple(m[1])) for m in melds), seat_wind, round_wind,
        tuple(kind(t) for t in dora), tuple(kind(t) for t in ura),
        tuple(bool(flags.get(f)) for f in FLAGS),
    )
    cached = SCORE_CACHE.get(key)
    if cached is not None:
        return cached or None
    result = _calculate(rules, concealed, melds, win_tile, seat_wind, round_wind, dora, ura, flags)
    SCORE_CACHE.keep(key, result or False)
    return result


def _calculate(rules, concealed, melds, win_tile, seat_wind, round_wind, dora, ura, flags):
    index = _Indexer(rules["red_fives"])
    tiles136 = []
    package_melds = []
    for m in melds:
        meld_tiles = [index(t) for t in m[1]]
        tiles136.extend(meld_tiles)
        package_melds.append(Meld(meld_type=_MELD_TYPES[m[0]], tiles=sorted(meld_tiles),
                                  opened=m[0] != "closed"))
    rest = list(concealed)
    rest.remove(win_tile)
    win136 = index(win_tile)
    tiles136.append(win136)
    tiles136.extend(index(t) for t in rest)
    # indicators only matter by kind; spare copies keep them valid 136 indices
    config = HandConfig(
        is_tsumo=bool(flags.get("tsumo")),
        is_riichi=bool(flags.get("riichi") or flags.get("double_riichi")),
        is_daburu_riichi=bool(flags.get("double_riichi")),
        is_ippatsu=bool(flags.get("ippatsu")),
        is_rinshan=bool(flags.get("rinshan")),
        is_chankan=bool(flags.get("chankan")),
        is_haitei=bool(flags.get("haitei")),
        is_houtei=bool(flags.get("houtei")),
        is_tenhou=bool(flags.get("tenhou")),
        is_chiihou=bool(flags.get("chiihou")),
        player_wind=seat_wind,
        round_wind=round_wind,
        options=optional_rules(rules),
    )
    response = HandCalculator.estimate_hand_value(
        tiles136, win136, melds=package_melds,
        dora_indicators=[kind(t) * 4 for t in dora],
        ura_dora_indicators=[kind(t) * 4 for t in ura],
        config=config,
    )
    if response.error:
        return None
    pao_han = sum(y.han_open if response.is_open_hand else y.han_closed
                  for y in response.yaku if type(y).__name__ in PAO_YAKU)
    return {
        "han": response.han,
        "fu": response.fu,
        "main": response.cost["main"],
        "additional": response.cost["additional"],
        "yaku": [y.name for y in response.yaku],
        "yaku_han": [y.han_open if response.is_open_hand else y.han_closed for y in response.yaku],
        "yakuman": any(y.is_yakuman for y in response.yaku),
        "pao_han": pao_han,
    }

