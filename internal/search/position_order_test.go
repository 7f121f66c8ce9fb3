package search

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"forecourt/internal/catalog"
)

// Build numbers the listed cars in an order of its own (grouped by make and
// model), so no answer may depend on positions, nor on the catalogue's
// order: the same cars given in another order answer every search and every
// similar-cars list alike.
func TestAnswersDoNotDependOnCatalogueOrder(t *testing.T) {
	t.Parallel()
	for _, slug := range []string{"summit-motor-group", "outback-caravans"} {
		s := demoSite(t, slug)
		shuffled := slices.Clone(s.data.Cars)
		rng := rand.New(rand.NewPCG(31, uint64(len(slug))))
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		other := Build(shuffled, s.cfg)
		queries := []Query{{}, {Sort: SortPriceAsc}, {Sort: SortNewest, Page: 2}}
		for range 60 {
			queries = append(queries, randomQuery(rng, s))
		}
		for _, q := range queries {
			want, got := s.ix.Search(q), other.Search(q)
			if !slices.Equal(slugs(got.Hits), slugs(want.Hits)) {
				t.Errorf("%s: query %+v: hits %v in another order, want %v", slug, q, slugs(got.Hits), slugs(want.Hits))
			}
			want.Hits, got.Hits = nil, nil
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: query %+v: answered %+v in another order, want %+v", slug, q, got, want)
			}
		}
		for i := 0; i < len(s.data.Cars); i += 7 {
			c := s.data.Cars[i]
			if got, want := other.Similar(c, MaxSimilar), s.ix.Similar(c, MaxSimilar); !slices.Equal(carSlugs(got), carSlugs(want)) {
				t.Errorf("%s: similar to %s: %v in another order, want %v", slug, c.Slug, carSlugs(got), carSlugs(want))
			}
		}
	}
}

func slugs(hits []*catalog.Car) []string {
	out := make([]string, len(hits))
	for i, c := range hits {
		out[i] = c.Slug
	}
	return out
}

func carSlugs(cars []catalog.Car) []string {
	out := make([]string, len(cars))
	for i, c := range cars {
		out[i] = c.Slug
	}
	return out
}
