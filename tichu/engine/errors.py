"""The one exception an illegal action raises, with translatable messages.

The engine must not import Django, yet its messages are shown to players in German and
Greek. Each message is wrapped in ``gettext_noop`` so that ``makemessages`` (xgettext)
extracts it; the web layer translates ``IllegalAction.message`` with ``gettext`` and then
fills in ``IllegalAction.params``.
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
    "already_decided": gettext_noop("You have already made this decision."),
    "already_called": gettext_noop("You have already made a call this hand."),
    "too_late_to_call": gettext_noop("Tichu can only be called before you play your first card."),
    "not_your_turn": gettext_noop("It is not your turn."),
    "not_in_hand": gettext_noop("You do not hold this card: %(card)s"),
    "not_a_combination": gettext_noop("These cards do not form a valid combination."),
    "does_not_match": gettext_noop("Your play must be the same kind and size as the combination on the table."),
    "does_not_beat": gettext_noop("Your play does not beat the combination on the table."),
    "wish_must_be_fulfilled": gettext_noop("You must play the wished rank %(rank)s."),
    "cannot_pass_lead": gettext_noop("You lead this trick and cannot pass."),
    "dog_only_as_lead": gettext_noop("The Dog can only be played as the lead of a trick."),
    "no_trick_to_bomb": gettext_noop("A bomb out of turn needs a trick on the table."),
    "bad_wish": gettext_noop("A wish must be a rank from 2 to A and needs the Mahjong."),
    "bad_phoenix": gettext_noop("The Phoenix cannot take the rank %(rank)s in this combination."),
    "gift_pending": gettext_noop("The Dragon's trick must be given away first."),
    "no_gift_pending": gettext_noop("There is no Dragon trick to give away."),
    "gift_to_opponent": gettext_noop("The Dragon's trick must go to an opponent."),
    "nothing_to_collect": gettext_noop("There is no finished trick to collect."),
    "bad_exchange": gettext_noop("Give exactly one of your cards to each of the other three players."),
    "hand_over": gettext_noop("This hand is over."),
    "game_over": gettext_noop("This game is over."),
    "hand_not_over": gettext_noop("The current hand is not over yet."),
}


class IllegalAction(_IllegalAction):
    """An action the rules do not allow; the state it was applied to is unchanged."""

    MESSAGES = MESSAGES
