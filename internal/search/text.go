package search

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/RoaringBitmap/roaring/v2"

	"forecourt/internal/catalog"
)

// Free-text search: every query token must match a word of the car's text
// (make, model, badge, series, body, colour, stock number, name and
// description) by prefix, or, for tokens of five letters or more, with one
// typo.

// minTypoLetters is the shortest token allowed a typo: one typo in words of
// five letters or more, as suggestions forgive (docs/behaviour/http.md#suggest).
const minTypoLetters = 5

// Bounds on the query so a 10 KB query costs no more than a sane one. A
// query has at most MaxQueryTerms words (a longer one is refused), and
// every one of them counts: none is silently dropped.
const (
	maxQueryTokens = MaxQueryTerms
	maxTokenRunes  = 40
)

type textIndex struct {
	terms []string          // sorted
	post  []*roaring.Bitmap // positions per term, parallel to terms
	// Letters-only terms grouped by length, raw and with doubled letters
	// squeezed, so a typo scan looks only at terms that could be one edit away.
	byLen   map[int][]int32 // rune length → indexes into typo
	bySqLen map[int][]int32 // squeezed rune length → indexes into typo
	typo    []typoTerm

	// matched keeps match's answers (token → *roaring.Bitmap, read only):
	// buyers type the same makes and models again and again, and a token's
	// typo scan looks at every term of about its length. It holds at most
	// maxKept bytes, counted as keptBytes.
	matched            sync.Map
	keptMu             sync.Mutex
	keptBytes, maxKept uint64
}

// What textIndex.matched may hold: keptPerCar bytes a car of the index,
// between 64 KB and 4 MB, each token counted with keptPerToken bytes for
// its place in the map. Tokens that match nothing are not kept, so words
// made up by a crawler never fill it.
const (
	keptPerCar   = 40
	keptPerToken = 128
	keptFloor    = 64 << 10
	keptCeiling  = 4 << 20
)

// matchKept is match, answered from matched when the token was seen. The
// answer is shared: read it, never change it.
func (t *textIndex) matchKept(tok string) *roaring.Bitmap {
	if v, ok := t.matched.Load(tok); ok {
		return v.(*roaring.Bitmap)
	}
	m := t.match(tok)
	if m.IsEmpty() {
		return m
	}
	size := m.GetSizeInBytes() + uint64(len(tok)) + keptPerToken
	t.keptMu.Lock()
	if t.keptBytes+size <= t.maxKept {
		if _, had := t.matched.LoadOrStore(tok, m); !had {
			t.keptBytes += size
		}
	}
	t.keptMu.Unlock()
	return m
}

// typoTerm is a letters-only term kept as runes for the typo scan.
type typoTerm struct {
	id      int32
	raw, sq []rune
}

// tokenize splits text into lower-case words of letters and digits.
func tokenize(s string, fn func(string)) {
	var buf []byte
	tokenizeBytes(s, &buf, func(w []byte) { fn(string(w)) })
}

// tokenizeBytes is tokenize without allocating per word: ASCII words are
// lowered into buf, which fn must not keep.
func tokenizeBytes(s string, buf *[]byte, fn func([]byte)) {
	start := -1
	ascii := true
	flush := func(end int) {
		w := s[start:end]
		if ascii {
			b := (*buf)[:0]
			for i := 0; i < len(w); i++ {
				c := w[i]
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				b = append(b, c)
			}
			*buf = b
			fn(b)
			return
		}
		fn([]byte(strings.ToLower(w)))
	}
	for i, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start, ascii = i, true
			}
			if r >= utf8.RuneSelf {
				ascii = false
			}
			continue
		}
		if start >= 0 {
			flush(i)
			start = -1
		}
	}
	if start >= 0 {
		flush(len(s))
	}
}

// carText calls fn with every searchable word of a car.
func carText(c *catalog.Car, fn func(string)) {
	var buf []byte
	carWords(c, &buf, func(w []byte) { fn(string(w)) })
}

func carWords(c *catalog.Car, buf *[]byte, fn func([]byte)) {
	for _, s := range [...]string{c.Make, c.Model, c.Badge, c.Series, c.Body, c.SimpleBody, c.Colour, c.StockNum, c.Name, c.DealerComments} {
		if s != "" {
			tokenizeBytes(s, buf, fn)
		}
	}
}

func buildText(docs []*catalog.Car) *textIndex {
	lists := map[string][]uint32{}
	var buf []byte
	for pos, c := range docs {
		p := uint32(pos)
		carWords(c, &buf, func(w []byte) {
			l, ok := lists[string(w)] // no allocation for a known word
			if n := len(l); n > 0 && l[n-1] == p {
				return
			}
			if !ok {
				lists[string(w)] = []uint32{p}
				return
			}
			lists[string(w)] = append(l, p)
		})
	}
	t := &textIndex{
		terms:   make([]string, 0, len(lists)),
		byLen:   map[int][]int32{},
		bySqLen: map[int][]int32{},
		maxKept: min(max(keptPerCar*uint64(len(docs)), keptFloor), keptCeiling),
	}
	for w := range lists {
		t.terms = append(t.terms, w)
	}
	slices.Sort(t.terms)
	t.post = make([]*roaring.Bitmap, len(t.terms))
	for i, w := range t.terms {
		t.post[i] = roaring.BitmapOf(lists[w]...) // positions were appended in order
		if lettersOnly(w) {
			tt := typoTerm{id: int32(i), raw: []rune(w), sq: []rune(squeeze(w))}
			k := int32(len(t.typo))
			t.typo = append(t.typo, tt)
			t.byLen[len(tt.raw)] = append(t.byLen[len(tt.raw)], k)
			t.bySqLen[len(tt.sq)] = append(t.bySqLen[len(tt.sq)], k)
		}
	}
	return t
}

// queryTokens are the distinct tokens of a query, bounded in count and length.
func queryTokens(q string) []string {
	var out []string
	tokenize(q, func(w string) {
		if len(out) >= maxQueryTokens {
			return
		}
		if utf8.RuneCountInString(w) > maxTokenRunes {
			w = string([]rune(w)[:maxTokenRunes])
		}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	})
	return out
}

// match returns the positions whose text has a word matching the token:
// by prefix, or within one typo for tokens of five letters or more. The
// answer may be the index's own bitmap: read it, never change it.
func (t *textIndex) match(tok string) *roaring.Bitmap {
	var hits []*roaring.Bitmap
	lo := sort.SearchStrings(t.terms, tok)
	for i := lo; i < len(t.terms) && strings.HasPrefix(t.terms[i], tok); i++ {
		hits = append(hits, t.post[i])
	}
	if n := utf8.RuneCountInString(tok); n >= minTypoLetters && lettersOnly(tok) {
		seen := map[int32]bool{}
		add := func(i int32) {
			if seen[i] {
				return
			}
			seen[i] = true
			if !strings.HasPrefix(t.terms[i], tok) { // prefix matches are in already
				hits = append(hits, t.post[i])
			}
		}
		tr := []rune(tok)
		for l := n - 1; l <= n+1; l++ {
			for _, k := range t.byLen[l] {
				if withinOneEdit(tr, t.typo[k].raw) {
					add(t.typo[k].id)
				}
			}
		}
		// Doubled letters don't count as typos: 'Corrola' reads as 'corola',
		// as does 'Corolla'.
		// A token that squeezes below five letters ('zzzzqqqq' → 'zq') is no
		// word to forgive a typo in.
		sq := []rune(squeeze(tok))
		for l := len(sq) - 1; len(sq) >= minTypoLetters && l <= len(sq)+1; l++ {
			for _, k := range t.bySqLen[l] {
				if withinOneEdit(sq, t.typo[k].sq) {
					add(t.typo[k].id)
				}
			}
		}
	}
	switch len(hits) {
	case 0:
		return roaring.New()
	case 1:
		return hits[0]
	}
	return roaring.FastOr(hits...)
}

// search returns positions matching every token of the query (AND), or nil
// when the query has no tokens.
func (t *textIndex) search(q string) *roaring.Bitmap {
	toks := queryTokens(q)
	if len(toks) == 0 {
		return nil
	}
	var out *roaring.Bitmap
	for _, tok := range toks {
		m := t.matchKept(tok)
		if out == nil {
			out = m.Clone() // the search's own, to narrow
		} else {
			out.And(m)
		}
		if out.IsEmpty() {
			break
		}
	}
	return out
}

func lettersOnly(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}

// squeeze collapses runs of the same letter: "corolla" → "corola".
func squeeze(s string) string {
	var b strings.Builder
	var prev rune = -1
	for _, r := range s {
		if r != prev {
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}

// withinOneEdit reports whether a and b are at most one substitution,
// insertion, deletion or swap of neighbouring letters apart.
func withinOneEdit(a, b []rune) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	switch len(b) - len(a) {
	case 0:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		if i == len(a) {
			return true
		}
		if slices.Equal(a[i+1:], b[i+1:]) { // substitution
			return true
		}
		// swap of neighbours
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && slices.Equal(a[i+2:], b[i+2:])
	case 1:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		return slices.Equal(a[i:], b[i+1:])
	}
	return false
}
