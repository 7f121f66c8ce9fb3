package search

import (
	"reflect"
	"strings"
	"testing"
)

// docs/behaviour/screens.md#search-url: on a site with a default city, a
// listing whose URL names no city lists that city, and city=any lists
// every city; the canonical URL keeps either, so it reads back the same.
func TestDefaultCity(t *testing.T) {
	t.Parallel()
	plain := urlTestVocab(t, "summit-motor-group")
	if _, ok := plain.WithDefaultCity("Sydney"); ok {
		t.Fatal("Sydney is none of summit's cities, yet it was taken as the default city")
	}
	v, ok := plain.WithDefaultCity(" noosa ")
	if !ok || v.DefaultCity != "Noosa" {
		t.Fatalf("WithDefaultCity(noosa) = %q, %v; want Noosa as the city facet spells it", v.DefaultCity, ok)
	}
	if plain.DefaultCity != "" {
		t.Fatal("WithDefaultCity changed the vocabulary it was called on")
	}
	cases := []struct {
		name, path, query string
		want              Query
		canonical         string
	}{
		{"no city named", "/search/used-cars", "",
			urlQ("", 1, "", map[string][]string{"car_type": {"used"}, "city": {"Noosa"}}, nil), "/search/used-cars/noosa"},
		{"a city in the path", "/search/used-cars/maroochydore", "",
			urlQ("", 1, "", map[string][]string{"car_type": {"used"}, "city": {"Maroochydore"}}, nil), "/search/used-cars/maroochydore"},
		{"a city in the query", "/search/used-cars", "refinementList[city][0]=Maroochydore&refinementList[city][1]=Noosa",
			urlQ("", 1, "", map[string][]string{"car_type": {"used"}, "city": {"Maroochydore", "Noosa"}}, nil),
			"/search/used-cars?refinementList[city][0]=Maroochydore&refinementList[city][1]=Noosa"},
		{"any city", "/search/used-cars", "city=ANY&page=2",
			func() Query {
				q := urlQ("", 2, "", map[string][]string{"car_type": {"used"}}, nil)
				q.AnyCity = true
				return q
			}(), "/search/used-cars?page=2&city=any"},
		{"a city beats any", "/search/noosa", "city=any",
			urlQ("", 1, "", map[string][]string{"city": {"Noosa"}}, nil), "/search/noosa"},
	}
	for _, tc := range cases {
		got, err := ParseListing(tc.path, mustQuery(t, tc.query), v)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %s any=%v\nwant %s any=%v", tc.name, dumpQ(got), got.AnyCity, dumpQ(tc.want), tc.want.AnyCity)
		}
		p, raw := CanonicalURL(got, v)
		if full := p + "?" + raw; strings.TrimSuffix(full, "?") != tc.canonical {
			t.Errorf("%s: canonical %s, want %s", tc.name, full, tc.canonical)
		}
		// The canonical URL reads back as the same listing.
		back, err := ParseListing(p, mustQuery(t, raw), v)
		if err != nil || !reflect.DeepEqual(back, got) {
			t.Errorf("%s: %s?%s reads back as %s (%v)", tc.name, p, raw, dumpQ(back), err)
		}
	}
	// A site without a default city lists every city and never writes city=any.
	got, err := ParseListing("/search/used-cars", mustQuery(t, "city=any"), plain)
	if err != nil || len(got.Refinements["city"]) != 0 || got.AnyCity {
		t.Errorf("no default city: %s any=%v (%v)", dumpQ(got), got.AnyCity, err)
	}
	if _, raw := CanonicalURL(Query{Page: 1, AnyCity: true}, plain); raw != "" {
		t.Errorf("no default city: canonical query %q, want none", raw)
	}
}
