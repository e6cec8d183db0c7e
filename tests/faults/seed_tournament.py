"""Run inside the stack's environment (`python -m tests.faults.seed_tournament COMMAND ...`), as
an operator's shell would: set up a running Riichi arena and its players, join players (as
the page's Join button does), void a game (as staff do in the admin when a game cannot be
recovered), and report what the fault tests compare. Each prints JSON."""

import json
import os
import sys
from datetime import timedelta

import django


def arena(name: str, password: str, count: str) -> dict:
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from tournaments import services
    from tournaments.models import Tournament

    users = [get_user_model().objects.create_user(f"{name}{n}", password=password) for n in range(int(count))]
    tournament = Tournament.objects.create(name=f"Faults {name}", game="riichi", minutes=60,
                                           starts_at=timezone.now() - timedelta(minutes=1),
                                           options=services.table_options("riichi", {"length": "east"}))
    return {"tournament": tournament.pk, "players": [user.username for user in users]}


def join(tournament_id: str, *names: str) -> dict:
    from django.contrib.auth import get_user_model

    from tournaments import services
    from tournaments.models import Tournament

    tournament = Tournament.objects.get(pk=tournament_id)
    for user in get_user_model().objects.filter(username__in=names):
        services.join(tournament, user)
    return {"joined": list(names)}


def void(table_id: str) -> dict:
    from games import services

    services.submit(table_id=int(table_id), action={"type": "void"}, server=True)
    return {"voided": int(table_id)}


def standings(tournament_id: str) -> dict:
    from dataclasses import asdict

    from tournaments.models import Tournament
    from tournaments.standings import recompute, stored

    tournament = Tournament.objects.get(pk=tournament_id)
    return {which: {str(user): asdict(line) for user, line in lines(tournament).items()}
            for which, lines in (("recomputed", recompute), ("stored", stored))}


def charges(*names: str) -> dict:
    """What a game can cost or earn a player: rating, rank, cooldowns, tournament withdrawal."""
    from moderation.models import Incident
    from ratings.models import PlayerRank, Rating
    from tournaments.models import Entry

    def of(model, *fields):
        return sorted(model.objects.filter(user__username__in=names).values_list("user__username", *fields))

    return {"ratings": of(Rating, "game_kind", "value", "games"), "ranks": of(PlayerRank, "level", "points"),
            "incidents": of(Incident, "table_id"),
            "withdrawn": sorted(Entry.objects.filter(user__username__in=names, withdrawn=True)
                                .values_list("user__username", flat=True))}


COMMANDS = {"arena": arena, "join": join, "void": void, "standings": standings, "charges": charges}


def main(command: str, *args: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    print(json.dumps(COMMANDS[command](*args)))


if __name__ == "__main__":
    main(*sys.argv[1:])
