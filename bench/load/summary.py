"""One line per run report (bench/load/run.py --out): the BENCHMARKS.md "Load" table."""

import json
import sys
from pathlib import Path

print("| processes | tables | sockets | moves measured | p50 ms | p95 ms | p99 ms | game actions/s | screen frames/s"
      " | errors (reconnects) | daphne CPU % (runnable, waiting for a CPU %) | daphne RSS MB (idle→open) | KiB per open table | generator CPU %"
      " | DB xacts / tuples read per game action |")
print("|" + "---|" * 15)
for path in sys.argv[1:]:
    r = json.loads(Path(path).read_text())
    lat = r["latency_ms"]
    d = r["daphne"]
    cpu = " + ".join(f'{v["cpu_percent"]} (waited {v.get("waiting_for_cpu_percent", "?")})' for v in d.values())
    rss = " / ".join(f'{v["rss_idle_mb"]:.0f}→{v["rss_open_mb"]:.0f}' for v in d.values())
    errors = sum(r["errors"].values())
    kinds = ", ".join(f"{k} {v}" for k, v in r["errors"].items())
    per = r.get("per_game_action", {})
    db = f'{per.get("xact_commit", "–")} / {round(per.get("tup_returned", 0) + per.get("tup_fetched", 0))}' if per else "–"
    print(f'| {r["daphne_processes"]} | {r["tables"]} ({r["tables_started"]} started) | {r["tables"] * 5} | {r["moves_measured"]}'
          f' | {lat["50"]} | {lat["95"]} | {lat["99"]} | {r["game_actions_per_second"]} | {r.get("screen_frames_per_second", 0)}'
          f' | {errors}{" (" + kinds + ")" if errors else ""} ({r.get("reconnects", 0)}) | {cpu} | {rss}'
          f' | {r["memory_per_open_table_kb"]} | {r["load_generator_cpu_percent"]} | {db} |')
