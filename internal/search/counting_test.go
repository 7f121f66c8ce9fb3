package search_test

import (
	"maps"
	"math/rand/v2"
	"reflect"
	"testing"

	"forecourt/internal/search"
	"forecourt/internal/search/benchset"
)

// TestFacetCountsAtScale checks the counting of a big catalogue, where the
// cost guesses pick other paths than on a demo site's few hundred cars:
// for the benchmark's kind of queries (text, three facets, a price range,
// every sort), a facet value's count is the refined listing's total.
func TestFacetCountsAtScale(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a 20,000-car catalogue")
	}
	cars, cfg := benchset.Catalogue(20_000)
	ix := search.Build(cars, cfg)
	rng := rand.New(rand.NewPCG(5, 6))
	checked, collapsed := 0, 0
	for _, q := range benchset.Queries(cars, 24) {
		r := ix.Search(q)
		for name, vals := range r.Facets {
			for range 2 {
				if len(vals) == 0 {
					break
				}
				v := vals[rng.IntN(len(vals))]
				q2 := q
				q2.Refinements = maps.Clone(q.Refinements)
				if q2.Refinements == nil {
					q2.Refinements = map[string][]string{}
				}
				q2.Refinements[name] = []string{v.Value}
				r2 := ix.Search(q2)
				if r2.Total != v.Count {
					t.Fatalf("query %+v: %s=%q counts %d, the listing shows %d", q, name, v.Value, v.Count, r2.Total)
				}
				checked++
				if r2.Matched > r2.Total {
					collapsed++
				}
			}
		}
	}
	if checked < 100 || collapsed == 0 {
		t.Errorf("checked %d values, %d with sold runs collapsed: the property was hardly exercised", checked, collapsed)
	}
}

// A search asking for some facets gets those and the ones it refines by,
// with the counts it would get asking for all.
func TestSearchGivesTheFacetsAskedFor(t *testing.T) {
	t.Parallel()
	cars, cfg := benchset.Catalogue(3_000)
	ix := search.Build(cars, cfg)
	q := search.Query{Refinements: map[string][]string{"body": {"SUV"}}}
	all := ix.Search(q)
	q.Facets = []string{"make", "colour"}
	some := ix.Search(q)
	if len(some.Facets) != 3 {
		t.Fatalf("asked for make and colour, refined by body: got %d facets", len(some.Facets))
	}
	for _, name := range []string{"make", "colour", "body"} {
		if !reflect.DeepEqual(some.Facets[name], all.Facets[name]) {
			t.Errorf("%s: %v, asking for all gives %v", name, some.Facets[name], all.Facets[name])
		}
	}
	if some.Total != all.Total {
		t.Errorf("totals %d and %d", some.Total, all.Total)
	}
}
