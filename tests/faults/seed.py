"""Run inside the stack's environment (`python -m tests.faults.seed NAME`): four players seated
at a new unrated Tichu table, not yet ready. Prints the table as JSON for the fault tests."""

import json
import os
import sys

import django


def main(name: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.auth import get_user_model

    from games import services

    users = [get_user_model().objects.create_user(f"{name}{seat}", password=sys.argv[2]) for seat in "SENW"]
    table = services.create_table(game="tichu", user=users[0], options={"rated": False, "bomb_window": 1})
    for user, seat in zip(users[1:], "ENW"):
        services.sit(table_id=table.pk, user=user, position=seat)
    print(json.dumps({"table": table.pk, "invite": table.invite_code,
                      "players": {seat: user.username for seat, user in zip("SENW", users)}}))


if __name__ == "__main__":
    main(sys.argv[1])
