#!/usr/bin/env bash
# The ADF test validates generated lead XML against the ADF 1.0 DTD with
# Debian's xmllint; install it when it is missing.
set -euo pipefail
if command -v xmllint >/dev/null 2>&1; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq libxml2-utils >/dev/null
