package search

import (
	"math"
	"slices"
	"strings"

	"forecourt/internal/catalog"
)

// The index's view of one car, for loading the same catalogue into another
// engine (bench/compare measures Bleve and PostgreSQL against this index on
// identical documents).

// CarFacets is every facet value the index counts for the car, by facet
// name, lower-cased as refinements match them; numeric facets give their
// bucket ("lo-hi" or "lo+").
func CarFacets(c *catalog.Car, cfg Config) map[string][]string {
	out := make(map[string][]string, len(facetDefs))
	for i := range facetDefs {
		d := &facetDefs[i]
		if d.field != "" {
			v, ok := numericFields[d.field](c, &cfg)
			if !ok {
				continue
			}
			k, _ := slices.BinarySearch(d.bounds, v)
			if k == len(d.bounds) || d.bounds[k] != v {
				k--
			}
			if k < 0 {
				continue
			}
			hi := math.Inf(1)
			if k+1 < len(d.bounds) {
				hi = d.bounds[k+1]
			}
			out[d.name] = []string{bucketValue(d.bounds[k], hi)}
			continue
		}
		d.each(c, &cfg, func(value, _ string) {
			key := strings.ToLower(value)
			if !slices.Contains(out[d.name], key) {
				out[d.name] = append(out[d.name], key)
			}
		})
	}
	return out
}

// CarNumber is the car's value of a numeric field (price, year, km,
// weekly_price, subscription_price) as range filters see it; false when the
// car has none (a price of 0 is no price).
func CarNumber(c *catalog.Car, cfg Config, field string) (float64, bool) {
	get, ok := numericFields[field]
	if !ok {
		return 0, false
	}
	return get(c, &cfg)
}

// CarWords is the car's searchable text as the free-text search reads it:
// lower-case words of letters and digits, space-separated.
func CarWords(c *catalog.Car) string {
	var b strings.Builder
	var buf []byte
	carWords(c, &buf, func(w []byte) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.Write(w)
	})
	return b.String()
}

// QueryWords are the query's search tokens as the free-text search reads
// them (lower-case, distinct, bounded in number and length).
func QueryWords(q string) []string { return queryTokens(q) }

// ExcludesPriceZero reports whether a search with this sort leaves out cars
// without a price under the site's rules.
func (cfg Config) ExcludesPriceZero(sort string) bool {
	return sort == SortPriceAsc && cfg.StockRules.ExcludePriceZeroOnPriceAsc
}
