package apitypes

import (
	"forecourt/internal/convert"
	"forecourt/internal/search"
)

// SearchAnswer is the answer of GET /api/search (docs/behaviour/http.md)
// but its hits and facets: the hits are Hit, each encoded once and
// spliced in, and the facets are written without reflection (both in
// package listing, which keeps the encoded answer).
type SearchAnswer struct {
	Count       int             `json:"count"`
	Total       int             `json:"total"`
	Page        int             `json:"page"`
	Pages       int             `json:"pages"`
	HitsPerPage int             `json:"hits_per_page"`
	Stats       map[string]Stat `json:"stats"`
	PromoCards  []PromoCard     `json:"promo_cards"`
	Query       SearchState     `json:"query"`
	Path        string          `json:"path"`
	Canonical   string          `json:"canonical"`
	// DidYouMean is, when typed words find no car, the listing search as
	// you type would have offered for them ("toyta hilx": Toyota HiLux), so
	// pressing Enter on a slip still finds the cars
	// (docs/behaviour/errors.md#no-results-car-search).
	DidYouMean *Typeahead `json:"did_you_mean,omitempty"`
	MS         int64      `json:"ms"`
}

// SearchState is the query an answer is for, as the listing URL keeps it.
type SearchState struct {
	Text        string              `json:"text"`
	Page        int                 `json:"page"`
	Sort        string              `json:"sort"`
	Refinements map[string][]string `json:"refinements"`
	Ranges      map[string]Range    `json:"ranges"`
	// AnyCity: the listing lists every city of a site with a default
	// city (its URL says city=any).
	AnyCity bool `json:"any_city,omitempty"`
	// Postcode and Distance are the distance search, when there is one.
	Postcode string `json:"postcode,omitempty"`
	Distance int    `json:"distance,omitempty"`
}

// Stat is a numeric facet's lowest and highest value among the matches.
type Stat struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

// Range is a numeric filter's bounds, either open.
type Range struct {
	Min *float64 `json:"min,omitempty"`
	Max *float64 `json:"max,omitempty"`
}

// Typeahead is a listing offered for typed words: its label, path and
// number of cars.
type Typeahead struct {
	Label string `json:"label"`
	Path  string `json:"path"`
	Count int    `json:"count"`
}

// PromoCard is a site's promo tile as a listing places it among the cars.
type PromoCard struct {
	Position int `json:"position"`
	// RandomOffset is the most the app may add to Position, at random, each
	// time it shows the page (docs/behaviour/constants.md: a random 0–2
	// offset where configured); drawing it in the browser keeps cached
	// answers shareable.
	RandomOffset int    `json:"random_offset"`
	Title        string `json:"title"`
	Text         string `json:"text"`
	Href         string `json:"href"`
	Image        string `json:"image"`
}

// FromStats is the index's numeric facet bounds as answered.
func FromStats(m map[string]search.Stat) map[string]Stat {
	return convert.Map(m, func(s search.Stat) Stat { return Stat{Min: s.Min, Max: s.Max} })
}

// FromRanges is a query's numeric filters as answered.
func FromRanges(m map[string]search.Range) map[string]Range {
	return convert.Map(m, func(r search.Range) Range { return Range{Min: r.Min, Max: r.Max} })
}

// FromTypeahead is a listing offered for typed words, or nil.
func FromTypeahead(t *search.Typeahead) *Typeahead {
	return convert.Ptr(t, func(t search.Typeahead) Typeahead { return Typeahead{Label: t.Label, Path: t.Path, Count: t.Count} })
}
