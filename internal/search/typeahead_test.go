package search

import (
	"strings"
	"testing"
)

// demoTypeaheads are a demo site's suggestions, from its whole stock.
func demoTypeaheads(t *testing.T, slug string) *Typeaheads {
	t.Helper()
	s := demoSite(t, slug)
	all := s.ix.Search(Query{HitsPerPage: 1})
	return NewTypeaheads(all.Facets, NewVocabulary(s.data.Cars, s.data.Locations, s.data.Dealerships), nil)
}

// Typing suggests makes, models and the rest of the listed stock, each
// with its listing's path and count, forgiving one typo.
func TestTypeaheadSuggestsListingsWhileTyping(t *testing.T) {
	t.Parallel()
	harbourside := demoTypeaheads(t, "harbourside-toyota")
	find := func(got []Typeahead, label string) (Typeahead, bool) {
		for _, g := range got {
			if g.Label == label {
				return g, true
			}
		}
		return Typeahead{}, false
	}
	corol := harbourside.Suggest("corol")
	c, ok := find(corol, "Toyota Corolla")
	if !ok || c.Path != "/search/toyota/corolla" || c.Count <= 0 {
		t.Errorf("corol: %+v, want Toyota Corolla at /search/toyota/corolla with its count", corol)
	}
	// Its count is what the listing shows.
	s := demoSite(t, "harbourside-toyota")
	if n := s.ix.Search(Query{Refinements: map[string][]string{"make": {"Toyota"}, "model": {"Corolla"}}}).Count; ok && c.Count != n {
		t.Errorf("Toyota Corolla suggests %d cars, its listing has %d", c.Count, n)
	}
	for _, q := range []string{"toyta", "TOYOTA", "toy", "corola"} {
		got := harbourside.Suggest(q)
		want := "Toyota"
		if q == "corola" {
			want = "Toyota Corolla"
		}
		if g, ok := find(got, want); !ok || g.Path == "" {
			t.Errorf("%q: %+v, want %s", q, got, want)
		}
	}
	// A typo never outranks what was typed right: "toyota" puts the make first.
	if got := harbourside.Suggest("toyota"); len(got) == 0 || got[0].Label != "Toyota" {
		t.Errorf("toyota: %+v, want Toyota first", got)
	}
	// Two words read in order.
	if got := harbourside.Suggest("toyota hil"); len(got) == 0 || !strings.HasPrefix(got[0].Label, "Toyota HiLux") {
		t.Errorf("toyota hil: %+v, want Toyota HiLux first", got)
	}
	for _, q := range []string{"", "t", " c ", "zzzzzz"} {
		if got := harbourside.Suggest(q); len(got) != 0 {
			t.Errorf("%q: %+v, want none", q, got)
		}
	}
	if got := harbourside.Suggest("a"); got == nil {
		t.Error("no suggestions must be an empty list, never null")
	}
	if got := harbourside.Suggest("s"); len(got) > MaxTypeahead {
		t.Errorf("more than %d suggestions", MaxTypeahead)
	}
	if got := harbourside.Suggest("se"); len(got) > MaxTypeahead {
		t.Errorf("se: %d suggestions, at most %d", len(got), MaxTypeahead)
	}
}
