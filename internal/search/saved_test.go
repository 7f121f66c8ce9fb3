package search

import (
	"strings"
	"testing"

	"forecourt/internal/catalog"
)

// A saved search is trimmed and named by its path when it has no name;
// a long name, an address that is no listing and an unreadable query are
// refused by field.
func TestCheckSavedSearch(t *testing.T) {
	t.Parallel()
	got, err := CheckSavedSearch(SavedSearch{Name: "  ", Path: " /search/used-cars ", Query: "?sort=price"}, Vocabulary{})
	if err != nil || got != (SavedSearch{Name: "/search/used-cars", Path: "/search/used-cars", Query: "sort=price"}) {
		t.Errorf("good search: %+v, %v", got, err)
	}
	for _, tc := range []struct {
		in    SavedSearch
		field string
	}{
		{SavedSearch{Name: strings.Repeat("é", 101), Path: "/search/used-cars"}, "name"},
		{SavedSearch{Path: "search/used-cars"}, "path"},
		{SavedSearch{Path: "/search/no-such-type-of-thing"}, "path"},
		{SavedSearch{Path: "/search/used-cars", Query: "a=%zz"}, "query"},
	} {
		_, err := CheckSavedSearch(tc.in, Vocabulary{})
		ce, ok := err.(*catalog.Error)
		if !ok || ce.Fields[tc.field] == "" {
			t.Errorf("%+v: %v, want %s named", tc.in, err, tc.field)
		}
	}
}

// A saved search's name says what its query narrows beyond the listing's
// title: the words, and the price, year and km bounds, within 100
// characters.
func TestSavedSearchNameSaysItsBounds(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, query, want string }{
		{"Used Cars for Sale", "range[price]=:50000", "Used Cars for Sale, up to $50,000"},
		{"Used Cars for Sale", "range[price]=10000:30000&range[year]=2018:&query=hilux", "Used Cars for Sale, “hilux”, $10,000–$30,000, from 2018"},
		{"Used Cars for Sale", "range[km]=:60000", "Used Cars for Sale, up to 60,000 km"},
		{"HiLux", "query=hilux", "HiLux"},
		{strings.Repeat("n", 90), "range[price]=:50000", strings.Repeat("n", 90)},
	} {
		got, err := CheckSavedSearch(SavedSearch{Name: tc.name, Path: "/search/used-cars", Query: tc.query}, Vocabulary{})
		if err != nil || got.Name != tc.want {
			t.Errorf("%s ?%s: name %q, %v; want %q", tc.name, tc.query, got.Name, err, tc.want)
		}
	}
}
