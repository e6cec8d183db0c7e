"""Pure game-rule engines, one package per game. Nothing here imports Django."""
