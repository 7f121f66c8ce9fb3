package search

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo"
	"forecourt/internal/tenant"
)

// The benchmark: a catalogue of 100,000 generated cars and a mixed
// query set (text, 3 facets, price range, sort, page 3, all facet counts).
// Run: go test ./internal/search -run '^$' -bench 100k -benchtime 3000x

const benchCars = 100_000

var (
	benchOnce sync.Once
	benchCat  []catalog.Car
	benchCfg  Config
)

// benchCatalogue repeats every demo site's cars with new ids, slugs and
// stock numbers and jittered prices, distances and years.
func benchCatalogue(tb testing.TB) ([]catalog.Car, Config) {
	tb.Helper()
	benchOnce.Do(func() {
		reg, err := tenant.LoadEmbedded()
		if err != nil {
			panic(err)
		}
		sites := demo.Generate(testRef)
		var src []catalog.Car
		var ds []catalog.Dealership
		var ls []catalog.Location
		for _, s := range sites {
			src = append(src, s.Cars...)
			ds = append(ds, s.Dealerships...)
			ls = append(ls, s.Locations...)
		}
		site, _ := reg.BySlug("summit-motor-group")
		benchCfg = NewConfig(*site, ds, ls, testRef)
		rng := rand.New(rand.NewPCG(1, 2))
		benchCat = make([]catalog.Car, 0, benchCars)
		for i := 0; len(benchCat) < benchCars; i++ {
			c := src[i%len(src)]
			id := int64(len(benchCat) + 1)
			c.ID = id
			c.Slug = fmt.Sprintf("%s-x%d", c.Slug, id)
			c.StockNum = fmt.Sprintf("%s%d", c.StockNum, i/len(src))
			if c.Price > 0 {
				c.Price = max(1000, c.Price+rng.IntN(4001)-2000)
			}
			if c.KM > 100 {
				c.KM += rng.IntN(5000)
			}
			if c.CarType == catalog.TypeUsed && rng.IntN(3) == 0 {
				c.Year -= rng.IntN(3)
			}
			c.Rank = rng.IntN(1000)
			benchCat = append(benchCat, c)
		}
	})
	return benchCat, benchCfg
}

// benchQueries is the mixed set: every query sorts and asks for page 3
// with every facet counted; most have text, three facets and a price range.
func benchQueries(cars []catalog.Car, n int) []Query {
	rng := rand.New(rand.NewPCG(3, 4))
	sorts := []string{SortDefault, SortPriceAsc, SortPriceDesc, SortYearDesc, SortKMAsc, SortNewest}
	typos := map[string]string{"toyota": "toyta", "corolla": "corrola", "hyundai": "hyundia", "mazda": "madza", "ranger": "rangr"}
	out := make([]Query, 0, n)
	for len(out) < n {
		c := cars[rng.IntN(len(cars))]
		q := Query{Page: 3, Sort: sorts[rng.IntN(len(sorts))], Refinements: map[string][]string{}, Ranges: map[string]Range{}}
		switch rng.IntN(10) {
		case 0: // browse: no text, no filters
		case 1, 2: // text only
			q.Text = strings.ToLower(c.Make + " " + c.Model)
		default: // the full mix
			word := strings.ToLower(c.Model)
			if t, ok := typos[word]; ok && rng.IntN(2) == 0 {
				word = t
			}
			if rng.IntN(3) == 0 {
				word = strings.ToLower(c.Make)
			}
			q.Text = word
			q.Refinements["car_type"] = []string{c.CarType}
			q.Refinements["body"] = []string{c.SimpleBody}
			q.Refinements["transmission"] = []string{"Automatic", "Manual"}
			lo, hi := float64(5000+rng.IntN(20000)), float64(40000+rng.IntN(60000))
			q.Ranges["price"] = Range{Min: &lo, Max: &hi}
		}
		out = append(out, q)
	}
	return out
}

func BenchmarkSearch100k(b *testing.B) {
	cars, cfg := benchCatalogue(b)

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	ix := Build(cars, cfg)
	build := time.Since(start)
	runtime.GC()
	runtime.ReadMemStats(&after)
	perCar := float64(after.HeapAlloc-before.HeapAlloc) / float64(len(cars))

	qs := benchQueries(cars, 1000)
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
		Build(cars, cfg)
	}
}

func BenchmarkSimilar100k(b *testing.B) {
	cars, cfg := benchCatalogue(b)
	ix := Build(cars, cfg)
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		ix.Similar(cars[(i*7919)%len(cars)], 6)
		i++
	}
}
