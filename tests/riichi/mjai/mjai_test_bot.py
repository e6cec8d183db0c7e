"""A tiny mjai bot for the tests, speaking the protocol as mjai.app bots do (one JSON array of
events per line in, one JSON object per line out). It plays the drawn tile and never calls;
``--mode`` makes it misbehave at its ``--at``-th turn (with ``--once FILE``, only in the first
process: a restarted one plays on):

- ``tsumogiri``: never misbehaves;
- ``reach``: declares reach at every turn, then plays the drawn tile once reach is echoed;
- ``garbage``: answers every turn and every call window with something that is not a legal
  answer (not JSON, not an object, an unknown tile, a call it cannot make);
- ``hang``: stops answering; ``die``: exits;
- ``chatty``: writes a second line ({"type": "none"}) after every answer, in the same write.
"""

import argparse
import json
import os
import sys
import time

GARBAGE = ("this is not json", "[1, 2, 3]", '{"type": "dahai", "pai": "9z"}',
           '{"type": "pon", "consumed": ["E", "E"], "pai": "E"}', '{"type": "ankan"}', '{"no": "type"}')


def misbehaves(args, turns) -> bool:
    if turns != args.at:
        return False
    if args.once is None:
        return True
    if os.path.exists(args.once):
        return False
    with open(args.once, "w") as marker:
        marker.write("done")
    return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="tsumogiri", choices=("tsumogiri", "reach", "garbage", "hang", "die", "chatty"))
    parser.add_argument("--at", type=int, default=1)
    parser.add_argument("--once")
    parser.add_argument("--seat", type=int, help="the seat it was started for: it exits when told another")
    args = parser.parse_args()
    me, drawn, turns = None, None, 0
    for line in sys.stdin:
        events = json.loads(line)
        for event in events:
            if event["type"] == "start_game":
                me = event["id"]
                if args.seat is not None and args.seat != me:
                    sys.exit(4)
            elif event["type"] == "tsumo" and event["actor"] == me:
                drawn = event["pai"]
        last = events[-1] if events else {}
        mine = last.get("actor") == me
        answer = json.dumps({"type": "none"})
        if mine and last["type"] == "tsumo":
            turns += 1
            if args.mode in ("hang", "die") and misbehaves(args, turns):
                if args.mode == "die":
                    sys.exit(3)
                time.sleep(3600)
            if args.mode == "reach":
                answer = json.dumps({"type": "reach", "actor": me})
            else:
                answer = json.dumps({"type": "dahai", "actor": me, "pai": drawn, "tsumogiri": True})
        elif mine and last["type"] == "reach":
            answer = json.dumps({"type": "dahai", "actor": me, "pai": drawn, "tsumogiri": True})
        if args.mode == "garbage" and last.get("type") in ("tsumo", "dahai"):
            answer = GARBAGE[turns % len(GARBAGE)]
            turns += 1
        if args.mode == "chatty":
            answer += "\n" + json.dumps({"type": "none"})
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
