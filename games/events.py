"""What the platform announces to the apps that care, so games never call them by name.

`game_finished` is sent with `outcome=` (a games.outcome.Outcome) inside the transaction that
ends the game: a receiver writes in that transaction, and an exception in a receiver rolls
the ending back with it (it is sent with `send`, not `send_robust`, on purpose: a result that
could not be recorded must not leave a finished table behind)."""

import django.dispatch

game_finished = django.dispatch.Signal()
