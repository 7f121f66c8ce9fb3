#!/usr/bin/env bash
# HTTP throughput of GET /api/search on the demo catalogue, with wrk on
# loopback for a bounded 15 s per run: three fixed queries (answered from
# the answer cache after the first time), then a mixed set of mostly
# different queries (search-mixed.lua: the cache rarely helps), then 205
# distinct URLs at 64 connections for 20 s (search-205.lua) on the fresh
# server's cold cache.
# Usage: bench/search-http.sh (after make build)
#   SEARCH_AGE=1h: after the first 205-URL run, mixed traffic for that long,
#   then the 205-URL run again, to show throughput does not decay.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "install wrk first (apt-get install -y wrk)" >&2; exit 1; }
. bench/demo-server.sh
# BENCH_SHORT=1: a second per run, to check that the bench still works.
d=15s d205=20s
[ -n "${BENCH_SHORT:-}" ] && d=1s d205=1s
host=summit-motor-group.localhost
run205() {
  echo "== 205 distinct URLs, 64 connections, $d205 (bench/search-205.lua)$1"
  wrk -t2 -c64 -d$d205 -H "Host: $host" -H "Accept-Encoding: gzip" -s bench/search-205.lua "http://127.0.0.1:$port" |
    grep -E "Requests/sec|Latency|Transfer|p50"
}
# First, on a server that has answered nothing yet.
run205 ", fresh server"
for q in \
  'path=/search/new-used-and-demo-cars/' \
  'path=/search/used-cars/toyota&sortBy=price_asc&range%5Bprice%5D=5000:40000&page=2' \
  'path=/search/used-cars&query=corrola&refinementList%5Bbody%5D%5B0%5D=Hatch&refinementList%5Bfuel%5D%5B0%5D=Petrol&page=3'; do
  curl -fs -H "Host: $host" "http://127.0.0.1:$port/api/search?$q" >/dev/null
  echo "== $q"
  wrk -t2 -c32 -d$d -H "Host: $host" -H "Accept-Encoding: gzip" "http://127.0.0.1:$port/api/search?$q" | grep -E "Requests/sec|Latency|Transfer"
done
echo "== mixed queries (bench/search-mixed.lua)"
wrk -t2 -c32 -d$d -H "Host: $host" -H "Accept-Encoding: gzip" -s bench/search-mixed.lua "http://127.0.0.1:$port" | grep -E "Requests/sec|Latency|Transfer"
if [ -n "${SEARCH_AGE:-}" ]; then
  echo "== mixed queries for $SEARCH_AGE"
  wrk -t2 -c32 -d"$SEARCH_AGE" -H "Host: $host" -H "Accept-Encoding: gzip" -s bench/search-mixed.lua "http://127.0.0.1:$port" | grep -E "Requests/sec"
  run205 ", after $SEARCH_AGE of mixed traffic"
fi
