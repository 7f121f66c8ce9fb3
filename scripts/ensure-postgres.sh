#!/usr/bin/env bash
# The PostgreSQL tests need a server at 127.0.0.1:5432; start the local
# cluster when it is installed but not running.
set -uo pipefail
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then exit 0; fi
if command -v pg_ctlcluster >/dev/null 2>&1; then
  version=$(ls /etc/postgresql 2>/dev/null | head -n 1)
  if [ -n "$version" ]; then
    pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && exit 0; sleep 1; done
  fi
fi
echo "PostgreSQL is not reachable at 127.0.0.1:5432; its tests will be skipped." >&2
exit 0
