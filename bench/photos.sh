#!/usr/bin/env bash
# Dealers' photos: how fast the server takes them in and draws them.
#   ingest: 3000x2000 JPEGs (about 1 MB each) fetched from a local photo
#           server, checked, stripped of their metadata and stored, 4 at a
#           time as serve does: photos/s and CPU seconds per photo.
#   widths: one such photo drawn at a card's (400), a gallery's (800) and
#           a full screen's (1200) width, no cache (the wait of the first
#           buyer to see it): as WebP, and as the smaller of AVIF and WebP
#           for a browser that takes AVIF.
# Usage: bench/photos.sh [photos]   (default 300; BENCH_SHORT=1: 8)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-300}
[ -n "${BENCH_SHORT:-}" ] && n=${1:-8}
widths=5x
[ -n "${BENCH_SHORT:-}" ] && widths=1x
go test -tags nodynamic -run '^$' -bench '^BenchmarkIngest$' -benchtime "${n}x" ./internal/photos | grep -E '^Benchmark' \
  | awk '{for (i = 1; i <= NF; i++) { if ($(i+1) == "photos/s") r = $i; if ($(i+1) == "cpu-s/photo") c = $i }}
         END { if (r == "") exit 1; printf "ingest: %s photos/s, %s CPU s per photo\n", r, c }'
go test -tags nodynamic -run '^$' -bench '^BenchmarkPhotoWidths$' -benchtime "$widths" ./internal/media | grep -E '^Benchmark' \
  | awk '{split($1, p, "/"); sub(/-[0-9]+$/, "", p[3]); printf "draw %s px, %s: %.0f ms, %s bytes\n", p[2], (p[3] == "best" ? "browser taking AVIF" : "browser taking WebP"), $3 / 1e6, $5}'
