#!/usr/bin/env bash
# The multi-process Stich stack on loopback, for the load benchmark and for operators:
# N daphne processes (ports BASE_PORT, BASE_PORT+1, ...), PostgreSQL and Redis from this
# machine, Celery workers and one beat. Everything it starts is recorded in $BENCH_DIR/pids
# and `stop` ends exactly those processes (each one's own process group).
#
#   bench/load/stack.sh start [N]     # default N=2; a fresh database every start
#   bench/load/stack.sh stop
#   bench/load/stack.sh env           # print the environment (source it to run manage.py)
#   bench/load/stack.sh status
#
# Knobs (environment): BENCH_DIR (/tmp/stich-bench), BASE_PORT (8101), WORKERS (2),
# WORKER_CONCURRENCY (1), PGHOST/PGPORT/PGUSER (127.0.0.1/5432/postgres), BENCH_DB
# (stich_bench), REDIS_DB (5), KEEP_DB=1 to keep the database of the previous run.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PY="$ROOT/.venv/bin/python"
BIN="$ROOT/.venv/bin"
BENCH_DIR="${BENCH_DIR:-/tmp/stich-bench}"
BASE_PORT="${BASE_PORT:-8101}"
WORKERS="${WORKERS:-2}"
WORKER_CONCURRENCY="${WORKER_CONCURRENCY:-1}"
PGHOST="${PGHOST:-127.0.0.1}"
PGPORT="${PGPORT:-5432}"
PGUSER="${PGUSER:-postgres}"
BENCH_DB="${BENCH_DB:-stich_bench}"
REDIS_DB="${REDIS_DB:-5}"
# The code the stack serves: by default a clean export of a commit (STICH_REV, default HEAD),
# so that uncommitted work in the checkout never leaks into a measurement. STICH_SRC=<dir>
# serves that directory instead (e.g. STICH_SRC=$ROOT for the working tree).
STICH_REV="${STICH_REV:-HEAD}"
SRC="${STICH_SRC:-$BENCH_DIR/src}"

bench_env() {
  cat <<EOF
export DJANGO_SETTINGS_MODULE=config.settings
export DATABASE_URL=postgres://$PGUSER@$PGHOST:$PGPORT/$BENCH_DB
export REDIS_URL=redis://127.0.0.1:6379/$REDIS_DB
# Redis pub/sub ignores the DB number: two stacks side by side need their own prefix, else
# each side's pages get the other's broadcasts of the same table ids.
export CHANNELS_PREFIX=stichbench$REDIS_DB
export STICH_DATA_DIR=$BENCH_DIR/data
export DEBUG=0
export SECURE_HTTPS=0
export ALLOWED_HOSTS=127.0.0.1,localhost
export SECRET_KEY=stich-load-bench-not-a-real-secret-0123456789abcdefghijklmnop
export BOT_DELAY_SECONDS=0
export LOG_LEVEL=WARNING
export STICH_SRC=$SRC
EOF
}

spawn() {  # spawn NAME CMD... : own session (so stop can end its whole group), log, pid
  local name="$1"; shift
  setsid "$@" >"$BENCH_DIR/logs/$name.log" 2>&1 < /dev/null &
  echo "$! $name" >>"$BENCH_DIR/pids"
}

start() {
  local n="${1:-2}"
  if [[ -s "$BENCH_DIR/pids" ]]; then
    echo "a stack is already recorded in $BENCH_DIR/pids; run stop first" >&2; exit 1
  fi
  mkdir -p "$BENCH_DIR/logs" "$BENCH_DIR/data"
  if [[ -z "${STICH_SRC:-}" ]]; then
    rm -rf "$SRC" && mkdir -p "$SRC"
    git -C "$ROOT" archive "$STICH_REV" | tar -x -C "$SRC"
    git -C "$ROOT" rev-parse "$STICH_REV" >"$SRC/REVISION"
    # Built files the repository ignores: collected static files and compiled catalogues.
    cp -r "$ROOT/staticfiles" "$SRC/staticfiles"
    (cd "$ROOT" && find . -path ./.venv -prune -o -name '*.mo' -print | while read -r mo; do
      mkdir -p "$SRC/$(dirname "$mo")" && cp "$mo" "$SRC/$mo"; done)
    ln -s "$ROOT/.venv" "$SRC/.venv"
  fi
  eval "$(bench_env)"
  cd "$SRC"
  pg_isready -q -h "$PGHOST" -p "$PGPORT" || { echo "PostgreSQL is not accepting connections on $PGHOST:$PGPORT" >&2; exit 1; }
  redis-cli -n "$REDIS_DB" ping >/dev/null || { echo "Redis is not answering on 127.0.0.1:6379" >&2; exit 1; }
  if [[ "${KEEP_DB:-0}" != 1 ]]; then
    dropdb --if-exists -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" "$BENCH_DB"
    redis-cli -n "$REDIS_DB" flushdb >/dev/null   # our own DB number only
  fi
  createdb -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" "$BENCH_DB" 2>/dev/null || true
  "$PY" manage.py migrate --noinput --verbosity 0
  : >"$BENCH_DIR/pids"
  for ((i = 0; i < n; i++)); do
    local port=$((BASE_PORT + i))
    spawn "daphne-$port" "$BIN/daphne" --bind 127.0.0.1 --port "$port" config.asgi:application
  done
  for ((w = 1; w <= WORKERS; w++)); do
    spawn "worker-$w" "$BIN/celery" --app config worker --loglevel WARNING -n "bench$w@%h" \
      --concurrency "$WORKER_CONCURRENCY" --without-heartbeat --without-gossip --without-mingle
  done
  spawn beat "$BIN/celery" --app config beat --loglevel WARNING --schedule "$BENCH_DIR/celerybeat-schedule"
  # Wait until every daphne answers.
  for ((i = 0; i < n; i++)); do
    local port=$((BASE_PORT + i)) ok=0
    for _ in $(seq 1 100); do
      if curl -fsS -o /dev/null 2>/dev/null "http://127.0.0.1:$port/accounts/login/"; then ok=1; break; fi
      sleep 0.2
    done
    [[ $ok == 1 ]] || { echo "daphne on $port did not come up; see $BENCH_DIR/logs/daphne-$port.log" >&2; stop; exit 1; }
  done
  echo "serving $SRC at $(cat "$SRC/REVISION" 2>/dev/null || echo 'the working tree')"
  echo "stack up: $n daphne on ports $BASE_PORT..$((BASE_PORT + n - 1)), $WORKERS workers, beat; pids in $BENCH_DIR/pids"
}

stop() {
  [[ -f "$BENCH_DIR/pids" ]] || { echo "nothing recorded in $BENCH_DIR/pids"; return 0; }
  while read -r pid name; do
    [[ -n "$pid" ]] || continue
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  done <"$BENCH_DIR/pids"
  sleep 2
  while read -r pid name; do
    [[ -n "$pid" ]] || continue
    if kill -0 "$pid" 2>/dev/null; then kill -KILL -- "-$pid" 2>/dev/null || true; fi
  done <"$BENCH_DIR/pids"
  rm -f "$BENCH_DIR/pids"
  echo "stack stopped"
}

status() {
  [[ -f "$BENCH_DIR/pids" ]] || { echo "no stack"; return 0; }
  while read -r pid name; do
    if kill -0 "$pid" 2>/dev/null; then echo "$name $pid up"; else echo "$name $pid DOWN"; fi
  done <"$BENCH_DIR/pids"
}

case "${1:-}" in
  start) start "${2:-2}" ;;
  stop) stop ;;
  env) bench_env ;;
  status) status ;;
  *) echo "usage: $0 start [N] | stop | env | status" >&2; exit 2 ;;
esac
