"""The Tichu rules engine: pure Python, no Django, no clocks, no randomness.

Rules: ``/work/shared/spec/tichu.md``; records: ``spec/records.md``.

API
---
``new_game(options, deal) -> state``
    ``options = {"target": 1000}`` (or 500); ``deal = {"S": [14 card names], "E": ..., "N": ...,
    "W": ...}``, the first 8 of each seat being the cards seen before the Grand Tichu decision.
    Card names: ``jade-7``, ``star-10``, ``pagoda-A``, ``mahjong``, ``dog``, ``phoenix``, ``dragon``.
``shuffled_deal(rng) -> deal``
    A deal shuffled with the caller's ``random.Random``.
``apply(state, action) -> (new_state, events)``
    Actions have exactly the record shape: ``{"seat": "S", "type": "grand", "call": False}``,
    ``{"seat", "type": "exchange", "give": {seat: card, ...}}``, ``{"seat", "type": "tichu"}``,
    ``{"seat", "type": "play", "cards": [...], "wish": "7", "phoenix": "9"}`` (``wish`` and
    ``phoenix`` optional), ``{"seat", "type": "pass"}``, ``{"type": "collect"}``,
    ``{"seat", "type": "gift", "to": "E"}``, and the platform actions ``strike``, ``expel``,
    ``kick``, ``reserve_out`` (with ``seat``) and ``void`` (without).
    ``state`` is never modified. An illegal action raises ``IllegalAction`` (``.code``,
    ``.message`` with ``%(name)s`` placeholders filled from ``.params``).
    Events are dicts with a ``type``: grand, cards_dealt, exchange_chosen, exchange_revealed,
    turn, tichu, play, wish, wish_fulfilled, out, dog, pass, bomb_window, trick_won,
    gift_pending, gift, strike, hand_over (with the hand's result), game_over.
``next_hand(state, deal) -> state``
    A hand ends by itself (three out, or a double victory) and leaves the state in phase
    ``hand_over``; the caller then deals the next hand with ``next_hand`` (the record gets a
    new ``hands`` entry). When the game is decided the phase is ``game_over`` instead.
``legal_actions(state, seat) -> list[dict]``
    Every action that seat may apply now (see ``legal.legal_actions`` for the exchange
    template and the Mahjong's optional wish).
``view(state, seat_or_None) -> dict``
    What that seat (or a spectator) may see; JSON-able. Public keys: seat, phase, hand_no,
    target, totals, results, hand_counts, grand_decided, calls, exchange_chosen, turn, trick
    (plays with cards and combination), passed, played (seat → cards played this hand),
    lacks (seat → ranks it has shown it does not hold by not following the wish), last_trick,
    bomb_window, gift_by, wish, mahjong_holder (before the first lead only), out, won_cards,
    strikes, winner, end. A seat adds hand
    (sorted high to low; its first 8 cards until all four decided on Grand Tichu), exchange
    (its own choices), received (after the reveal) and legal_actions.
``to_json(state) -> dict`` / ``from_json(dict_or_str) -> state``
    Lossless: ``from_json(to_json(s)) == s``.
``build_record(state) -> dict``; ``replay(record) -> dict``; ``replay_text(text) -> dict``
    The ``tichu-record/1`` of a game so far, and the records.md replay output of any value.

For speed, bots may use ``legal.legal_plays(state, seat) -> (combinations, may_pass)`` with
internal combination tuples and ``legal.play_action(seat, combination)`` for the chosen one.

Phases: ``grand`` (each seat decides on its first 8 cards; it sees the other 6 only once all
four decided) → ``exchange`` (each seat chooses, then all are revealed at once) → ``play`` →
``hand_over`` / ``game_over``.

The bomb window: when every other player still holding cards has passed, ``turn`` becomes
None and ``bomb_window`` True; bombs are still allowed from any seat until the server applies
``{"type": "collect"}``. If the trick's top is the Dragon, collecting makes its player owe
the gift (``gift_by``); only that ``gift`` (or a small Tichu call) may come next.

Choices where the rule texts leave room
---------------------------------------
* Platform actions (spec/platform.md): ``strike`` counts timeout strikes for the whole game;
  the **third** strike of a seat expels it at once, so the game ends there as an abandonment
  by that seat's team (no separate ``expel`` follows). ``expel`` and ``kick`` end the game
  as an abandonment by the seat's team; ``reserve_out`` ends it as a normal loss of the seat's
  team; ``void`` ends it with no winner. In all cases the other team is ``winner`` (``None``
  for void), the unfinished hand is not scored, and replay adds ``"end": {"reason", "seat"}``
  plus ``abandoned_by`` (team), ``lost_on_time`` (team) or ``voided: true``. Platform actions
  are accepted in any phase of a running hand, not after a hand or the game has ended.
* After a hand ended, actions of any kind are invalid (the record's next hand starts with a
  new deal); a small Tichu call is refused once three players are out, even while the Dragon
  gift of the last trick is pending.
* The Dog goes to its player's won cards (it is worth 0), so all 56 cards stay accounted for.
  The last player's hand cards count for the opposing team.
* A ``phoenix`` field on a play without the Phoenix, or on a single Phoenix, is invalid.
  ``wish`` is only valid with the Mahjong; a wish the Mahjong's own play contains is
  fulfilled at once. ``null`` counts as absent for both.
* Error codes: bad_action, unknown_action, bad_seat, unknown_card, duplicate_card, bad_deal,
  bad_options, wrong_phase, already_decided, already_called, too_late_to_call, not_your_turn,
  not_in_hand, not_a_combination, does_not_match, does_not_beat, wish_must_be_fulfilled,
  cannot_pass_lead, dog_only_as_lead, no_trick_to_bomb, bad_wish, bad_phoenix, gift_pending,
  no_gift_pending, gift_to_opponent, nothing_to_collect, bad_exchange, hand_over, game_over,
  hand_not_over; replay adds bad_record, bad_format and invalid_json.
"""

from .cards import shuffled_deal
from .errors import IllegalAction
from .legal import legal_actions
from .record import build_record, replay, replay_text
from .rules import apply
from .state import State, from_json, new_game, next_hand, to_json
from .view import view

__all__ = [
    "IllegalAction", "State", "apply", "build_record", "from_json", "legal_actions",
    "new_game", "next_hand", "replay", "replay_text", "shuffled_deal", "to_json", "view",
]
