"""The one exception an illegal action raises, with translatable messages.

The engine must not import Django, yet its messages are shown to players in German and
Greek. Each message is wrapped in ``gettext_noop`` so that ``makemessages`` (xgettext)
extracts it; the web layer translates ``MESSAGES[code]`` with ``gettext`` and then fills in
``IllegalAction.params``. The translations live next to this package in ``locale/``.
"""

from gamekit.errors import IllegalAction as _IllegalAction
from gamekit.errors import gettext_noop

MESSAGES = {
    "bad_action": gettext_noop("This action is not well formed: %(detail)s"),
    "unknown_action": gettext_noop("Unknown action type: %(action_type)s"),
    "bad_seat": gettext_noop("Unknown seat: %(seat)s"),
    "unknown_card": gettext_noop("Unknown card: %(card)s"),
    "duplicate_card": gettext_noop("The same card appears twice: %(card)s"),
    "bad_deal": gettext_noop("The deal is not valid: %(detail)s"),
    "bad_options": gettext_noop("The game options are not valid: %(detail)s"),
    "wrong_phase": gettext_noop("This action is not possible at this stage of the hand."),
    "not_your_turn": gettext_noop("It is not your turn."),
    "not_in_hand": gettext_noop("You do not hold this card: %(card)s"),
    "no_cards": gettext_noop("Choose at least one card to play."),
    "not_one_rank": gettext_noop("All cards of a play must have the same rank."),
    "does_not_match": gettext_noop("Your play must have as many cards as the play on the table: %(count)s."),
    "does_not_beat": gettext_noop("Your play must be of a strictly higher rank than the play on the table."),
    "cannot_pass_lead": gettext_noop("You lead this trick and cannot pass."),
    "not_in_exchange": gettext_noop("You take no part in this exchange."),
    "already_given": gettext_noop("You have already given your cards in this exchange."),
    "wait_for_cards": gettext_noop("Wait until you have received your cards, then give cards back."),
    "wrong_recipient": gettext_noop("These cards must go to seat %(seat)s."),
    "wrong_count": gettext_noop("The number of cards to give is %(count)s."),
    "must_give_highest": gettext_noop("You must give your highest cards: %(cards)s."),
    "hand_over": gettext_noop("This hand is over."),
    "game_over": gettext_noop("This game is over."),
    "hand_not_over": gettext_noop("The current hand is not over yet."),
}


class IllegalAction(_IllegalAction):
    """An action the rules do not allow; the state it was applied to is unchanged."""

    MESSAGES = MESSAGES
