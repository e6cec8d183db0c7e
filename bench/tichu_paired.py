"""Two runs of bench/tichu_duplicate.py on the same seed and deals (``--per-deal``), compared
deal by deal: the difference in hands won and in points a hand, with 95 % intervals over the
deals. Pairing removes the luck of the cards, which dominates either run's own interval.

    python bench/tichu_duplicate.py new:expert v1:expert --deals 300 --seed 47 --per-deal /tmp/head.json
    (the same in another checkout, --per-deal /tmp/other.json)
    python bench/tichu_paired.py /tmp/head.json /tmp/other.json
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from duplicate_deals import mean_ci  # noqa: E402


def paired(first: list, second: list):
    return mean_ci([x - y for x, y in zip(first, second)])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    args = parser.parse_args()
    one, two = (json.load(open(name)) for name in (args.first, args.second))
    if (one["seed"], len(one["wins"])) != (two["seed"], len(two["wins"])):
        raise SystemExit("the runs must share the seed and the number of deals")
    changed = sum(x != y for x, y in zip(one["diffs"], two["diffs"]))
    for key, label in (("wins", "hands won"), ("diffs", "points a hand")):
        mean, low, high = paired(one[key], two[key])
        print(f"{label}: first - second {mean:+.4f} [{low:+.4f}, {high:+.4f}]")
    print(f"{changed} of {len(one['diffs'])} deals scored differently")


if __name__ == "__main__":
    main()
