"""How a Tenhou log writes a win: the yaku in Tenhou's own order and words, and the price
("30符4飜7700点", "満貫2000-4000点", "跳満6000点∀")."""

# the mahjong package's yaku name -> Tenhou's word
WORDS = {
    "Menzen Tsumo": "門前清自摸和", "Riichi": "立直", "Ippatsu": "一発", "Chankan": "槍槓",
    "Rinshan Kaihou": "嶺上開花", "Haitei Raoyue": "海底摸月", "Houtei Raoyui": "河底撈魚", "Pinfu": "平和",
    "Tanyao": "断幺九", "Iipeiko": "一盃口",
    "Yakuhai (seat wind east)": "自風 東", "Yakuhai (seat wind south)": "自風 南",
    "Yakuhai (seat wind west)": "自風 西", "Yakuhai (seat wind north)": "自風 北",
    "Yakuhai (round wind east)": "場風 東", "Yakuhai (round wind south)": "場風 南",
    "Yakuhai (round wind west)": "場風 西", "Yakuhai (round wind north)": "場風 北",
    "Yakuhai (haku)": "役牌 白", "Yakuhai (hatsu)": "役牌 發", "Yakuhai (chun)": "役牌 中",
    "Double Riichi": "両立直", "Chiitoitsu": "七対子", "Chantai": "混全帯幺九", "Ittsu": "一気通貫",
    "Sanshoku Doujun": "三色同順", "Sanshoku Doukou": "三色同刻", "San Kantsu": "三槓子", "Toitoi": "対々和",
    "San Ankou": "三暗刻", "Shou Sangen": "小三元", "Honroutou": "混老頭", "Ryanpeikou": "二盃口",
    "Junchan": "純全帯幺九", "Honitsu": "混一色", "Chinitsu": "清一色", "Renhou": "人和", "Tenhou": "天和",
    "Chiihou": "地和", "Daisangen": "大三元", "Suu Ankou": "四暗刻", "Suu Ankou Tanki": "四暗刻単騎",
    "Tsuu Iisou": "字一色", "Ryuuiisou": "緑一色", "Chinroutou": "清老頭", "Chuuren Poutou": "九蓮宝燈",
    "Daburu Chuuren Poutou": "純正九蓮宝燈", "Kokushi Musou": "国士無双",
    "Kokushi Musou Juusanmen Matchi": "国士無双１３面", "Dai Suushii": "大四喜", "Shousuushii": "小四喜",
    "Suu Kantsu": "四槓子", "Dora": "ドラ", "Ura Dora": "裏ドラ", "Aka Dora": "赤ドラ",
}
# The order Tenhou's logs list a hand's yaku in, as the shared real logs show it (their
# order is not Tenhou's yaku numbering); "yakuhai" stands for the wind and dragon sets, which
# come set by set: the concealed ones by tile, then the called ones in call order, the round
# wind before the seat wind of one set.
ORDER = [
    "Double Riichi", "Riichi", "Ippatsu", "Menzen Tsumo", "Chankan", "Rinshan Kaihou", "Haitei Raoyue",
    "Houtei Raoyui", "Pinfu", "Iipeiko", "Ryanpeikou", "Sanshoku Doujun", "Ittsu", "Chiitoitsu",
    "San Ankou", "Toitoi", "Sanshoku Doukou", "San Kantsu", "Tanyao", "Shou Sangen", "yakuhai",
    "Honroutou", "Chantai", "Junchan", "Honitsu", "Chinitsu", "Renhou", "Tenhou", "Chiihou",
    "Daisangen", "Suu Ankou", "Suu Ankou Tanki", "Tsuu Iisou", "Ryuuiisou", "Chinroutou",
    "Chuuren Poutou", "Daburu Chuuren Poutou", "Kokushi Musou", "Kokushi Musou Juusanmen Matchi",
    "Dai Suushii", "Shousuushii", "Suu Kantsu", "Dora", "Aka Dora", "Ura Dora",
]
RANK = {name: n for n, name in enumerate(ORDER)}
# a wind or dragon yaku -> (the engine's tile kind of its set, round wind before seat wind)
YAKUHAI = {
    **{f"Yakuhai (round wind {w})": (27 + n, 0) for n, w in enumerate(("east", "south", "west", "north"))},
    **{f"Yakuhai (seat wind {w})": (27 + n, 1) for n, w in enumerate(("east", "south", "west", "north"))},
    "Yakuhai (haku)": (31, 0), "Yakuhai (hatsu)": (32, 0), "Yakuhai (chun)": (33, 0),
}
YAKUMAN_HAN = 13
LIMITS = ((13, "役満"), (11, "三倍満"), (8, "倍満"), (6, "跳満"), (5, "満貫"))
MANGAN_BASE = 2000
KIRIAGE_BASE = 1920


def yaku_words(detail, sets) -> list:
    """A win's yaku as Tenhou lists them: "立直(1飜)", "大三元(役満)"; ``sets``: the tile kinds of
    the winner's sets in the order Tenhou goes through them."""
    def place(pair):
        name = pair[0]
        if name in YAKUHAI:
            tile, second = YAKUHAI[name]
            return RANK["yakuhai"], sets.index(tile) if tile in sets else len(sets), second
        return RANK[name], 0, 0

    words = []
    for name, han in sorted(zip(detail["yaku"], detail["yaku_han"]), key=place):
        word = WORDS[name]
        if detail["yakuman"]:
            words.append(f"{word}({'ダブル役満' if han > YAKUMAN_HAN else '役満'})")
        else:
            words.append(f"{word}({han}飜)")
    return words


def price(detail, dealer: int, kiriage: bool) -> str:
    """The hand's name or fu and han, and what it is paid without honba: a ron's points,
    a tsumo's "non-dealer-dealer" payments or the dealer's "each∀"."""
    han, fu = detail["han"], detail["fu"]
    limit = "役満" if detail["yakuman"] else next((word for least, word in LIMITS if han >= least), None)
    base = fu * 2 ** (han + 2)
    if limit is None and (base >= MANGAN_BASE or kiriage and base >= KIRIAGE_BASE):
        limit = "満貫"
    head = limit or f"{fu}符{han}飜"
    if detail["from"] is not None:
        return f"{head}{detail['main']}点"
    if detail["seat"] == dealer:
        return f"{head}{detail['main']}点∀"
    return f"{head}{detail['additional']}-{detail['main']}点"
