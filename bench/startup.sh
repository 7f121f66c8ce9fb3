#!/usr/bin/env bash
# Cold start to ready, and resident memory once ready, of the real binary.
# Usage: bench/startup.sh [runs]   (needs `make build` first)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
[ -n "${BENCH_SHORT:-}" ] && runs=${1:-1}
. bench/wait-healthy.sh
log=$(mktemp)
trap '[ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
bin=bin/forecourt
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
port=$(free_port)
for mode in cold warm; do
  data=$(mktemp -d)
  if [ "$mode" = warm ]; then
    env -u DATABASE_URL "$bin" serve --addr "127.0.0.1:$port" --data "$data" >/dev/null 2>"$log" &
    pid=$!
    wait_healthy "$port" "$pid" "$log" || exit 1
    kill "$pid"; wait "$pid" || true
  fi
  total=0
  for i in $(seq 1 "$runs"); do
    [ "$mode" = cold ] && { rm -rf "$data"; data=$(mktemp -d); }
    start=$(date +%s%N)
    env -u DATABASE_URL "$bin" serve --addr "127.0.0.1:$port" --data "$data" >/dev/null 2>"$log" &
    pid=$!
    wait_healthy "$port" "$pid" "$log" || exit 1
    end=$(date +%s%N)
    rss=$(awk '/VmRSS/{print $2}' "/proc/$pid/status")
    kill "$pid"; wait "$pid" || true
    ms=$(( (end - start) / 1000000 ))
    total=$((total + ms))
    echo "$mode start $i: ${ms} ms to ready, RSS $((rss / 1024)) MiB"
  done
  echo "$mode start mean: $((total / runs)) ms"
  rm -rf "$data"
done
