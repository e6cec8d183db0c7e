#!/usr/bin/env bash
# Two revisions served at once on this machine, each by its own one-process stack (daphne,
# database, Redis number, Celery workers and beat), each played by its own load generator at
# the same time: both see the same machine, so a difference in CPU per game action is the
# code's, not the host's. (This VM's speed drifts by a third within an hour; runs one after
# another could not tell a 10 % change from the drift.) Swap the two revisions between runs
# to cancel any advantage of a side.
#
#   [PROCESSES=2] [DURATION=180] bench/load/side_by_side.sh REV_A REV_B [TABLES] [OUT_DIR]
#
# A: ports from 8101, database stich_a, Redis /5, $BENCH_ROOT/a; B: from 8201, stich_b, /6,
# $BENCH_ROOT/b. PROCESSES (default 1) daphne processes per side, each table's players spread
# over them.
# Each generator is the revision's own (bench/load/run.py of its export), 6 s mean think,
# games started over 60 s, 20 s warm-up, DURATION (default 60) s measured; prints one summary row per side.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
REV_A="$1"; REV_B="$2"; TABLES="${3:-80}"; OUT="${4:-/tmp/stich-side}"
BENCH_ROOT="${BENCH_ROOT:-/tmp/stich-side-stacks}"
PROCESSES="${PROCESSES:-1}"
DURATION="${DURATION:-60}"
mkdir -p "$OUT"

side_env() {  # side_env a|b: the stack's knobs for one side
  if [[ "$1" == a ]]; then echo "BENCH_DIR=$BENCH_ROOT/a BASE_PORT=8101 BENCH_DB=stich_a REDIS_DB=5"
  else echo "BENCH_DIR=$BENCH_ROOT/b BASE_PORT=8201 BENCH_DB=stich_b REDIS_DB=6"; fi
}

stack_start() {  # stack_start a|b REV
  env $(side_env "$1") STICH_REV="$2" "$ROOT/bench/load/stack.sh" start "$PROCESSES" >/dev/null
}

stack_stop() {
  env $(side_env "$1") "$ROOT/bench/load/stack.sh" stop >/dev/null
}

play() {  # play a|b FIRST_PORT: the side's own generator against its daphne processes
  local dir="$BENCH_ROOT/$1"
  (cd "$dir/src" && env $(side_env "$1") "$ROOT/.venv/bin/python" bench/load/run.py --tables "$TABLES" \
     --ports "$(seq -s, "$2" $(($2 + PROCESSES - 1)))" --login direct --procs 1 --think 6 --stagger 60 --warmup 20 --duration "$DURATION" \
     --bench-dir "$dir" --out "$OUT/$1.json" >"$OUT/$1.log" 2>&1)
}

trap 'stack_stop a || true; stack_stop b || true' EXIT
stack_stop a || true; stack_stop b || true
stack_start a "$REV_A"
stack_start b "$REV_B"
play a 8101 & play b 8201 & wait
for side in a b; do
  rev=$([[ "$side" == a ]] && echo "$REV_A" || echo "$REV_B")
  echo "$side $rev $("$ROOT/.venv/bin/python" "$ROOT/bench/load/summary.py" "$OUT/$side.json" | tail -1)"
done
