"""The load generator's fragment reader (bench/load/fragments.py) on fragments shaped like
the ones the table templates push: a seat's hand with its forms, the seats, an error."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "load"))

from fragments import error_text, is_full, parse_hand, parse_public, version_of  # noqa: E402

HAND = """<section id="t-rack" class="my-rack" hx-swap-oob="true">
  <form id="t-pick" class="hand-form" data-moves="{&quot;sets&quot;:{&quot;jade-7&quot;:[&quot;play&quot;]}}" data-round="0">
    <ul class="hand hand--selectable">
      <li class="hand__slot"><label><input type="checkbox" class="visually-hidden" name="cards" value="dragon">x</label></li>
      <li class="hand__slot"><label><input type="checkbox" class="visually-hidden" name="cards" value="jade-7">x</label></li>
      <li class="hand__slot"><label><input type="checkbox" class="visually-hidden" name="cards" value="mahjong">x</label></li>
    </ul>
  </form>
  <div class="controls">
    <form ws-send class="inline" hx-include="#t-version, #t-pick"><input type="hidden" name="cmd" value="play"><button type="submit" class="primary" data-enable="play" disabled>Play</button></form>
    <form ws-send class="inline" hx-include="#t-version"><input type="hidden" name="cmd" value="pass"><button type="submit">Pass</button></form>
  </div>
</section>"""

SEATS = """<section id="t-seats" class="seats" hx-swap-oob="true">
  <div class="seat seat--top" data-position="N"><p class="seat-name">bob</p>
    <p class="seat-info"><span class="count">9 cards</span> <span class="clock" data-remaining="12.3">12 s</span></p></div>
  <div class="seat seat--bottom seat--turn seat--me" data-position="S"><p class="seat-name">ann <span class="tag">you</span></p>
    <p class="seat-info"><span class="count">3 cards</span><span class="passed">passed</span></p></div>
</section>
<section id="t-board" class="board" hx-swap-oob="true"><ol class="play-list">
  <li class="play-line top"><span class="who">bob</span> <span class="what">Single</span></li></ol></section>"""

VERSION = '<input type="hidden" id="t-version" name="version" value="41" hx-swap-oob="true">'


def test_hand_cards_moves_forms_and_version():
    hand = parse_hand(SEATS + VERSION + HAND)
    assert hand.cards == ["dragon", "jade-7", "mahjong"]
    assert hand.moves == {"sets": {"jade-7": ["play"]}}
    assert version_of(SEATS + VERSION + HAND) == 41 and version_of(HAND) is None
    assert hand.enabled("play") is None
    assert hand.enabled("pass").fields == {"cmd": "pass"}
    assert [f.cmd for f in hand.forms] == ["play", "pass"]


def test_public_state_is_the_same_whoever_looks_and_ignores_the_clocks():
    mine = parse_public(HAND + SEATS)
    assert (mine.turn, mine.me) == ("S", "S")
    # Another viewer: no "you" tag, a clock a moment later; the public signature is equal.
    theirs = parse_public(SEATS.replace(' seat--me', '').replace('<span class="tag">you</span>', '')
                          .replace('12.3">12 s', '11.9">11 s'))
    assert theirs.signature == mine.signature and theirs.me is None
    moved = parse_public(SEATS.replace("9 cards", "8 cards"))
    assert moved.signature != mine.signature


def test_full_refresh_and_error_fragment():
    assert is_full(SEATS + VERSION + HAND) and is_full(SEATS + VERSION)  # an unchanged hand left out
    assert not is_full(HAND)  # a selection's redrawn hand
    assert not is_full('<p id="t-error" class="table-error" role="alert" hx-swap-oob="true"></p>')
    assert error_text('<p id="t-error" class="table-error" role="alert" hx-swap-oob="true"></p>') == ""
    refused = ('<p id="t-error" class="table-error" role="alert" hx-swap-oob="true">Not your turn.'
               ' <a href="/learn/faq/#turn" target="_blank" rel="noopener">Why?</a></p>')
    assert error_text(refused) == "Not your turn."
    assert error_text(HAND) is None
