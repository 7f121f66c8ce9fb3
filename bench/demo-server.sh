# Sourced by the benchmark scripts: serves every demo site from bin/forecourt
# on a fresh SQLite data directory at a random loopback port ($port), and
# stops it when the script exits. A server not up within 60 s ends the
# script with its log.
# BENCH_SHORT=1 asks every bench script for a run of a second or two, so
# `make test` can tell that each one still works.
[ -x bin/forecourt ] || { echo "run make build first" >&2; exit 1; }
. bench/wait-healthy.sh
port=$(free_port)
data=$(mktemp -d)
env -u DATABASE_URL bin/forecourt serve --addr "127.0.0.1:$port" --data "$data" >"$data/serve.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
wait_healthy "$port" "$pid" "$data/serve.log" || exit 1
