package search

import (
	"fmt"
	"testing"
)

// A mistyped listing path offers the listings it may have meant, each a
// path that reads; a path that reads, or that nothing near mends, offers none.
func TestSuggestListings(t *testing.T) {
	t.Parallel()
	cases := []struct {
		site, path string
		want       string
	}{
		{"harbourside-toyota", "/search/used-cars/toyata", "[{Toyota /search/used-cars/toyota}]"},
		{"harbourside-toyota", "/search/used-cars/TOYTOA", "[{Toyota /search/used-cars/toyota}]"},
		{"harbourside-toyota", "/search/usde-cars/toyota", "[{Used Cars /search/used-cars/toyota}]"},
		{"harbourside-toyota", "/search/toyota/hilx", "[{HiLux /search/toyota/hilux}]"},
		{"harbourside-toyota", "/search/used-cars/toyota", "[]"},
		{"harbourside-toyota", "/search/used-cars/zzzzzzzz", "[]"},
		{"harbourside-toyota", "/search/used-cars/ab", "[]"},
		{"harbourside-toyota", "/cars/toyata", "[]"},
	}
	for _, tc := range cases {
		got := fmt.Sprint(SuggestListings(tc.path, urlTestVocab(t, tc.site)))
		if got != tc.want {
			t.Errorf("%s %s: got %s, want %s", tc.site, tc.path, got, tc.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		want int
	}{{"toyata", "toyota", 1}, {"tyoota", "toyota", 1}, {"", "abc", 3}, {"mazda", "mazda", 0}, {"kia", "bmw", 3}} {
		if got := editDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
