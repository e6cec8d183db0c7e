"""`python -m tests.faults.dealt daphne|celery ARGS...`: the program as the stack starts it,
dealing the cards STICH_TEST_DEAL_SEED names, so that a fault test plays the same games every
run (an unseeded deal made its time vary fourfold, and a rare long game ran out of time).

The cards of a hand depend only on the seed, the table and the hand's number, never on which
process deals or how many deals it made before: daphne, the worker's children and beat all
deal, each is killed and started again mid-game, and two tables deal in turns that timing
decides. One seeded generator per process (tests/live_server.py) would deal differently
whenever a fault or the load moved a deal to another process."""

import os
import random
import sys


def _seed_the_deals(seed: str) -> None:
    from games import services

    services._dealing_random = lambda table, hand: random.Random(f"{seed}-{table.pk}-{hand}")


def main(program: str, *args: str) -> None:
    import django

    django.setup()
    _seed_the_deals(os.environ["STICH_TEST_DEAL_SEED"])
    sys.argv = [program, *args]
    if program == "daphne":
        from daphne.cli import CommandLineInterface

        CommandLineInterface.entrypoint()
    else:
        from celery.__main__ import main as celery

        sys.exit(celery())


if __name__ == "__main__":
    main(*sys.argv[1:])
