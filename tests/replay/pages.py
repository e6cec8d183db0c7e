"""Reading a replay page as a visitor sees it: each seat's cards, the position line."""

import re

SEAT = re.compile(r'<div class="seat seat--[a-z-]+(?: seat--turn)?" data-position="([^"]+)">(.*?)\n  </div>', re.S)
CARD = re.compile(r'<img class="(?:card|tile)[^"]*" src="[^"]*/(?:tichu/cards|cards/standard|riichi/tiles)/([^"/]+)\.svg"')


def shown_hands(page: str) -> dict:
    """Every seat's hand as the board shows it (the cards in its seat, in order)."""
    return {position: CARD.findall(body) for position, body in SEAT.findall(page)}


def nav_link(page: str, name: str) -> str | None:
    found = re.search(rf'href="([^"]+)" data-nav="{name}"', page)
    return found and found.group(1).replace("&amp;", "&")
