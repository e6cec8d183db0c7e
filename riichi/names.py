"""The words of the Riichi table in the reader's language: tiles, winds, rounds, results,
and the yaku (the mahjong package's names, with their han closed/open for the learn page)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

WINDS = {"east": _("East"), "south": _("South"), "west": _("West"), "north": _("North")}
ROUND_WINDS = ("east", "south", "west", "north")
SUITS = {"m": _("characters"), "p": _("dots"), "s": _("bamboo")}
HONOURS = {"1": _("East wind"), "2": _("South wind"), "3": _("West wind"), "4": _("North wind"),
           "5": _("White dragon"), "6": _("Green dragon"), "7": _("Red dragon")}
ABORTS = {
    "nine_terminals": _("Abortive draw: nine terminals and honours."),
    "four_winds": _("Abortive draw: four times the same wind."),
    "four_riichi": _("Abortive draw: four riichi."),
    "four_kans": _("Abortive draw: four kans."),
    "triple_ron": _("Abortive draw: triple ron."),
}

# (the package's name, our name, han closed, han open; 0 = not open; 13/26 = (double) yakuman)
YAKU = (
    ("Riichi", _("Riichi"), 1, 0),
    ("Double Riichi", _("Double riichi"), 2, 0),
    ("Ippatsu", _("Ippatsu (win within one go-around of riichi)"), 1, 0),
    ("Menzen Tsumo", _("Fully concealed self-draw (menzen tsumo)"), 1, 0),
    ("Pinfu", _("Pinfu (all sequences, no fu)"), 1, 0),
    ("Tanyao", _("All simples (tanyao)"), 1, 1),
    ("Iipeiko", _("Pure double sequence (iipeikou)"), 1, 0),
    ("Yakuhai (haku)", _("White dragon set"), 1, 1),
    ("Yakuhai (hatsu)", _("Green dragon set"), 1, 1),
    ("Yakuhai (chun)", _("Red dragon set"), 1, 1),
    ("Yakuhai (seat wind east)", _("Seat wind East"), 1, 1),
    ("Yakuhai (seat wind south)", _("Seat wind South"), 1, 1),
    ("Yakuhai (seat wind west)", _("Seat wind West"), 1, 1),
    ("Yakuhai (seat wind north)", _("Seat wind North"), 1, 1),
    ("Yakuhai (round wind east)", _("Round wind East"), 1, 1),
    ("Yakuhai (round wind south)", _("Round wind South"), 1, 1),
    ("Yakuhai (round wind west)", _("Round wind West"), 1, 1),
    ("Yakuhai (round wind north)", _("Round wind North"), 1, 1),
    ("Rinshan Kaihou", _("Win on the kan replacement tile (rinshan)"), 1, 1),
    ("Chankan", _("Robbing a kan (chankan)"), 1, 1),
    ("Haitei Raoyue", _("Win on the last tile of the wall (haitei)"), 1, 1),
    ("Houtei Raoyui", _("Win on the last discard (houtei)"), 1, 1),
    ("Sanshoku Doujun", _("Mixed triple sequence (sanshoku)"), 2, 1),
    ("Ittsu", _("Pure straight (ittsu)"), 2, 1),
    ("Chantai", _("Terminal or honour in every set (chanta)"), 2, 1),
    ("Chiitoitsu", _("Seven pairs (chiitoitsu)"), 2, 0),
    ("Toitoi", _("All triplets (toitoi)"), 2, 2),
    ("San Ankou", _("Three concealed triplets (sanankou)"), 2, 2),
    ("Sanshoku Doukou", _("Triple triplets (sanshoku doukou)"), 2, 2),
    ("San Kantsu", _("Three kans (sankantsu)"), 2, 2),
    ("Honroutou", _("All terminals and honours (honroutou)"), 2, 2),
    ("Shou Sangen", _("Little three dragons (shousangen)"), 2, 2),
    ("Honitsu", _("Half flush (honitsu)"), 3, 2),
    ("Junchan", _("Terminal in every set (junchan)"), 3, 2),
    ("Ryanpeikou", _("Twice pure double sequence (ryanpeikou)"), 3, 0),
    ("Chinitsu", _("Full flush (chinitsu)"), 6, 5),
    ("Kokushi Musou", _("Thirteen orphans (kokushi musou)"), 13, 0),
    ("Kokushi Musou Juusanmen Matchi", _("Thirteen orphans, 13-sided wait"), 26, 0),
    ("Suu Ankou", _("Four concealed triplets (suuankou)"), 13, 0),
    ("Suu Ankou Tanki", _("Four concealed triplets, pair wait"), 26, 0),
    ("Daisangen", _("Big three dragons (daisangen)"), 13, 13),
    ("Shousuushii", _("Little four winds (shousuushii)"), 13, 13),
    ("Dai Suushii", _("Big four winds (daisuushii)"), 26, 26),
    ("Tsuu Iisou", _("All honours (tsuuiisou)"), 13, 13),
    ("Ryuuiisou", _("All green (ryuuiisou)"), 13, 13),
    ("Chinroutou", _("All terminals (chinroutou)"), 13, 13),
    ("Chuuren Poutou", _("Nine gates (chuuren poutou)"), 13, 0),
    ("Daburu Chuuren Poutou", _("Nine gates, 9-sided wait"), 26, 0),
    ("Suu Kantsu", _("Four kans (suukantsu)"), 13, 13),
    ("Tenhou", _("Blessing of heaven (tenhou)"), 13, 0),
    ("Chiihou", _("Blessing of earth (chiihou)"), 13, 0),
    ("Dora", _("Dora"), 1, 1),
    ("Aka Dora", _("Red five (aka dora)"), 1, 1),
    ("Ura Dora", _("Ura dora"), 1, 0),
)
YAKU_NAMES = {package: ours for package, ours, _closed, _open in YAKU}


def yaku_name(package_name: str) -> str:
    return str(YAKU_NAMES.get(package_name, package_name))


def tile_name(code: str) -> str:
    number, suit = code[0], code[1]
    if suit == "z":
        return str(HONOURS[number])
    if number == "0":
        return str(pgettext_lazy("tile", "red 5 %(suit)s") % {"suit": SUITS[suit]})
    return f"{number} {SUITS[suit]}"


def round_label(round_no: int) -> str:
    wind = WINDS[ROUND_WINDS[min(round_no // 4, 3)]]
    return str(_("%(wind)s %(number)s") % {"wind": wind, "number": round_no % 4 + 1})
