"""The Daifugo (President) rules engine: pure Python, no Django, no clocks, no randomness.

Rules and record: ``/work/shared/spec/daifugo.md``; records in general: ``spec/records.md``.

API
---
``new_game(options, deal) -> state``
    ``options = {"players": 4 | 5, "hands": 4 | 8, "revolution": bool}`` (defaults 4, 4,
    False; other keys are ignored); ``deal = {"1": [cards], ..., "4": [cards]}`` (``"5"`` too
    with five players): all 52 cards, as evenly as possible. Seats ``"1"``..``"5"`` are in
    turn order. Card names: ``club-3``, ``diamond-10``, ``heart-A``, ``spade-2``.
``shuffled_deal(rng, players) -> deal``
    A deal shuffled with the caller's ``random.Random``.
``apply(state, action) -> (new_state, events)``
    Actions have exactly the record shape: ``{"seat": "2", "type": "play", "cards": [...]}``,
    ``{"seat", "type": "pass"}``, ``{"seat", "type": "give", "cards": [...], "to": "1"}``,
    and the platform actions ``strike``, ``expel``, ``kick`` (with ``seat``) and ``void``.
    ``state`` is never modified. An illegal action raises ``IllegalAction`` (``.code``,
    ``.params``, ``.message``). Events are dicts with a ``type``: give (no cards: only the two
    seats involved may see them), exchange_done, turn, play, revolution, out, pass,
    trick_over, strike, hand_over (with the hand's result), game_over.
``server_actions(state) -> list[dict]``
    The actions the server applies without a player: the Beggar's and the Vice-Beggar's
    forced gives of their highest cards at the start of the exchange.
``next_hand(state, deal) -> state``
    A finished hand leaves the state in phase ``hand_over``; the caller deals the next one
    (the record gets a new ``hands`` entry). After the last hand the phase is ``game_over``.
``legal_actions(state, seat) -> list[dict]``
    Every action that seat may apply now (the exchange's give-back as a template).
``view(state, seat_or_None) -> dict``
    What that seat (or a spectator) may see; JSON-able; includes the seat's legal actions.
``MESSAGES``, ``TITLE_NAMES``
    Error message and title display templates (``gettext_noop``); German and Greek in
    ``locale/{de,el}/LC_MESSAGES/django.po`` next to this file.
``to_json(state) -> dict`` / ``from_json(dict_or_str) -> state``
    Lossless: ``from_json(to_json(s)) == s``.
``build_record(state) -> dict``; ``replay(record) -> dict``; ``replay_text(text) -> dict``
    The ``daifugo-record/1`` of a game so far, and the replay output of any value:
    ``{"ok": true, "hands": [{"places": ["3", "1", "4", "2"], "titles": {"3": "president",
    ...}, "points": {"1": 2, ...}}], "totals": {"1": 2, ...}, "winner": ["3"]}`` —
    ``places`` is the finishing order (last place included), ``winner`` the list of seats
    sharing the best total once all hands are played (null before), plus ``in_progress``
    for a record that stops inside a hand; for an invalid record ``{"ok": false, "hand",
    "action", "error", "message"}``.

Phases: ``exchange`` (from the second hand: the server applies the forced gives, then the
President and Vice-President give back) → ``play`` → ``hand_over`` / ``game_over``.

Choices where the rule texts leave room
---------------------------------------
* The leader may not pass (``cannot_pass_lead``); passes count since the trick's last play.
* A deal with 5 players may give the two extra cards to any two seats.
* Among equal ranks the forced give may be any of those cards; the server gives the
  highest suits (spade, heart, diamond, club). A give-back must wait for the cards it
  answers (``wait_for_cards``); the two pairs of the exchange may interleave.
* Quads are legal plays with the revolution rule off (they just do not reverse). A quad
  that follows a quad is compared after the first quad reversed the order: four 5s are
  beaten only by four 4s or four 3s.
* Platform actions (clocks as the platform's strikes mode): the third ``strike`` of a
  seat, ``expel`` and ``kick`` end the game at once as an abandonment by that seat (replay
  adds ``end: {reason, seat}`` and ``abandoned_by``); ``void`` ends it with no winner
  (``voided: true``). The running hand is not scored; the best total among the other seats
  wins, shared on a tie.
* Error codes: bad_action, unknown_action, bad_seat, unknown_card, duplicate_card, bad_deal,
  bad_options, wrong_phase, not_your_turn, not_in_hand, no_cards, not_one_rank,
  does_not_match, does_not_beat, cannot_pass_lead, not_in_exchange, already_given,
  wait_for_cards, wrong_recipient, wrong_count, must_give_highest, hand_over, game_over,
  hand_not_over; replay adds bad_record, bad_format and invalid_json.
"""

from .cards import shuffled_deal
from .errors import MESSAGES, IllegalAction
from .exchange import forced_gives as server_actions
from .legal import legal_actions
from .record import build_record, replay, replay_text
from .rules import apply
from .scoring import TITLE_NAMES
from .state import State, from_json, new_game, next_hand, to_json
from .view import view

__all__ = [
    "MESSAGES", "IllegalAction", "State", "apply", "build_record", "from_json", "legal_actions",
    "new_game", "next_hand", "replay", "replay_text", "server_actions", "shuffled_deal",
    "TITLE_NAMES", "to_json", "view",
]
