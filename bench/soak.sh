#!/usr/bin/env bash
# Soak: two serve nodes on one new PostgreSQL database take mixed buyer
# traffic (searches, car pages, similar cars, photos, leads, sign-ins made
# on one node and used on the other) for a set time, then every lead
# answered 201 is looked up in the store. Prints throughput, p50/p99 per
# endpoint, errors and each node's memory at the start and the end.
# Usage: bench/soak.sh [duration, default 10m] (after make build); a
#   minute's warm-up comes first (SOAK_WARMUP), and memory is read every minute.
#   SOAK_CLIENTS=12 browsing visitors at once; DATABASE_URL names the server
#   (a database of its own is made there and dropped afterwards).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x bin/forecourt ] || { echo "run make build first" >&2; exit 1; }
duration=${1:-10m}
[ -n "${BENCH_SHORT:-}" ] && duration=${1:-2s} && SOAK_WARMUP=${SOAK_WARMUP:-0s}
. bench/wait-healthy.sh
server=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
db="forecourt_soak_$$"
dburl=$(printf '%s' "$server" | sed -E "s#/[^/?]*(\?|$)#/$db\1#")
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  psql -q "$server" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
psql -q "$server" -c "CREATE DATABASE $db" >/dev/null
go build -o "$work/soak" ./bench/soak

nodes=() admins=() logs=()
for n in 1 2; do
  port=$(free_port) admin=$(free_port)
  mkdir -p "$work/node$n"
  DATABASE_URL="$dburl" bin/forecourt serve --addr "127.0.0.1:$port" --admin-addr "127.0.0.1:$admin" \
    --data "$work/node$n" --trusted-proxies 127.0.0.1 --otp-log >/dev/null 2>"$work/node$n.log" &
  pids+=($!)
  nodes+=("127.0.0.1:$port") admins+=("127.0.0.1:$admin") logs+=("$work/node$n.log")
  # The first node migrates and loads the demo stock; the second starts on it.
  wait_healthy "$admin" "${pids[-1]}" "$work/node$n.log" /readyz || exit 1
done
join() { local IFS=,; echo "$*"; }
status=0
"$work/soak" -nodes "$(join "${nodes[@]}")" -admins "$(join "${admins[@]}")" -pids "$(join "${pids[@]}")" \
  -logs "$(join "${logs[@]}")" -d "$duration" -c "${SOAK_CLIENTS:-12}" -warmup "${SOAK_WARMUP:-1m}" -ids "$work/answered.csv" || status=$?
[ -f "$work/answered.csv" ] || exit "$status"

# Every lead a node answered 201 must be in the store.
: > "$work/stored.csv"
for site in $(cut -d, -f1 "$work/answered.csv" | sort -u); do
  DATABASE_URL="$dburl" bin/forecourt leads export --site "$site" | tail -n +2 | cut -d, -f1 | sed "s/^/$site,/" >> "$work/stored.csv"
done
lost=$(comm -23 <(sort "$work/answered.csv") <(sort "$work/stored.csv") | wc -l)
echo "leads answered 201: $(wc -l < "$work/answered.csv"), stored: $(wc -l < "$work/stored.csv"), lost: $lost"
[ "$lost" -eq 0 ] || status=1
if [ "$status" -ne 0 ]; then
  echo "errors the nodes logged:"
  grep -h '"level":"ERROR"' "${logs[@]}" | cut -c1-400 | head -10 || true
fi
exit "$status"
