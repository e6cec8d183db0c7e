"""The learn page's scoring table, worked out by the usual formula: basic points = fu x
2^(2 + han), capped at mangan (2,000); a non-dealer's ron takes 4x, a dealer's 6x; on tsumo
the dealer pays 2x and the others 1x (a dealer's tsumo: 2x from each), rounded up to 100."""

from django.utils.translation import gettext_lazy as _

FU = (30, 40, 50, 60, 70)
LIMITS = ((_("Mangan (5 han, or 4 han 40+ fu, 3 han 70+ fu)"), 2000), (_("Haneman (6-7 han)"), 3000),
          (_("Baiman (8-10 han)"), 4000), (_("Sanbaiman (11-12 han)"), 6000), (_("Yakuman (13+ han)"), 8000))


def _up(points: int) -> int:
    return -(-points // 100) * 100


def _payments(basic: int) -> dict:
    return {"ron": _up(4 * basic), "tsumo": (_up(basic), _up(2 * basic)),
            "dealer_ron": _up(6 * basic), "dealer_tsumo": _up(2 * basic)}


def point_rows() -> list[dict]:
    rows = []
    for han in (1, 2, 3, 4):
        for fu in FU:
            basic = min(fu * 2 ** (2 + han), 2000)
            rows.append({"han": han, "fu": fu, "basic": basic, **_payments(basic)})
    return rows


def limit_rows() -> list[dict]:
    return [{"name": name, "basic": basic, **_payments(basic)} for name, basic in LIMITS]
