#!/bin/sh
# `make test-bench` runs bench/search-http.sh, which measures with wrk.
# Installs Debian's wrk package when it is missing.
set -e
command -v wrk >/dev/null 2>&1 && exit 0
echo "wrk not found; installing the wrk package" >&2
if [ "$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi
$SUDO apt-get install -y wrk >/dev/null 2>&1 || { $SUDO apt-get update >/dev/null && $SUDO apt-get install -y wrk >/dev/null; }
command -v wrk >/dev/null 2>&1 || { echo "could not install wrk" >&2; exit 1; }
