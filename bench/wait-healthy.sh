# Sourced by the benchmark scripts.
#
# free_port prints a loopback port nothing listens on, below the kernel's
# range for outgoing connections (32768 and up on Linux), so a busy bench's
# own connections never hold the port the server is about to bind.
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 12000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
}

# wait_healthy PORT PID LOG [PATH] waits up to 60 s for PATH (default
# /healthz) on 127.0.0.1:PORT; when the server PID has exited (or is a
# zombie its script has not reaped) or is still not up, prints LOG and
# fails, so a server that cannot start never leaves a bench waiting forever.
# A server still starting after 60 s is asked for its goroutines first.
wait_healthy() {
  local deadline=$((SECONDS + 60)) state
  until curl -fs "http://127.0.0.1:$1${4:-/healthz}" >/dev/null 2>&1; do
    state=$(awk '{print $3}' "/proc/$2/stat" 2>/dev/null || echo gone)
    if [ "$state" = gone ] || [ "$state" = Z ]; then
      echo "the server exited before it came up on port $1; its log:" >&2
      cat "$3" >&2
      return 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      # SIGQUIT makes a Go server write every goroutine's stack to its log
      # and exit: the log then shows where it waits.
      kill -QUIT "$2" 2>/dev/null || true
      sleep 1
      echo "the server did not come up on port $1 within 60 s; its log, with its goroutines:" >&2
      cat "$3" >&2
      return 1
    fi
    sleep 0.01
  done
}
