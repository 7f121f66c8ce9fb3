#!/usr/bin/env bash
# The photo storage tests (internal/photos) run against a real
# S3-compatible server: SeaweedFS, built from its Go module once into a
# cache outside the repository. Prints the binary's path; the tests read it
# from FORECOURT_WEED (see the Makefile's test-go target).
#
# `go install` refuses this module (its go.mod has replace directives), so
# the module's source is copied from the module cache and built there.
set -euo pipefail
version=v0.0.0-20261109003541-7506e5f91cd6
module=github.com/seaweedfs/seaweedfs
GO=${GO:-go}
cache=${FORECOURT_CACHE:-$HOME/.cache/forecourt}
dest="$cache/weed-$version"
bin="$dest/weed"
if [ -x "$bin" ]; then echo "$bin"; exit 0; fi

mkdir -p "$cache"
work=$(mktemp -d "$cache/weed-build.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

echo "building SeaweedFS $version into $dest (several minutes on two cores, once)" >&2
start=$SECONDS
# Outside any module, so the repository's go.mod and go.sum stay as they are.
dir=$(cd "$work" && GO111MODULE=on GOFLAGS=-mod=mod "$GO" mod download -json "$module@$version" |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
if [ -z "$dir" ] || [ ! -f "$dir/go.mod" ]; then
  echo "could not download $module@$version" >&2
  exit 1
fi
cp -R "$dir" "$work/src"
chmod -R u+w "$work/src"
(cd "$work/src" && CGO_ENABLED=0 GOFLAGS="-mod=mod -buildvcs=false" "$GO" build -trimpath -ldflags='-s -w' -o "$work/weed" ./weed)
"$work/weed" version >/dev/null 2>&1 || { echo "the built $module does not run" >&2; exit 1; }
mkdir -p "$dest"
mv -f "$work/weed" "$bin.tmp.$$"
mv -f "$bin.tmp.$$" "$bin"
echo "built $bin in $((SECONDS - start)) s" >&2
echo "$bin"
