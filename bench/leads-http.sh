#!/usr/bin/env bash
# Lead intake under load: 200 concurrent clients POST /api/leads to a server
# held to 2 cores, then every lead answered 201 is looked up in the store
# with `forecourt leads export`. Prints leads/s, latency percentiles and how
# many answered leads are missing (must be 0).
# Usage: bench/leads-http.sh [seconds] (after make build); DATABASE_URL=… runs it on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-15}
[ -n "${BENCH_SHORT:-}" ] && secs=${1:-2}
. bench/wait-healthy.sh
port=$(free_port)
work=$(mktemp -d)
mkdir -p "$work/tenants"
# The demo configs, with the per-address limit lifted: every client here is 127.0.0.1.
go run ./bench/ratelimit -out "$work/tenants" tenants/*.yaml
go build -o "$work/leadsload" ./bench/leadsload
cores="taskset -c 0,1"
command -v taskset >/dev/null || cores=""
GOMAXPROCS=2 $cores bin/forecourt serve --addr "127.0.0.1:$port" --data "$work/data" --tenants "$work/tenants" --demo >/dev/null 2>"$work/serve.log" &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT
wait_healthy "$port" "$pid" "$work/serve.log" || exit 1
"$work/leadsload" -addr "127.0.0.1:$port" -site harbourside-toyota -c 200 -d "${secs}s" -ids "$work/ids.txt"
kill "$pid"; wait "$pid" 2>/dev/null || true
bin/forecourt leads export --site harbourside-toyota --data "$work/data" | cut -d, -f1 | tail -n +2 | sort > "$work/stored.txt"
sort "$work/ids.txt" > "$work/answered.txt"
lost=$(comm -23 "$work/answered.txt" "$work/stored.txt" | wc -l)
echo "answered 201: $(wc -l < "$work/answered.txt"), stored: $(wc -l < "$work/stored.txt"), lost: $lost"
[ "$lost" -eq 0 ]
