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
kill=${3:-}
source bench/demo-server.sh
# The server is ready for buyers once every site's index is built and its
# render workers answer.
for _ in $(seq 1 600); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
if [ "$kill" = --kill-worker ]; then
  node bench/render-load.mjs "$port" "$pages" "$conc" --kill-worker "$pid"
else
  node bench/render-load.mjs "$port" "$pages" "$conc"
fi
