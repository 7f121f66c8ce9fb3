// Package compare measures the search index against Bleve and a PostgreSQL
// GROUP BY implementation on the same catalogue and query set
// (internal/search/benchset). It is its own module so Bleve never enters the
// server's dependencies. Run it with bench/compare.sh.
package compare
