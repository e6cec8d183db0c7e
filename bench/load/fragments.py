"""Reading the server's htmx fragments the way a scripted player needs them: no Django, only
the stable ids and form fields the templates promise (templates/games/fragments/)."""

import html as entities
import json
import re
from dataclasses import dataclass, field

_HAND = re.compile(r'<section id="t-rack".*?</section>', re.S)
_SEATS = re.compile(r'<section id="t-seats".*?</section>', re.S)
_TRICK = re.compile(r'<section id="t-board".*?</section>', re.S)
_ERROR = re.compile(r'<p id="t-error"[^>]*>(.*?)</p>', re.S)
_FORM = re.compile(r"<form ws-send[^>]*>(.*?)</form>", re.S)
_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')
_CHECKBOX = re.compile(r'<input type="checkbox"[^>]*name="cards" value="([^"]+)"')
_MOVES = re.compile(r'<form id="t-pick"[^>]* data-moves="([^"]*)"')
_VERSION = re.compile(r'<input type="hidden" id="t-version" name="version" value="(\d+)"')
_SEAT_DIV = re.compile(r'<div class="seat ([^"]*)" data-position="([^"]+)">(.*?)</div>', re.S)
_TAGS = re.compile(r"<[^>]+>")
_CLOCKS = re.compile(r'<span class="(?:clock|reserve)[^"]*"[^>]*>.*?</span>', re.S)
_SPACE = re.compile(r"\s+")
_READY = re.compile(r'name="cmd" value="ready"><input type="hidden" name="ready" value="1"')


def text_of(html: str) -> str:
    return _SPACE.sub(" ", _TAGS.sub(" ", html)).strip()


def error_text(frame: str) -> str | None:
    """The #t-error fragment's text ("" when it clears the error), None if the frame has none."""
    match = _ERROR.search(frame)
    if match is None:
        return None
    return text_of(match.group(1).split("<a ", 1)[0])


@dataclass
class Form:
    fields: dict
    disabled: bool
    body: str

    @property
    def cmd(self) -> str:
        return self.fields.get("cmd", "")


@dataclass
class Hand:
    """One viewer's #t-rack: cards (in the page's order), the legal moves the page chooses
    from (static/js/pick.js: {"sets": {cards: [names]}, "counts": {n: [names]}}), the forms
    (a form whose button waits for a choice is drawn disabled)."""

    cards: list = field(default_factory=list)
    moves: dict = field(default_factory=dict)
    forms: list = field(default_factory=list)

    def forms_for(self, cmd: str) -> list:
        return [f for f in self.forms if f.cmd == cmd]

    def enabled(self, cmd: str) -> Form | None:
        return next((f for f in self.forms_for(cmd) if not f.disabled), None)


def parse_hand(frame: str) -> Hand | None:
    match = _HAND.search(frame)
    if match is None:
        return None
    html = match.group(0)
    hand = Hand()
    hand.cards = _CHECKBOX.findall(html)
    moves = _MOVES.search(html)
    if moves is not None:
        hand.moves = json.loads(entities.unescape(moves.group(1)))
    for body in _FORM.findall(html):
        fields = dict(_HIDDEN.findall(body))
        hand.forms.append(Form(fields=fields, disabled=" disabled" in body.split("<button", 1)[-1].split(">", 1)[0],
                               body=body))
    return hand


def version_of(frame: str) -> int | None:
    """The table version a refresh shows (#t-version), which the game forms send along."""
    match = _VERSION.search(frame)
    return int(match.group(1)) if match else None


@dataclass
class Public:
    """What every viewer of a table sees alike: per seat turn / count / passed / calls, and
    the plays on the table. Two viewers at the same state have equal signatures."""

    signature: tuple
    turn: str | None
    me: str | None
    needs_ready: bool = False   # a waiting table shows this viewer a "Ready" button


def parse_public(frame: str) -> Public | None:
    seats = _SEATS.search(frame)
    trick = _TRICK.search(frame)
    if seats is None or trick is None:
        return None
    rows, turn, me = [], None, None
    for classes, position, body in _SEAT_DIV.findall(seats.group(0)):
        info = body.split('<p class="seat-info">', 1)[-1]
        info = _CLOCKS.sub("", info)
        info = text_of(info)
        # "you" / "your partner" tags differ per viewer; the seat-info paragraph does not.
        rows.append((position, "seat--turn" in classes, info))
        if "seat--turn" in classes:
            turn = position
        if "seat--me" in classes:
            me = position
    trick_html = trick.group(0)
    plays = trick_html.count('class="play-line')
    top = re.search(r'class="play-line top">(.*?)</li>', trick_html, re.S)
    signature = (tuple(rows), plays, text_of(top.group(1)) if top else "")
    needs_ready = bool(_READY.search(seats.group(0)))
    return Public(signature=signature, turn=turn, me=me, needs_ready=needs_ready)


def is_full(frame: str) -> bool:
    """A full refresh, as sent on connect and on every table broadcast: every fragment but a
    hand that shows what the page already has."""
    return 'id="t-seats"' in frame
