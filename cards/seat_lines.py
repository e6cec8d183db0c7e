"""Seat lines shared by the games where players shed their cards in rounds of play."""


def shedding_info(context: dict, view: dict) -> None:
    """The seat lines of a game whose view has `hand_counts`, `out`, `passed` and `strikes`:
    the cards left, the place out, passed, strikes (cards/templates/cards/shedding_info.html
    draws the first three)."""
    for row in context["seats"]:
        position = row["position"]
        row["info"].update(
            count=view["hand_counts"][position],
            out_place=view["out"].index(position) + 1 if position in view["out"] else None,
            passed=position in view["passed"],
            strikes=view["strikes"][position],
        )
