"""The one exception an illegal action raises, with translatable messages.

The engine must not import Django, yet its messages are shown to players in several
languages. Each message is wrapped in ``gettext_noop`` so that ``makemessages`` (xgettext)
extracts it; the web layer translates ``IllegalAction.message`` with ``gettext`` and then
fills in ``IllegalAction.params``.
"""


def gettext_noop(message: str) -> str:
    return message


MESSAGES = {
    "bad_action": gettext_noop("This action is not well formed: %(detail)s"),
    "unknown_action": gettext_noop("Unknown action type: %(action_type)s"),
    "bad_seat": gettext_noop("Unknown seat: %(seat)s"),
    "unknown_tile": gettext_noop("Unknown tile: %(tile)s"),
    "bad_deal": gettext_noop("The wall is not valid: %(detail)s"),
    "bad_options": gettext_noop("The game options are not valid: %(detail)s"),
    "not_your_turn": gettext_noop("It is not your turn."),
    "not_in_hand": gettext_noop("You do not hold this tile: %(tile)s"),
    "kuikae": gettext_noop("You may not discard a tile that swaps for the one you just called."),
    "riichi_must_discard_drawn": gettext_noop("After riichi you must discard the tile you drew."),
    "riichi_already": gettext_noop("You have already declared riichi."),
    "riichi_open_hand": gettext_noop("Riichi needs a closed hand."),
    "riichi_points": gettext_noop("Riichi needs at least 1000 points."),
    "riichi_wall": gettext_noop("Riichi needs at least 4 tiles left in the wall."),
    "riichi_not_tenpai": gettext_noop("Your hand is not tenpai after this discard."),
    "not_a_win": gettext_noop("This hand is not a winning hand with a yaku."),
    "furiten": gettext_noop("You are furiten and cannot win on a discard."),
    "cannot_call": gettext_noop("You cannot make this call now."),
    "bad_meld": gettext_noop("These tiles do not form this call: %(detail)s"),
    "cannot_kan": gettext_noop("You cannot declare this kan now."),
    "not_nine_terminals": gettext_noop("You need nine different terminals and honours on your first draw, before any call."),
    "already_answered": gettext_noop("You have already answered this discard."),
    "no_call_pending": gettext_noop("There is no discard to answer."),
    "wall_exhausted": gettext_noop("The wall has no tile left for this draw."),
    "round_over": gettext_noop("This hand is over."),
    "round_not_over": gettext_noop("The current hand is not over yet."),
    "game_over": gettext_noop("This game is over."),
}


class IllegalAction(Exception):
    """An action the rules do not allow; the state it was applied to is unchanged."""

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        self.message = MESSAGES[code] % params if params else MESSAGES[code]
        super().__init__(self.message)
