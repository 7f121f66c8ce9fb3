#!/usr/bin/env bash
# The search index against Bleve (in memory) and PostgreSQL (GROUP BY per
# facet) on the same 100,000 generated cars and the same mixed queries, side
# by side with ratios to the index. The comparison is its own Go module
# (bench/compare) so Bleve never enters the server's dependencies.
#
# Usage: bench/compare.sh
#   COMPARE_CARS     size of the generated catalogue (100000)
#   COMPARE_QUERIES  size of the query set and queries run on the index (2000)
#   BLEVE_QUERIES    queries run on Bleve, the first N of the set (500: loading
#                    takes minutes and a query a few hundred ms)
#   PG_QUERIES       queries run on PostgreSQL, the first N of the set (200;
#                    29 statements a query, the page, the count and a GROUP BY
#                    for each of the 27 facets, make it far slower)
#   DATABASE_URL     PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
#                    a database is created for the run and dropped after it;
#                    the PostgreSQL row is skipped when no server answers.
#   BENCH_SHORT=1    a run of seconds on 2,000 cars, to check the bench still works
set -euo pipefail
cd "$(dirname "$0")/compare"
if [ "${BENCH_SHORT:-}" = 1 ]; then
  export COMPARE_CARS=${COMPARE_CARS:-2000} COMPARE_QUERIES=${COMPARE_QUERIES:-20}
  BLEVE_QUERIES=${BLEVE_QUERIES:-5} PG_QUERIES=${PG_QUERIES:-5}
fi
export COMPARE_QUERIES=${COMPARE_QUERIES:-2000}
bleve_n=${BLEVE_QUERIES:-500}
pg_n=${PG_QUERIES:-200}
bin=$(mktemp -d)/compare.test
out=$(mktemp)
trap 'rm -rf "$(dirname "$bin")" "$out"' EXIT
go test -c -o "$bin" .
for spec in "Ours:$COMPARE_QUERIES" "Bleve:$bleve_n" "Postgres:$pg_n"; do
  name=${spec%%:*} n=${spec#*:}
  echo "== $name: $n queries" >&2
  "$bin" -test.run '^$' -test.bench "^BenchmarkCompare$name\$" -test.benchtime "${n}x" -test.timeout 60m | tee -a "$out" >&2
done
awk -v cars="${COMPARE_CARS:-100000}" '
/^BenchmarkCompare/ {
  name = $1; sub(/^BenchmarkCompare/, "", name); sub(/-[0-9]+$/, "", name)
  for (i = 3; i < NF; i += 2) v[name, $(i + 1)] = $i
  v[name, "n"] = $2; names[++k] = name
}
function ratio(a, b) { return (b > 0) ? sprintf("%.1fx", a / b) : "-" }
END {
  printf "%-9s %7s %9s %9s %8s %8s %9s %9s %7s %7s\n", "engine", "queries", "p50 ms", "p99 ms", "p50 x", "p99 x", "load ms", "mem MiB", "mem x", "agree%"
  for (j = 1; j <= k; j++) {
    e = names[j]
    printf "%-9s %7d %9.3f %9.3f %8s %8s %9d %9.1f %7s %7.1f\n", e, v[e, "n"], v[e, "p50-ms"], v[e, "p99-ms"],
      ratio(v[e, "p50-ms"], v["Ours", "p50-ms"]), ratio(v[e, "p99-ms"], v["Ours", "p99-ms"]),
      v[e, "load-ms"], v[e, "mem-MiB"], ratio(v[e, "mem-MiB"], v["Ours", "mem-MiB"]), v[e, "agree-%"]
  }
  printf "cars listed: %d of %d. Memory: Go heap for the index and Bleve; table + indexes (pg_total_relation_size) for PostgreSQL.\n", v["Ours", "cars"], cars
  printf "agree%%: answers equal to the index (matched count, every facet count, page of cars).\n"
}' "$out"
