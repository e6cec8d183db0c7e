"""The platform's one "game finished" event. It is sent inside the transaction that ends the
game with the game's `outcome` (games.outcome.Outcome); ratings, participation cooldowns and
later tournaments subscribe to it and write in that same transaction."""

import django.dispatch

game_finished = django.dispatch.Signal()
