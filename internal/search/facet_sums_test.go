package search

import (
	"math/rand/v2"
	"testing"
)

// docs/behaviour/states.md#sold-runs: a listing's single-valued facets
// (New, Demo and Used; makes; locations) add up to the total it shows, in
// every order, nearest first included, and with filters of other facets:
// sold runs collapse once over the whole listing, so splitting a listing
// by a facet shows the same cars.
func TestFacetCountsAddUpToTheTotal(t *testing.T) {
	t.Parallel()
	sums := []string{"car_type", "make", "location_name"} // every car has one of each
	sorts := []string{SortDefault, SortNewest, SortPriceAsc, SortKMDesc, SortDistanceAsc}
	collapsed := 0
	for _, slug := range []string{"harbourside-toyota", "summit-motor-group", "outback-caravans", "southern-alps-motors", "metro-used-cars"} {
		s := demoSite(t, slug)
		rng := rand.New(rand.NewPCG(11, uint64(len(slug))))
		loc := s.data.Locations[0].Address
		for qi := 0; qi < 30; qi++ {
			q := Query{Sort: sorts[qi%len(sorts)], Refinements: map[string][]string{}, Facets: sums}
			if qi%len(sorts) == len(sorts)-1 {
				q.Near = &Near{Lat: loc.Lat + 1, Lng: loc.Long}
			}
			if qi >= len(sorts) {
				q = randomQuery(rng, s)
				q.Sort, q.Facets = sorts[qi%len(sorts)], sums
			}
			r := s.ix.Search(q)
			if r.Matched > r.Total {
				collapsed++
			}
			for _, name := range sums {
				if len(q.Refinements[name]) > 0 {
					continue // a facet's own filter counts its other values too
				}
				sum := 0
				for _, v := range r.Facets[name] {
					sum += v.Count
				}
				if sum != r.Total {
					t.Errorf("%s: query %+v: %s counts add to %d, the listing shows %d", slug, q, name, sum, r.Total)
				}
			}
		}
	}
	if collapsed == 0 {
		t.Error("no listing had sold runs collapsed: the property was not exercised")
	}
}
