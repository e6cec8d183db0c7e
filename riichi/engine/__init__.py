"""The Riichi Mahjong rules engine: pure Python, no Django, no clocks, no randomness
(except ``shuffled_deal`` with the caller's ``random.Random``).

Rules: ``/work/shared/spec/mahjong.md``; records: ``riichi-record/1`` there and in records.md.
Scoring of winning hands goes through the ``mahjong`` package (see ``scoring``).

API
---
``new_game(options, deal) -> state`` / ``next_hand(state, deal) -> state``
    ``options``: the record's ``rules`` (missing keys take the site defaults); ``deal``: one
    round's wall in the record's shape (``haipai``, ``draws``, ``dora_indicators``,
    ``ura_indicators``, ``rinshan``). A round ends by itself (phase ``round_over``, or
    ``game_over``); the caller then deals the next one with ``next_hand``.
``apply(state, action) -> (new_state, events)``
    Actions have the record's shape plus ``{"seat": s, "type": "pass"}`` for declining a call.
    A discard of the drawn tile's twin from the hand may say ``"tedashi": true`` (its river
    entry is then no tsumogiri); records of real Tenhou matches keep that, tables never send it.
    ``state`` is never modified; an illegal action raises ``IllegalAction(code, **params)``.
``legal_actions(state, seat) -> list[dict]``
    Exactly the actions ``apply`` accepts from that seat now, with every tile choice spelled
    out (which tiles a chi or pon uses, each riichi discard).
``server_actions(state) -> list[dict]``
    What the server applies when the decision clock runs out: a pass for each seat that has
    not answered the pending call window; nothing otherwise (draws are implicit, so the server
    never acts on its own).
``view(state, seat_or_None) -> dict``
    Public keys: seat, phase (play/round_over/game_over), step (discard/calls/over), rules,
    round (0 = East 1 ... 8 = West 1), round_wind, dealer, seat_winds, honba, sticks, scores,
    turn, live_left, dora_indicators, hand_counts, melds (per seat: type chi/pon/open/closed/
    added, tiles, from, called), rivers (per seat: tile, tsumogiri, riichi = laid sideways,
    called = taken by a call), riichi, results, last_result (after a round: result, deltas,
    details, and the winners' hands and ura-dora as revealed), final, pending_discard (in a
    call window). A seat adds hand (sorted), drawn (its own turn) and legal_actions (exactly
    the calls or turn actions it may make now). Never another hand, the wall or the dead wall.
``to_json(state) -> dict`` / ``from_json(dict_or_str) -> state``
    Lossless: ``from_json(to_json(s)) == s``.
Events (the second value of ``apply``): the applied action itself, call_window (seats),
draw (seat, rinshan), dora (indicators), round_over (result, deltas).
``shuffled_deal(rng, red_fives=True) -> deal``
``build_record(state)``; ``replay(record)``; ``replay_text(text)``

The call window: after a discard (or an added kan, which may be robbed; or a closed kan, which
only a kokushi wait may rob) every seat that could ron, pon, kan or chi is listed in
``state.window["options"]``; each answers with one of its options or a pass. When all have
answered, ron beats pon/kan beats chi; passing a winning tile makes the seat furiten.
"""

from gamekit.records import InvalidRecord

from .deal import shuffled_deal
from .errors import MESSAGES, IllegalAction
from .play import apply, legal_actions
from .record import build_record, next_hand, replay, replay_text
from .state import State, from_json, new_game, to_json
from .view import view


def server_actions(state) -> list:
    if state.phase != "play" or state.step != "calls":
        return []
    window = state.window
    return [{"seat": int(s), "type": "pass"} for s in window["options"] if s not in window["answers"]]


__all__ = [
    "MESSAGES", "IllegalAction", "InvalidRecord", "State", "apply",
    "build_record", "from_json", "legal_actions",
    "new_game", "next_hand", "replay", "replay_text", "server_actions", "shuffled_deal",
    "to_json", "view",
]
