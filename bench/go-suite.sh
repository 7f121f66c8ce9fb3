#!/usr/bin/env bash
# Wall and CPU time of the whole Go suite, `go test -count=1 ./...`, as
# `make test-go` runs it. Given other checkouts, runs them and this one in
# turn, so that a busy moment of the machine falls on neither alone.
#
# Usage: bench/go-suite.sh [-n runs] [other-checkout ...]
#   (each checkout built first with `make build`; the build cache warms on
#   a first run that is not counted)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=2
if [ "${1:-}" = -n ]; then runs=$2; shift 2; fi
trees=("$PWD" "$@")
weed=$(scripts/ensure-seaweedfs.sh)
export FORECOURT_WEED=$weed
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
suite() { (cd "$1" && go test -tags nodynamic -count=1 ./... >"$log" 2>&1); }
for tree in "${trees[@]}"; do
  # Without the web app's server build, the tests that draw pages fail.
  [ -f "$tree/web/ssr/render.mjs" ] || { echo "$tree: build first (make build)" >&2; exit 1; }
  suite "$tree" || true # warm the build cache
done
TIMEFORMAT='%R s wall, %U s user, %S s sys'
for i in $(seq 1 "$runs"); do
  for tree in "${trees[@]}"; do
    printf '%s (%s), run %d: ' "$tree" "$(git -C "$tree" rev-parse --short HEAD)" "$i"
    { time suite "$tree" || true; } 2>&1 | tail -n 1
    if grep -q '^FAIL' "$log"; then grep '^--- FAIL\|^FAIL' "$log" | head -n 5; fi
  done
done
