# Sourced by the benchmark scripts: serves every demo site from bin/forecourt
# on a fresh SQLite data directory at a random loopback port ($port), and
# stops it when the script exits.
[ -x bin/forecourt ] || { echo "run make build first" >&2; exit 1; }
port=$((20000 + RANDOM % 20000))
data=$(mktemp -d)
env -u DATABASE_URL bin/forecourt serve --addr "127.0.0.1:$port" --data "$data" >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$data"' EXIT
until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.05; done
