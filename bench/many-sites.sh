#!/usr/bin/env bash
# One node carrying many dealer sites with stock: 1,000 generated sites of
# 200 cars each (BENCH_SHORT=1: 50 sites), their stock pulled through the
# platform's own feed import from a local feed server (bench/manysites),
# on SQLite and then on PostgreSQL (DATABASE_URL, else a database made on
# 127.0.0.1:5432 and dropped after; skipped when none answers).
# Per database it prints: seconds until /readyz is 200, the first buyers'
# search latency right after, RSS once warm, wrk over 205 search URLs
# spread over every site (bench/many-sites.lua), a never-seen site's car
# page, and other sites' p99 during one site's full re-import.
# Fails only on real errors (a server that does not start, non-2xx
# answers); figures past their target are reported, not failed.
# Usage: bench/many-sites.sh [sites=1000] [cars=200]   (needs `make build`)
#   RENDER_LOAD=1: also run bench/render-load.mjs against the node.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "install wrk first (scripts/ensure-wrk.sh)" >&2; exit 1; }
[ -x bin/forecourt ] || { echo "run make build first" >&2; exit 1; }
. bench/wait-healthy.sh
sites=${1:-1000} cars=${2:-200} d=20s
[ -n "${BENCH_SHORT:-}" ] && sites=${1:-50} d=3s
last=$(printf 'dealer-%04d' $((sites - 1)))
tmp=$(mktemp -d)
pid= feedpid= madedb=
cleanup() {
  [ -n "$pid" ] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
  [ -n "$feedpid" ] && { kill "$feedpid" 2>/dev/null || true; wait "$feedpid" 2>/dev/null || true; }
  [ -n "$madedb" ] && dropdb -h 127.0.0.1 -U postgres --if-exists "$madedb" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

go build -o "$tmp/manysites" ./bench/manysites
feedport=$(free_port)
"$tmp/manysites" serve -dir "$tmp/feeds" -addr "127.0.0.1:$feedport" >/dev/null 2>"$tmp/feeds.log" &
feedpid=$!
"$tmp/manysites" gen -sites "$sites" -cars "$cars" -out "$tmp" -feed-base "http://127.0.0.1:$feedport"
bin/forecourt tenants check --tenants "$tmp/tenants" >/dev/null

# start_server DATA: serves the generated sites; sets pid, port, admin.
start_server() {
  port=$(free_port) admin=$(free_port)
  bin/forecourt serve --addr "127.0.0.1:$port" --admin-addr "127.0.0.1:$admin" --tenants "$tmp/tenants" \
    --data "$1" --photo-allow-hosts 127.0.0.1 >>"$1/serve.log" 2>&1 &
  pid=$!
}
stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=; }
# wait_ready: up to 600 s for /readyz 200 on the admin address.
wait_ready() {
  local deadline=$((SECONDS + 600))
  until curl -fs "http://127.0.0.1:$admin/readyz" >/dev/null 2>&1; do
    if ! kill -0 "$pid" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
      echo "the server did not become ready; its log:" >&2; tail -50 "$1/serve.log" >&2; exit 1
    fi
    sleep 0.02
  done
}
hits() { curl -fs -H "Host: $1.localhost" "http://127.0.0.1:$port/api/search?path=/search/" | grep -o '"total":[0-9]*' | head -1 | cut -d: -f2; }
wrk205() { SITES=$sites wrk -t2 -c64 -d"$1" -s bench/many-sites.lua "http://127.0.0.1:$port" | grep -E '^req/s'; }
check2xx() { case "$1" in *"non-2xx 0  errors 0"*) ;; *) echo "wrk saw failed answers: $1" >&2; exit 1 ;; esac; }

declare -A summary
run_db() {
  local db=$1 data="$tmp/data-$1" t0 t out
  mkdir -p "$data"
  echo "== $db: $sites sites x $cars cars"
  # Load: serve pulls every site's feed once at start (the schedule is a
  # day); wait until the last site has its stock.
  t0=$(date +%s%N)
  start_server "$data"; wait_ready "$data"
  local deadline=$((SECONDS + 1800))
  until [ "$(hits "$last" || echo 0)" = "$cars" ]; do
    [ "$SECONDS" -ge "$deadline" ] && { echo "stock did not come in within 30 min" >&2; exit 1; }
    kill -0 "$pid" 2>/dev/null || { echo "the server died while importing" >&2; tail -50 "$data/serve.log" >&2; exit 1; }
    sleep 1
  done
  local load=$(( $(ms "$t0") / 1000 ))
  echo "stock in through the feed import: $((sites * cars)) cars in ${load} s"
  stop_server
  # Measure on a restart with the stock in place.
  t0=$(date +%s%N)
  start_server "$data"; wait_ready "$data"
  local ready; ready=$(ms "$t0")
  # The first buyers, while the warm-up renders still run: 20 searches on
  # 20 sites, one after another.
  local first=() i s
  for i in $(seq 0 19); do
    s=$(printf 'dealer-%04d' $(( i * (sites - 1) / 20 )))
    t=$(date +%s%N)
    curl -fs -o /dev/null -H "Host: $s.localhost" "http://127.0.0.1:$port/api/search?path=/search/used-cars&page=2" ||
      { echo "first buyer's search on $s failed" >&2; exit 1; }
    first+=("$(ms "$t")")
  done
  local firstmax; firstmax=$(printf '%s\n' "${first[@]}" | sort -n | tail -1)
  local firstmed; firstmed=$(printf '%s\n' "${first[@]}" | sort -n | sed -n 10p)
  echo "ready in $ready ms; first buyers' searches: median $firstmed ms, slowest $firstmax ms"
  # Warm-up: one pass of the 205 URLs, then settle.
  wrk205 2s >/dev/null; sleep 2
  local rss; rss=$(awk '/VmRSS/{print $2}' "/proc/$pid/status")
  echo "RSS once warm: $((rss / 1024)) MiB"
  out=$(wrk205 "$d"); check2xx "$out"; echo "205 URLs over $((sites - 1)) sites, 64 connections, $d: $out"
  local base=$out
  # A never-seen site's car page (the last site: no search has touched it).
  local car; car=$(curl -fs -H "Host: $last.localhost" "http://127.0.0.1:$port/api/search?path=/search/&page=3" |
    grep -o '"slug":"[^"]*"' | head -1 | cut -d'"' -f4)
  [ -n "$car" ] || { echo "no car found on $last" >&2; exit 1; }
  t=$(date +%s%N)
  curl -fs -o "$tmp/car.html" -H "Host: $last.localhost" -H "Accept: text/html" "http://127.0.0.1:$port/cars/$car" ||
    { echo "car page of $last failed" >&2; exit 1; }
  local carms; carms=$(ms "$t")
  local drawn=empty; grep -q '<h1' "$tmp/car.html" && drawn=drawn
  echo "never-seen site's car page: $carms ms ($drawn)"
  # One site's full re-import while the others are searched.
  (for _ in 1 2 3; do bin/forecourt import --tenants "$tmp/tenants" --data "$data" --site dealer-0000 --full \
      --url "http://127.0.0.1:$feedport/dealer-0000.csv" >/dev/null || exit 1; done) &
  local imp=$!
  out=$(wrk205 "$d"); check2xx "$out"
  wait "$imp" || { echo "re-import failed" >&2; exit 1; }
  echo "during dealer-0000's full re-import: $out"
  if [ -n "${RENDER_LOAD:-}" ]; then
    RENDER_SITES=$(seq -f 'dealer-%04g' 0 $(( (sites - 1) / 8 )) $((sites - 1)) | paste -sd,) \
      node bench/render-load.mjs "$port" 300 8
  fi
  stop_server
  summary[$db]=$(printf '%-10s ready %6.1f s  RSS %5d MiB  first buyers %4d/%4d ms  search %s  car page %d ms (%s)  re-import p99: before %s, during %s' \
    "$db" "$(echo "$ready/1000" | bc -l)" $((rss / 1024)) "$firstmed" "$firstmax" \
    "$(echo "$base" | sed 's/  non-2xx.*//')" "$carms" "$drawn" \
    "$(echo "$base" | grep -o 'p99 [0-9.]* ms')" "$(echo "$out" | grep -o 'p99 [0-9.]* ms')")
}

DATABASE_URL= run_db sqlite
pgurl=${DATABASE_URL:-}
if [ -z "$pgurl" ] && pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  madedb=manysites_$$
  createdb -h 127.0.0.1 -U postgres "$madedb"
  pgurl="postgres://postgres@127.0.0.1:5432/$madedb?sslmode=disable"
fi
if [ -n "$pgurl" ]; then
  DATABASE_URL=$pgurl run_db postgres
else
  echo "== postgres: skipped (no DATABASE_URL and nothing answers on 127.0.0.1:5432)"
fi
echo "== summary: $sites sites x $cars cars, $(nproc) cores, $(date -u +%F)"
for db in sqlite postgres; do [ -n "${summary[$db]:-}" ] && echo "${summary[$db]}"; done
exit 0
