#!/usr/bin/env bash
# The BENCHMARKS.md "Load" table: for each process count and table count, a fresh stack,
# one run of run.py, the report kept as JSON in $BENCH_DIR/results/.
#   bench/load/matrix.sh "1 2" "50 100 250 500" [extra run.py args...]
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BENCH_DIR="${BENCH_DIR:-/tmp/stich-bench}"
PROCESSES="${1:-1 2}"; TABLES="${2:-50 100 250 500}"; shift 2 || true
mkdir -p "$BENCH_DIR/results"
for tables in $TABLES; do
  for n in $PROCESSES; do
    ports=$(seq -s, 8101 $((8100 + n)))
    gen=1; [[ $tables -ge 250 ]] && gen=2
    "$ROOT/bench/load/stack.sh" start "$n" || exit 1
    echo "== $n process(es), $tables tables"
    timeout 900 "$ROOT/.venv/bin/python" "$ROOT/bench/load/run.py" --tables "$tables" --ports "$ports" \
      --login direct --procs "$gen" --out "$BENCH_DIR/results/p${n}-t${tables}.json" "$@" \
      >"$BENCH_DIR/results/p${n}-t${tables}.log" 2>&1
    echo "   exit $?"; grep -A4 '"latency_ms"' "$BENCH_DIR/results/p${n}-t${tables}.json" 2>/dev/null | tr -d '\n '; echo
    "$ROOT/bench/load/stack.sh" stop
  done
done
