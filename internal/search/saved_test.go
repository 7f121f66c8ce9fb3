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
