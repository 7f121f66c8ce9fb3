package search

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

func TestTmpKinds(t *testing.T) {
	cars, cfg := benchCatalogue(t)
	ix := Build(cars, cfg)
	qs := benchQueries(cars, 1000)
	kinds := map[string][]time.Duration{}
	for rep := 0; rep < 3; rep++ {
		for _, q := range qs {
			k := "full"
			if q.Text == "" {
				k = "browse"
			} else if len(q.Refinements) == 0 {
				k = "text"
			}
			k += "/" + q.Sort
			t0 := time.Now()
			ix.Search(q)
			kinds[k] = append(kinds[k], time.Since(t0))
		}
	}
	for k, d := range kinds {
		slices.Sort(d)
		fmt.Printf("%-22s n=%4d p50=%v p99=%v\n", k, len(d), d[len(d)/2], d[len(d)*99/100])
	}
}
