"""Pure helpers every game engine shares (no Django): the illegal-action error, records'
replay harness, flat copies. Engines import this and nothing else of the site."""
