package search

import (
	"cmp"
	"slices"
	"strings"
)

// MaxSuggestions is how many listings a mistyped listing path offers.
const MaxSuggestions = 3

// Suggestion is a listing a mistyped listing path may have meant: Label
// names what the mistyped segment became ("Toyota"), Path is the listing's
// canonical path.
type Suggestion struct {
	Label string
	Path  string
}

// SuggestListings offers the listings path may have meant when one of its
// segments names nothing (/search/used-cars/toyata): the segment is swapped
// for the known slugs that read as it would there and are spelt within a
// few letters of it, closest first, and a listing is offered only when the
// whole path then reads. None for a path that reads or that no small change
// mends.
func SuggestListings(path string, v Vocabulary) []Suggestion {
	segs := strings.FieldsFunc(strings.ToLower(strings.TrimSpace(path)), func(r rune) bool { return r == '/' })
	if len(segs) < 2 || segs[0] != "search" || len(segs) > urlMaxSegments+1 {
		return nil
	}
	st := newURLPathState(&v)
	bad := -1
	for i, seg := range segs[1:] {
		kind, value, types, _ := st.classify(strings.TrimSpace(seg))
		if kind == urlSegNone {
			bad = i + 1
			break
		}
		st.take(kind, value, types)
	}
	if bad < 0 {
		return nil
	}
	word := strings.TrimSpace(segs[bad])
	type candidate struct {
		slug, label string
		dist        int
	}
	var cands []candidate
	consider := func(slug, label string) {
		if d := editDistance(word, slug); d <= typoBudget(word, slug) {
			cands = append(cands, candidate{slug, label, d})
		}
	}
	for _, tp := range urlTypePaths {
		if !st.seen[urlSegType] {
			consider(tp.slug, typeLabel(tp.slug))
		}
	}
	if st.afterMake && !st.seen[urlSegModel] {
		for slug, model := range v.Models[st.make] {
			consider(slug, model)
		}
	}
	for _, m := range []struct {
		kind int
		m    map[string]string
	}{{urlSegMake, v.Makes}, {urlSegBody, v.Bodies}, {urlSegDealership, v.Dealerships}, {urlSegLocation, v.Locations}, {urlSegCity, v.Cities}} {
		if st.seen[m.kind] {
			continue
		}
		for slug, label := range m.m {
			consider(slug, label)
		}
	}
	slices.SortFunc(cands, func(a, b candidate) int {
		return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(a.label, b.label), cmp.Compare(a.slug, b.slug))
	})
	var out []Suggestion
	// A suggestion is the path the visitor meant; the site's default city
	// is the listing's to add (docs/behaviour/screens.md#search-url).
	v.DefaultCity = ""
	for _, c := range cands {
		fixed := slices.Clone(segs)
		fixed[bad] = c.slug
		q, err := ParseListing("/"+strings.Join(fixed, "/"), nil, v)
		if err != nil {
			continue
		}
		p, _ := CanonicalURL(q, v)
		if slices.ContainsFunc(out, func(s Suggestion) bool { return s.Path == p }) {
			continue
		}
		out = append(out, Suggestion{Label: c.label, Path: p})
		if len(out) == MaxSuggestions {
			break
		}
	}
	return out
}

// typoBudget is how many edits still read as a slip of the keyboard: one
// in a short word, two from seven letters, never more than a third of it.
func typoBudget(a, b string) int {
	n := min(len(a), len(b))
	switch {
	case n < 3:
		return 0
	case n < 7:
		return 1
	default:
		return 2
	}
}

// typeLabel names a car-type segment: "used-cars" → "Used Cars".
func typeLabel(slug string) string {
	words := strings.Split(slug, "-")
	for i, w := range words {
		if w != "and" && w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// editDistance counts the insertions, deletions, substitutions and swaps of
// neighbouring letters that turn a into b (optimal string alignment).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
