# Sourced by the benchmark scripts. wait_healthy PORT PID LOG [PATH] waits up
# to 30 s for PATH (default /healthz) on 127.0.0.1:PORT; when the server PID
# has exited or is still not up, prints LOG and fails, so a server that
# cannot start never leaves a bench waiting forever.
wait_healthy() {
  local deadline=$((SECONDS + 30))
  until curl -fs "http://127.0.0.1:$1${4:-/healthz}" >/dev/null 2>&1; do
    if ! kill -0 "$2" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
      echo "the server did not come up on port $1 within 30 s; its log:" >&2
      cat "$3" >&2
      return 1
    fi
    sleep 0.01
  done
}
