#!/usr/bin/env bash
# Render load on a fresh server: car pages no visitor has asked for yet, from
# the five demo sites, N at a time; pages/s, p50/p99 and the share that
# arrived drawn (bench/render-load.mjs).
# Usage: bench/render-load.sh [pages=300] [concurrency=8] [--kill-worker]
#   --kill-worker: SIGKILL one render worker a third of the way in; no page may fail.
# Needs `make build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
pages=${1:-300}
conc=${2:-8}
[ -n "${BENCH_SHORT:-}" ] && pages=${1:-10}
kill=${3:-}
source bench/demo-server.sh
# demo-server.sh has waited for /healthz: every site's index is built and
# its render workers answer.
if [ "$kill" = --kill-worker ]; then
  node bench/render-load.mjs "$port" "$pages" "$conc" --kill-worker "$pid"
else
  node bench/render-load.mjs "$port" "$pages" "$conc"
fi
