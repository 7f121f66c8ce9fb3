// Package search is the stock search engine: an in-memory faceted index of a
// site's catalogue, the listing rules of docs/behaviour/states.md, the mapping
// between listing URLs and queries, and similar cars.
package search

// Sort orders. The dealer's default is custom rank descending.
const (
	SortDefault   = ""           // custom rank descending (the dealer's order)
	SortPriceAsc  = "price_asc"  // cheapest first
	SortPriceDesc = "price_desc" // dearest first
	SortYearDesc  = "year_desc"  // newest model year first
	SortYearAsc   = "year_asc"
	SortKMAsc     = "km_asc" // fewest kilometres first
	SortKMDesc    = "km_desc"
	SortNewest    = "newest" // most recently listed first
	// SortDistanceAsc lists the cars nearest the search's postcode first;
	// without a postcode it is the default order.
	SortDistanceAsc = "distance_asc"
	// SortRank asks for the dealer's order by name, for sites whose
	// default sort is another (sortBy absent means the site's default).
	SortRank = "rank"
)

// EffectiveSort is the order a listing uses (docs/behaviour/calls.md, Search
// service query: sort is the dealer default): the visitor's sortBy, else the
// site's configured default, else custom rank.
func EffectiveSort(chosen, siteDefault string) string {
	for _, s := range []string{chosen, siteDefault} {
		if s == SortRank {
			return SortDefault
		}
		if s != SortDefault && urlSorts[s] {
			return s
		}
	}
	return SortDefault
}

// HitsPerPage is docs/behaviour/constants.md's search page size.
const HitsPerPage = 21

// Range bounds a numeric facet; a nil end is open.
type Range struct {
	Min *float64
	Max *float64
}

// Query is one search: the listing page's state (docs/behaviour/entities.md#search-state).
type Query struct {
	Text        string              // free text
	Page        int                 // from 1
	Sort        string              // one of the Sort constants
	Refinements map[string][]string // facet name → values; OR within a facet, AND across facets
	Ranges      map[string]Range    // numeric facets: price, year, km, weekly_price
	HitsPerPage int                 // 0 means HitsPerPage
	// AnyCity is a site with a default city listing every city: its URL
	// says city=any (docs/behaviour/screens.md#search-url).
	AnyCity bool
	// Facets names the facets to count and give; nil gives every one. A
	// facet the query refines by is always given.
	Facets []string
	// Near measures the cars from a postcode and, with a distance, lists
	// only those within it (docs/behaviour/http.md#distance); nil for none.
	Near *Near
}

// Near is a search's postcode, where it is, and how far from it a car's
// location may be (KM 0: any distance, the cars are only measured).
type Near struct {
	Postcode string
	Lat, Lng float64
	KM       int
}

// Distances are the distance options in km (docs/behaviour/http.md#distance).
var Distances = []int{10, 25, 50, 100, 250, 500}

// FacetValue is one option of a facet with its count
// (docs/behaviour/entities.md#search-state: label, value, count).
type FacetValue struct {
	Label string
	Value string
	Count int
}
