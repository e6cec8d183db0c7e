"""The error an illegal action raises, with translatable messages.

An engine must not import Django, yet its messages are shown to players in German and
Greek. Each engine keeps its messages in a MESSAGES dict, each wrapped in ``gettext_noop`` so
that ``makemessages`` (xgettext) extracts it; the web layer translates ``MESSAGES[code]``
with ``gettext`` and then fills in ``params``."""


def gettext_noop(message: str) -> str:
    return message


class IllegalAction(Exception):
    """An action the rules do not allow; the state it was applied to is unchanged. Each
    engine subclasses it with its own MESSAGES."""

    MESSAGES: dict[str, str] = {}

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        template = self.MESSAGES[code]
        self.message = template % params if params else template
        super().__init__(self.message)
