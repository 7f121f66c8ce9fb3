package search

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A token's matches are kept for the next search with it, shared by every
// search: a search that narrows what its words matched (a price range, a
// second word, refinements) must leave them as they were.
func TestKeptTextMatchesStayWhole(t *testing.T) {
	t.Parallel()
	s := demoSite(t, "summit-motor-group")
	ix := Build(slices.Clone(s.data.Cars), s.cfg) // its own: its kept matches start empty
	for _, text := range []string{"toyota", "toyta", "corolla hatch"} {
		plain := Query{Text: text, Facets: []string{"make"}}
		want := ix.Search(plain)
		if want.Total == 0 {
			t.Fatalf("%q matches nothing: no test", text)
		}
		lo, hi := 1000.0, 25000.0
		ix.Search(Query{Text: text, Ranges: map[string]Range{"price": {Min: &lo, Max: &hi}}, Refinements: map[string][]string{"body": {"SUV"}}})
		ix.Search(Query{Text: text + " automatic"})
		if got := ix.Search(plain); got.Total != want.Total || !reflect.DeepEqual(got.Facets, want.Facets) {
			t.Errorf("%q: %d cars after narrower searches, %d before", text, got.Total, want.Total)
		}
	}
}

// What the kept matches hold is bounded by the catalogue's size, and words
// that match nothing (a crawler's made-up ones) take none of it.
func TestKeptTextMatchesAreBounded(t *testing.T) {
	t.Parallel()
	s := demoSite(t, "summit-motor-group")
	ix := Build(slices.Clone(s.data.Cars), s.cfg)
	for i := range 2000 {
		ix.Search(Query{Text: "zzqq" + strconv.Itoa(i)})
	}
	if ix.text.keptBytes != 0 {
		t.Errorf("words matching nothing took %d bytes", ix.text.keptBytes)
	}
	for _, term := range ix.text.terms { // more than the bound holds
		ix.text.matchKept(term)
	}
	if k := ix.text.keptBytes; k < ix.text.maxKept/2 || k > ix.text.maxKept {
		t.Errorf("kept %d bytes of matches, bound %d", k, ix.text.maxKept)
	}
}

// Every word of a query the URL accepts counts (MaxQueryTerms): none past
// some lower bound is silently dropped.
func TestEveryWordOfAnAcceptedQueryCounts(t *testing.T) {
	t.Parallel()
	words := make([]string, MaxQueryTerms)
	for i := range words {
		words[i] = "word" + strconv.Itoa(i)
	}
	got := queryTokens(strings.Join(words, " "))
	if !slices.Equal(got, words) {
		t.Errorf("the %d words of an accepted query searched as %d: %v", len(words), len(got), got)
	}
}
