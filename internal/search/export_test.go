package search

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// The export helpers must describe a car exactly as the index counts it, or
// bench/compare would load different documents into the other engines.
func TestCarFacetsAgreeWithIndexCounts(t *testing.T) {
	t.Parallel()
	for slug, s := range demoIndexes(t) {
		// Counting each listed car's CarFacets must give the browse counts
		// (docs/behaviour/states.md#facets: counts over the listed cars).
		want := map[string]map[string]int{}
		words := 0
		for _, c := range s.data.Cars {
			if !Listed(c, s.cfg) {
				continue
			}
			if CarWords(&c) != "" {
				words++
			}
			for name, vs := range CarFacets(&c, s.cfg) {
				if want[name] == nil {
					want[name] = map[string]int{}
				}
				for _, v := range vs {
					want[name][v]++
				}
			}
		}
		// The index's facet counts are after sold runs collapse; the matched
		// count of each value's listing is the count before it.
		res := s.ix.Search(Query{Page: 1})
		for _, name := range FacetNames() {
			got := map[string]int{}
			for _, v := range res.Facets[name] {
				if v.Count > 0 {
					got[strings.ToLower(v.Value)] = s.ix.Search(Query{Refinements: map[string][]string{name: {v.Value}}}).Matched
				}
			}
			if !maps.Equal(got, want[name]) {
				t.Errorf("%s facet %s: index counts %v, CarFacets counts %v", slug, name, got, want[name])
			}
		}
		if words != s.ix.Len() {
			t.Errorf("%s: %d of %d listed cars have searchable words", slug, words, s.ix.Len())
		}
	}
}

// CarWords must be the words the free-text search finds a car by.
func TestCarWordsFindTheCar(t *testing.T) {
	t.Parallel()
	s := demoSite(t, "summit-motor-group")
	for i, c := range s.data.Cars[:min(40, len(s.data.Cars))] {
		if !Listed(c, s.cfg) {
			continue
		}
		ws := strings.Fields(CarWords(&c))
		w := ws[i%len(ws)]
		if !slices.Equal(QueryWords(strings.ToUpper(w)), []string{w}) {
			t.Fatalf("QueryWords(%q) = %v", strings.ToUpper(w), QueryWords(strings.ToUpper(w)))
		}
		found := false
		for _, h := range s.ix.Search(Query{Text: w, HitsPerPage: 100, Page: 1}).Hits {
			found = found || h.ID == c.ID
		}
		if !found && s.ix.Search(Query{Text: w}).Matched <= 100 {
			t.Errorf("car %d not found by its word %q", c.ID, w)
		}
	}
}
