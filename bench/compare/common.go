package compare

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"forecourt/internal/catalog"
	"forecourt/internal/search"
)

// Answer is what every engine returns for one query, in comparable form.
type Answer struct {
	Matched int                       // cars matching every filter
	IDs     []int64                   // the requested page, in order
	Facets  map[string]map[string]int // facet → lower-case value → count (counts > 0 only)
}

// Listed is the catalogue as the site lists it. Listing rules (sold window,
// stock rules) are settled before indexing in every engine, as the index
// itself does, so all three search the same cars.
func Listed(cars []catalog.Car, cfg search.Config) []catalog.Car {
	var out []catalog.Car
	for _, c := range cars {
		if search.Listed(c, cfg) {
			out = append(out, c)
		}
	}
	return out
}

// Ours answers with the search index.
func Ours(ix *search.Index, q search.Query) Answer {
	r := ix.Search(q)
	a := Answer{Matched: r.Matched, Facets: map[string]map[string]int{}}
	for _, c := range r.Hits {
		a.IDs = append(a.IDs, c.ID)
	}
	for name, vs := range r.Facets {
		m := map[string]int{}
		for _, v := range vs {
			if v.Count > 0 {
				m[strings.ToLower(v.Value)] = v.Count
			}
		}
		a.Facets[name] = m
	}
	return a
}

// Agrees reports whether another engine's answer matches ours: the same
// matched count and facet counts, and the same page of cars. The page is
// compared only where ours is the plain page 3: the index moves a page
// beyond the end back to the last one and collapses runs of sold cars, which
// the other implementations here do not do.
func Agrees(ours Answer, oursTotal int, other Answer, page, per int) bool {
	if ours.Matched != other.Matched {
		return false
	}
	if oursTotal == ours.Matched && ours.Matched > (page-1)*per && !slices.Equal(ours.IDs, other.IDs) {
		return false
	}
	for _, name := range search.FacetNames() {
		a, b := ours.Facets[name], other.Facets[name]
		if len(a) != len(b) {
			return false
		}
		for v, n := range a {
			if b[v] != n {
				return false
			}
		}
	}
	return true
}

// typoTolerant says whether the index forgives one typo in the word: five
// letters or more, letters only.
func typoTolerant(w string) bool {
	return utf8.RuneCountInString(w) >= 5 && lettersOnly(w)
}

func lettersOnly(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// sortKey is a sort's primary field and direction; every sort breaks ties by
// rank descending, then id ascending, as the index does.
func sortKey(sort string) (field string, desc bool) {
	switch sort {
	case search.SortPriceAsc:
		return "s_price", false
	case search.SortPriceDesc:
		return "s_price", true
	case search.SortYearDesc:
		return "s_year", true
	case search.SortYearAsc:
		return "s_year", false
	case search.SortKMAsc:
		return "s_km", false
	case search.SortKMDesc:
		return "s_km", true
	case search.SortNewest:
		return "s_created", true
	}
	return "", false
}

// rangeFields are the numeric fields a query may bound.
var rangeFields = []string{"price", "year", "km", "weekly_price", "subscription_price"}

// pageOf is the query's page and page size as the index reads them.
func pageOf(q search.Query) (page, per int) {
	page, per = max(q.Page, 1), q.HitsPerPage
	if per <= 0 {
		per = search.HitsPerPage
	}
	return page, per
}
