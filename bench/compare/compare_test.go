package compare

import (
	"context"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/search"
	"forecourt/internal/search/benchset"
	"forecourt/internal/store/postgres/postgrestest"
)

// The same 100,000 cars and the same mixed queries as the index's own
// BenchmarkSearch100k, on three engines. Each benchmark reports per-query
// latency percentiles, load time, memory, and how many answers agree with
// the index (matched count, every facet count, the page of cars).
// bench/compare.sh runs them with a bounded number of queries each.

// nCars is the catalogue's size: COMPARE_CARS, or 100,000.
func nCars() int {
	if n, err := strconv.Atoi(os.Getenv("COMPARE_CARS")); err == nil && n > 0 {
		return n
	}
	return 100_000
}

var (
	setOnce sync.Once
	setCars []catalog.Car
	setList []catalog.Car
	setCfg  search.Config
	setQs   []search.Query
	setRef  []Answer // the index's answers
	setTot  []int    // the index's shown totals (after collapsing sold runs)
)

// nQueries is the size of the query set: COMPARE_QUERIES, or 2000.
func nQueries() int {
	if n, err := strconv.Atoi(os.Getenv("COMPARE_QUERIES")); err == nil && n > 0 {
		return n
	}
	return 2000
}

func set(tb testing.TB) {
	tb.Helper()
	setOnce.Do(func() {
		setCars, setCfg = benchset.Catalogue(nCars())
		setList = Listed(setCars, setCfg)
		setQs = benchset.Queries(setCars, nQueries())
		ix := search.Build(setCars, setCfg)
		for _, q := range setQs {
			setRef = append(setRef, Ours(ix, q))
			setTot = append(setTot, ix.Search(q).Total)
		}
	})
}

// run times every query of the set once (cycling when b.N is larger) and
// reports the percentiles and the share of answers that agree with the index.
func run(b *testing.B, load time.Duration, bytes float64, ask func(q search.Query) (Answer, error)) {
	durs := make([]time.Duration, 0, len(setQs))
	agree, compared := 0, 0
	b.ResetTimer()
	i := 0
	for b.Loop() {
		k := i % len(setQs)
		t0 := time.Now()
		a, err := ask(setQs[k])
		durs = append(durs, time.Since(t0))
		if err != nil {
			b.Fatalf("query %d: %v", k, err)
		}
		if i < len(setQs) {
			page, per := pageOf(setQs[k])
			compared++
			if Agrees(setRef[k], setTot[k], a, page, per) {
				agree++
			}
		}
		i++
	}
	b.StopTimer()
	slices.Sort(durs)
	pct := func(p float64) float64 {
		return float64(durs[int(p*float64(len(durs)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(100*float64(agree)/float64(max(compared, 1)), "agree-%")
	b.ReportMetric(float64(len(setList)), "cars")
	// After the loop: ResetTimer drops metrics reported before it.
	b.ReportMetric(float64(load.Milliseconds()), "load-ms")
	b.ReportMetric(bytes/(1<<20), "mem-MiB")
}

func heap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func BenchmarkCompareOurs(b *testing.B) {
	set(b)
	before := heap()
	start := time.Now()
	ix := search.Build(setCars, setCfg)
	load := time.Since(start)
	run(b, load, float64(heap()-before), func(q search.Query) (Answer, error) { return Ours(ix, q), nil })
	runtime.KeepAlive(ix)
}

func BenchmarkCompareBleve(b *testing.B) {
	set(b)
	before := heap()
	start := time.Now()
	bl, err := NewBleve(setList, setCfg)
	if err != nil {
		b.Fatal(err)
	}
	defer bl.Close()
	load := time.Since(start)
	run(b, load, float64(heap()-before), bl.Search)
}

func BenchmarkComparePostgres(b *testing.B) {
	set(b)
	url := testDatabase(b)
	ctx := context.Background()
	start := time.Now()
	pg, err := NewPostgres(ctx, url, setList, setCfg)
	if err != nil {
		b.Fatal(err)
	}
	defer pg.Close()
	load := time.Since(start)
	size, err := pg.Size(ctx)
	if err != nil {
		b.Fatal(err)
	}
	run(b, load, float64(size), func(q search.Query) (Answer, error) { return pg.Search(ctx, q) })
}

// testDatabase is a fresh, uniquely named database, dropped when the
// benchmark ends; the benchmark is skipped when no server answers.
func testDatabase(tb testing.TB) string { return postgrestest.TestDatabase(tb) }
