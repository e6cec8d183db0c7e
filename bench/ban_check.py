"""CPU of the ban check a table socket makes before every frame that writes
(`moderation.access.ensure_not_banned`), for one player who is not banned. Run in a load
stack's environment (PostgreSQL and Redis as a deployment has them), and with STICH_SRC
pointing at another checkout to compare revisions:

    eval "$(bench/load/stack.sh env)"; .venv/bin/python bench/ban_check.py --checks 1000
"""

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("STICH_SRC") or str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from accounts.models import User  # noqa: E402
from moderation import access  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--checks", type=int, default=1000)
    args = parser.parse_args()
    user, _ = User.objects.get_or_create(username="ban-check-bench")
    access.ensure_not_banned(user)  # the first check fills whatever it keeps
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(args.checks):
        access.ensure_not_banned(user)
    print(f"ensure_not_banned: CPU {(time.process_time() - cpu) / args.checks * 1e6:.0f} µs, "
          f"wall {(time.perf_counter() - wall) / args.checks * 1e6:.0f} µs a check ({args.checks} checks)")


if __name__ == "__main__":
    main()
