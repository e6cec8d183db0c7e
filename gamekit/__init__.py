"""Pure helpers every game engine shares (no Django): the illegal-action error, records'
replay harness and flat copies, the one record fold, the platform's part of a match
(strikes and endings), memos. Engines import this and nothing else of the site."""
