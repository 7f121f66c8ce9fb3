package listing

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/search"
	"forecourt/internal/tenant"
)

// A car's card changes only when the stock does, or when the site's day
// turns (the new-arrival and price-drop tags, an offer window): its JSON is
// made once per stock and day, and answers splice the made fragments
// together instead of encoding each car again.
type cardJSON struct {
	day string
	b   []byte
}

// cardFragments are a stock's encoded cards, by car id.
type cardFragments struct{ m sync.Map }

// card is the car's card JSON for the site's day.
func (f *cardFragments) card(c *catalog.Car, site *tenant.Site, cfg search.Config, now time.Time, day string) []byte {
	if v, ok := f.m.Load(c.ID); ok {
		if cj := v.(*cardJSON); cj.day == day {
			return cj.b
		}
	}
	b, err := json.Marshal(apitypes.CardOf(CardFor(*c, site, cfg, now)))
	if err != nil {
		// A card is plain data; this cannot happen, and an answer without
		// the car is better than none.
		return nil
	}
	f.m.Store(c.ID, &cardJSON{day: day, b: b})
	return b
}

// withDistance is a card with its distance from the search's postcode.
func withDistance(card []byte, km int) []byte {
	out := make([]byte, 0, len(card)+20)
	out = append(out, card[:len(card)-1]...)
	out = append(out, `,"distance_km":`...)
	out = strconv.AppendInt(out, int64(km), 10)
	return append(out, '}')
}

// encodeAnswer writes a search answer: its cards spliced in, its facets
// written without reflection, and the rest of it encoded.
func encodeAnswer(cards [][]byte, facets map[string][]search.FacetValue, rest apitypes.SearchAnswer) ([]byte, error) {
	tail, err := json.Marshal(rest)
	if err != nil {
		return nil, err
	}
	size := len(tail) + 64
	for _, c := range cards {
		size += len(c) + 1
	}
	var b bytes.Buffer
	b.Grow(size + 80*facetCount(facets))
	b.WriteString(`{"hits":[`)
	first := true
	for _, c := range cards {
		if c == nil {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.Write(c)
	}
	b.WriteString(`],"facets":`)
	b.Write(appendFacets(nil, facets))
	b.WriteByte(',')
	b.Write(tail[1:])
	return b.Bytes(), nil
}

func facetCount(facets map[string][]search.FacetValue) int {
	n := 0
	for _, vs := range facets {
		n += len(vs)
	}
	return n
}

// appendFacets writes facets as encoding/json would: keys in order, each
// value {"label","value","count"}.
func appendFacets(b []byte, facets map[string][]search.FacetValue) []byte {
	b = append(b, '{')
	for i, name := range slices.Sorted(maps.Keys(facets)) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, name)
		b = append(b, ":["...)
		for j, v := range facets[name] {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"label":`...)
			b = appendJSONString(b, v.Label)
			b = append(b, `,"value":`...)
			b = appendJSONString(b, v.Value)
			b = append(b, `,"count":`...)
			b = strconv.AppendInt(b, int64(v.Count), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

const hexDigits = "0123456789abcdef"

// appendJSONString quotes s as encoding/json does: control characters, the
// quote and backslash escaped, <, > and & as \u escapes (safe inside
// HTML), U+2028 and U+2029 escaped, and invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
