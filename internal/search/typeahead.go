package search

import (
	"cmp"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxTypeahead is how many suggestions a buyer's typing gets at most.
const MaxTypeahead = 8

// Typeahead is one suggestion while a buyer types: what it names, the
// listing it leads to and how many listed cars that listing has.
type Typeahead struct {
	Label string
	Path  string
	Count int
}

// typeaheadEntry is a suggestion with what matching reads of it.
type typeaheadEntry struct {
	Typeahead
	words []string // the label's words, lower case
	kind  int      // the order kinds are offered in: makes first
}

// Typeaheads holds a site's suggestions, made once per index from its
// listed stock: makes, models, body types, badges, locations and cities.
type Typeaheads struct {
	entries []typeaheadEntry
}

// typeaheadFacets are the facets suggested, in the order offered.
var typeaheadFacets = []string{"make", "make_model", "body", "badge", "location_name", "city"}

// ListingTotal is the Total a listing query shows, as the listing itself
// finds it (the site's default sort and city applied).
type ListingTotal func(Query) int

// NewTypeaheads makes the suggestions of an index's stock from the facets
// of a search of all of it (their values) and the site's vocabulary (each
// listing's canonical path). Each suggestion's count is total's for the
// listing its path opens, read back as the listing reads it, so the count
// is the number that listing shows (docs/behaviour/http.md#suggest); a
// suggestion whose listing shows none is left out. A nil total takes the
// facet's counts.
func NewTypeaheads(facets map[string][]FacetValue, v Vocabulary, total ListingTotal) *Typeaheads {
	t := &Typeaheads{}
	for kind, facet := range typeaheadFacets {
		for _, fv := range facets[facet] {
			if fv.Count <= 0 || strings.TrimSpace(fv.Label) == "" {
				continue
			}
			ref := map[string][]string{facet: {fv.Value}}
			if facet == "make_model" {
				mk, md, ok := strings.Cut(fv.Value, "|")
				if !ok {
					continue
				}
				ref = map[string][]string{"make": {mk}, "model": {md}}
			}
			path, raw := CanonicalURL(Query{Refinements: ref}, v)
			count := fv.Count
			if total != nil {
				values, _ := url.ParseQuery(raw)
				q, err := ParseListing(path, values, v)
				if err != nil {
					continue
				}
				if count = total(q); count <= 0 {
					continue
				}
			}
			if raw != "" {
				path += "?" + raw
			}
			t.entries = append(t.entries, typeaheadEntry{
				Typeahead: Typeahead{Label: fv.Label, Path: path, Count: count},
				words:     strings.Fields(strings.ToLower(fv.Label)),
				kind:      kind,
			})
		}
	}
	return t
}

// Suggest lists what q, a buyer's typing so far, may be heading for: the
// entries each of whose typed words begins a word of the label in order
// (or does so with one letter wrong, missing or extra, for a word of four
// letters or more), exact matches before forgiven ones, then makes before
// models before the rest, then the larger listings. Fewer than two
// characters suggest nothing.
func (t *Typeaheads) Suggest(q string) []Typeahead {
	typed := strings.Fields(strings.ToLower(q))
	if t == nil || len(strings.Join(typed, "")) < 2 {
		return []Typeahead{}
	}
	type hit struct {
		e     *typeaheadEntry
		typos int
	}
	var hits []hit
	for i := range t.entries {
		e := &t.entries[i]
		if typos, ok := matchWords(typed, e.words); ok {
			hits = append(hits, hit{e, typos})
		}
	}
	slices.SortFunc(hits, func(a, b hit) int {
		return cmp.Or(cmp.Compare(a.typos, b.typos), cmp.Compare(a.e.kind, b.e.kind), cmp.Compare(b.e.Count, a.e.Count), cmp.Compare(a.e.Label, b.e.Label))
	})
	out := make([]Typeahead, 0, min(len(hits), MaxTypeahead))
	seen := map[string]bool{}
	for _, h := range hits {
		if len(out) == MaxTypeahead {
			break
		}
		if seen[h.e.Path] {
			continue
		}
		seen[h.e.Path] = true
		out = append(out, h.e.Typeahead)
	}
	return out
}

// matchWords reports whether each typed word begins one of the label's
// words, in order, and how many of them needed a typo forgiven.
func matchWords(typed, words []string) (typos int, ok bool) {
	w := 0
	for _, tw := range typed {
		found := false
		for ; w < len(words); w++ {
			if strings.HasPrefix(words[w], tw) {
				found = true
				w++
				break
			}
			if nearPrefix(tw, words[w]) {
				found = true
				typos++
				w++
				break
			}
		}
		if !found {
			return 0, false
		}
	}
	return typos, true
}

// nearPrefix reports whether typed is one edit from a beginning of word:
// "toyta" begins "toyota" with a letter missing, "corrola" "corolla" with
// one wrong. Words under four letters are never guessed at.
//
// The first letter must be right: it is what a buyer looks at as they type,
// and it keeps the guessing to the few words that could match.
func nearPrefix(typed, word string) bool {
	n := len(typed)
	if n < 4 || word == "" || typed[0] != word[0] {
		return false
	}
	for _, k := range []int{n - 1, n, n + 1} {
		if k <= 0 || k > len(word) || !utf8.RuneStart(word[k%len(word)]) && k < len(word) {
			continue
		}
		if oneEditApart(typed, word[:k]) {
			return true
		}
	}
	return false
}

// oneEditApart is withinOneEdit (text.go) for strings, without
// allocating: one letter added, removed or changed, or two neighbours
// swapped.
func oneEditApart(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	switch len(b) - len(a) {
	case 0:
		return i == len(a) || a[i+1:] == b[i+1:] ||
			i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case 1:
		return a[i:] == b[i+1:]
	}
	return false
}
