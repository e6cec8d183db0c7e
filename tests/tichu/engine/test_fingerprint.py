"""Seeded random games, fingerprinted: every seat's legal actions (in order), the events, the
state (``to_json``) and every seat's and a spectator's view at every step of 12 seeded games
of two hands (bombs, calls, wishes and copied actions included, see ``randomplay``), and
their replayed records. The engine is tuned for speed again and again; whatever a change
does to its speed, it must not change one of these. The digest below was taken from the
engine before such a change (a deliberate change of the rules or of the listing order takes
a new one, and says why in its commit)."""

import hashlib
import json
import random

from tichu.engine import apply, build_record, legal_actions, replay, to_json, view
from tichu.engine.cards import SEATS

from .randomplay import random_game

DIGEST = "e5ad376791929e16e2bc5db3874b57a8e19a67ccecd9911e0c3859a109a521ff"


def _fingerprint(games: int = 12) -> str:
    digest = hashlib.sha256()

    def feed(value):
        digest.update(json.dumps(value, sort_keys=True).encode())

    def step(old, action, new):
        feed([legal_actions(old, seat) for seat in SEATS])
        feed(action)
        feed(apply(old, action)[1])  # the events (``apply`` never changes ``old``)
        feed(to_json(new))
        feed([view(new, seat) for seat in (None,) + SEATS])

    for seed in range(games):
        state = random_game(random.Random(seed), hands=2, on_step=step)
        feed(replay(build_record(state)))
    return digest.hexdigest()


def test_seeded_random_games_list_apply_and_show_what_they_did_before():
    assert _fingerprint() == DIGEST
