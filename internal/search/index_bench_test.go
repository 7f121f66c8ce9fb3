package search_test

import (
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/search"
	"forecourt/internal/search/benchset"
)

// The search benchmark: a catalogue of 100,000 generated cars and a mixed
// query set (text, 3 facets, price range, sort, page 3, all facet counts),
// both from benchset so bench/compare runs the very same set on other engines.
// Run: go test ./internal/search -run '^$' -bench 100k -benchtime 3000x

const benchCars = 100_000

var (
	benchOnce sync.Once
	benchCat  []catalog.Car
	benchCfg  search.Config
)

func benchCatalogue(tb testing.TB) ([]catalog.Car, search.Config) {
	tb.Helper()
	benchOnce.Do(func() { benchCat, benchCfg = benchset.Catalogue(benchCars) })
	return benchCat, benchCfg
}

func BenchmarkSearch100k(b *testing.B) {
	cars, cfg := benchCatalogue(b)

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	ix := search.Build(cars, cfg)
	build := time.Since(start)
	runtime.GC()
	runtime.ReadMemStats(&after)
	perCar := float64(after.HeapAlloc-before.HeapAlloc) / float64(len(cars))

	qs := benchset.Queries(cars, 1000)
	durs := make([]time.Duration, 0, 4096)
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		t0 := time.Now()
		r := ix.Search(qs[i%len(qs)])
		durs = append(durs, time.Since(t0))
		if r.Facets == nil {
			b.Fatal("no facets")
		}
		i++
	}
	b.StopTimer()
	slices.Sort(durs)
	pct := func(p float64) float64 { return float64(durs[int(p*float64(len(durs)-1))].Microseconds()) }
	b.ReportMetric(pct(0.50), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
	b.ReportMetric(float64(durs[len(durs)-1].Microseconds()), "max-µs")
	b.ReportMetric(float64(build.Milliseconds()), "build-ms")
	b.ReportMetric(perCar, "heap-B/car")
	runtime.KeepAlive(ix)
}

func BenchmarkBuild100k(b *testing.B) {
	cars, cfg := benchCatalogue(b)
	b.ReportAllocs()
	for b.Loop() {
		search.Build(cars, cfg)
	}
}

func BenchmarkSimilar100k(b *testing.B) {
	cars, cfg := benchCatalogue(b)
	ix := search.Build(cars, cfg)
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		ix.Similar(cars[(i*7919)%len(cars)], 6)
		i++
	}
}

// BenchmarkTypeahead100k times suggestions while typing over 100,000 cars:
// each of a set of makes, models and typos typed a letter at a time.
func BenchmarkTypeahead100k(b *testing.B) {
	cars, cfg := benchCatalogue(b)
	ix := search.Build(cars, cfg)
	t := search.NewTypeaheads(ix.Search(search.Query{HitsPerPage: 1}).Facets, search.NewVocabulary(cars, nil, nil), nil)
	var typed []string
	for _, w := range []string{"toyota corolla", "toyta", "mazda cx", "hilux", "ford ranger", "kia", "suv", "hyundai i30", "volkswagen", "mitsubishi triton"} {
		for n := 2; n <= len(w); n++ {
			typed = append(typed, w[:n])
		}
	}
	durs := make([]time.Duration, 0, 4096)
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		t0 := time.Now()
		t.Suggest(typed[i%len(typed)])
		durs = append(durs, time.Since(t0))
		i++
	}
	b.StopTimer()
	slices.Sort(durs)
	b.ReportMetric(float64(durs[len(durs)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(durs[int(0.99*float64(len(durs)-1))].Microseconds()), "p99-µs")
}
